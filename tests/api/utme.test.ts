import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { examApi, utmeApi } from '../../src/lib/api/endpoints.ts';
import type { UtmeSitting } from '../../src/lib/api/utme.ts';
import { UTME } from '../../src/lib/api/utme.ts';
import {
  attemptAnswers,
  attempts,
  papers,
  subscriptions,
  users,
  utmeSections,
} from '../../src/server/db/schema.ts';
import { seedSampleBank } from '../../src/server/services/seed.ts';
import { createJambBank, type JambBank, type JambQuestion } from '../support/bank-fixture.ts';
import { defined } from '../support/defined.ts';
import {
  createTestApp,
  signUpStudent,
  signUpUnconfirmedStudent,
  subscribedStudent,
  type TestApp,
} from '../support/test-app.ts';
import { testDatabaseKind } from '../support/test-database.ts';

// The JAMB UTME mock's API (docs/utme.md) on a small fixture bank, its percentile and ranking on a
// database of their own, and the sample bank's subjects. The fake clock drives every deadline.

const t = await createTestApp();
const bank = await createJambBank(t.db);
const { english, mathematics, physics, biology, chemistry, literature, civic } = bank.subjects;
const MINUTE = 60_000;
const DEADLINE = UTME.durationMinutes * MINUTE;
const GRACE = 30_000;
const CHOSEN = [mathematics.id, physics.id, biology.id];

type Section = UtmeSitting['sections'][number];
type Answer = { question: string; option: string };

/** Every fixture question of every bank made in this file, by id: the key the tests answer with. */
const known = new Map<string, JambQuestion>();
function remember(fixture: JambBank) {
  for (const subject of Object.values(fixture.subjects)) {
    for (const question of subject.questions) known.set(question.id, question);
  }
}
remember(bank);

/** The sitting's query: the three subjects besides Use of English, as the page sends them. */
function utmeQuery(subjects: string[]) {
  return { subjects: subjects.join(',') };
}

async function startSitting(token: string, subjects = CHOSEN, app: TestApp = t) {
  const response = await app.call(utmeApi.sitting, { query: utmeQuery(subjects), token });
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

/** Answers to a section: its first `right` questions answered right, the next `wrong` wrong, the rest blank. */
function answersTo(section: Section | undefined, { right = 0, wrong = 0 }): Answer[] {
  if (!section) throw new Error('no such section');
  return section.questions.slice(0, right + wrong).map((question, index) => {
    const key = known.get(question._id);
    if (!key) throw new Error(`${question._id} is not a fixture question`);
    return { question: question._id, option: index < right ? key.right : (key.wrong[0] ?? '') };
  });
}

function submit(token: string, exam: string, answers: Answer[] = [], app: TestApp = t) {
  return app.call(utmeApi.submit, { token, body: { exam, answers } });
}

async function submitted(token: string, exam: string, answers: Answer[] = [], app: TestApp = t) {
  const response = await submit(token, exam, answers, app);
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

function save(token: string, exam: string, answer: { question: string; option: string | null }) {
  return t.call(examApi.saveAnswer, { token, body: { exam, ...answer } });
}

async function saveAll(token: string, exam: string, answers: Answer[]) {
  for (const answer of answers) {
    const response = await save(token, exam, answer);
    expect(response.status, response.text).toBe(200);
  }
}

function sectionIds(sitting: UtmeSitting) {
  return sitting.sections.map((section) => section.questions.map((question) => question._id));
}

function idsOf(subject: { questions: JambQuestion[] }) {
  return subject.questions.map((question) => question.id);
}

async function attemptRow(id: string, app: TestApp = t) {
  const [row] = await app.db.select().from(attempts).where(eq(attempts.id, id));
  return row;
}

async function attemptCount(userId: string) {
  return t.db.$count(attempts, eq(attempts.userId, userId));
}

async function savedAnswers(attemptId: string) {
  const rows = await t.db
    .select({ question: attemptAnswers.questionId, option: attemptAnswers.optionId })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId));
  return sortAnswers(rows);
}

function sortAnswers(answers: Answer[]) {
  return [...answers].sort((a, b) => a.question.localeCompare(b.question));
}

/** Checks that each passage's questions in a section sit together in paper order, and that at most one is cut. */
function expectPassagesTogether(section: Section) {
  const drawn = section.questions.map((question) => question._id);
  const groups = new Map<string, JambQuestion[]>();
  for (const question of known.values()) {
    if (question.passage === '') continue;
    const key = `${question.paperId} ${question.passage}`;
    groups.set(key, [...(groups.get(key) ?? []), question]);
  }
  let cut = 0;
  let seen = 0;
  for (const group of groups.values()) {
    const inPaperOrder = [...group].sort((a, b) => a.position - b.position).map((question) => question.id);
    const places = drawn.flatMap((id, place) => (inPaperOrder.includes(id) ? [place] : []));
    if (places.length === 0) continue;
    seen += 1;
    const first = places[0] ?? 0;
    expect(places).toEqual(places.map((_, index) => first + index));
    // A passage cut to fill the last places keeps its start.
    expect(places.map((place) => drawn[place])).toEqual(inPaperOrder.slice(0, places.length));
    if (places.length < group.length) cut += 1;
  }
  expect(cut).toBeLessThanOrEqual(1);
  return seen;
}

describe('GET /api/v1/exam/utme/subjects', () => {
  it('offers Use of English apart, the JAMB electives with whether a sitting can be filled, and the open sitting', async () => {
    const { token } = await subscribedStudent(t);
    const before = await t.call(utmeApi.subjects, { token });
    expect(before.status).toBe(200);
    expect(before.json.data).toEqual({
      english: { _id: english.id, title: 'Use of English', questions: 120, available: true },
      // Mathematics' WAEC paper and Chemistry's five-option question are not counted; Civic Education
      // has no JAMB paper.
      electives: [
        { _id: biology.id, title: 'Biology', questions: 80, available: true },
        { _id: chemistry.id, title: 'Chemistry', questions: 40, available: true },
        { _id: literature.id, title: 'Literature in English', questions: 39, available: false },
        { _id: mathematics.id, title: 'Mathematics', questions: 80, available: true },
        { _id: physics.id, title: 'Physics', questions: 80, available: true },
      ],
      open: null,
    });

    const sitting = await startSitting(token, [physics.id, chemistry.id, mathematics.id]);
    const during = await t.call(utmeApi.subjects, { token });
    expect(during.json.data.open).toEqual({
      _id: sitting._id,
      subjects: [
        { _id: english.id, title: 'Use of English' },
        { _id: physics.id, title: 'Physics' },
        { _id: chemistry.id, title: 'Chemistry' },
        { _id: mathematics.id, title: 'Mathematics' },
      ],
      endsAt: sitting.endsAt,
    });
    const stranger = await subscribedStudent(t);
    const theirs = await t.call(utmeApi.subjects, { token: stranger.token });
    expect(theirs.json.data.open).toBeNull();

    await submitted(token, sitting._id);
    const after = await t.call(utmeApi.subjects, { token });
    expect(after.json.data.open).toBeNull();
  });
});

describe('a bank whose Use of English cannot fill a sitting', () => {
  it('offers no sitting, with a 404 that names Use of English, and changes nothing', async () => {
    const app = await createTestApp();
    const fixture = await createJambBank(app.db);
    const { id: englishId } = fixture.subjects.english;
    // Two of the three English papers leave JAMB: 40 questions are left, and a sitting needs 60.
    const [, ...moved] = await app.db
      .select({ id: papers.id })
      .from(papers)
      .where(eq(papers.subjectId, englishId))
      .orderBy(papers.id);
    const elsewhere = (ids: string[]) =>
      app.db
        .update(papers)
        .set({ examTypeId: sql`(select id from exam_types where slug <> 'jamb' limit 1)` })
        .where(inArray(papers.id, ids));
    await elsewhere(moved.map((paper) => paper.id));
    const { token, user } = await subscribedStudent(app);

    const catalogue = await app.call(utmeApi.subjects, { token });
    expect(catalogue.json.data.english).toEqual({
      _id: englishId,
      title: 'Use of English',
      questions: 40,
      available: false,
    });
    const { mathematics: m, physics: p, biology: b } = fixture.subjects;
    const refused = await app.call(utmeApi.sitting, { query: utmeQuery([m.id, p.id, b.id]), token });
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe(
      'Use of English does not have enough questions for a UTME sitting yet.',
    );
    expect(await app.db.$count(attempts, eq(attempts.userId, user._id))).toBe(0);

    // With no JAMB English at all, the picker is told there is none.
    const all = await app.db.select({ id: papers.id }).from(papers).where(eq(papers.subjectId, englishId));
    await elsewhere(all.map((paper) => paper.id));
    const none = await app.call(utmeApi.subjects, { token });
    expect(none.json.data.english).toBeNull();
    expect((await app.call(utmeApi.sitting, { query: utmeQuery([m.id, p.id, b.id]), token })).status).toBe(
      404,
    );
  });
});

describe('GET /api/v1/exam/utme: starting a sitting', () => {
  it('draws 180 questions, Use of English first and the rest in the order chosen, on a two-hour clock, with no key', async () => {
    const { token, user } = await subscribedStudent(t);
    const response = await t.call(utmeApi.sitting, {
      query: utmeQuery([biology.id, chemistry.id, physics.id]),
      token,
    });
    expect(response.status, response.text).toBe(200);
    const sitting = response.json.data;
    expect(sitting.sections.map((section) => section.subject)).toEqual([
      { _id: english.id, title: 'Use of English' },
      { _id: biology.id, title: 'Biology' },
      { _id: chemistry.id, title: 'Chemistry' },
      { _id: physics.id, title: 'Physics' },
    ]);
    expect(sitting.sections.map((section) => section.questions.length)).toEqual([60, 40, 40, 40]);
    const all = sectionIds(sitting).flat();
    expect(new Set(all).size).toBe(180);
    // Each section from its own subject's JAMB papers.
    for (const [index, subject] of [english, biology, chemistry, physics].entries()) {
      const own = new Set(idsOf(subject));
      expect(sectionIds(sitting)[index]?.every((id) => own.has(id))).toBe(true);
    }
    // Chemistry has 40 four-option questions and one with five: the section is exactly the 40.
    expect(new Set(sectionIds(sitting)[2])).toEqual(
      new Set(chemistry.questions.filter((question) => question.optionCount === 4).map((q) => q.id)),
    );
    expect(
      sitting.sections.every((section) =>
        section.questions.every((question) => question.options.length === 4),
      ),
    ).toBe(true);
    // A question that shares a passage carries it.
    for (const question of sitting.sections[0]?.questions ?? []) {
      expect(question.passage ?? '').toBe(known.get(question._id)?.passage);
    }

    expect(sitting.duration).toBe(120);
    expect(sitting.startedAt).toBe(t.clock.now().toISOString());
    expect(sitting.serverTime).toBe(t.clock.now().toISOString());
    expect(Date.parse(sitting.endsAt) - Date.parse(sitting.startedAt)).toBe(DEADLINE);
    expect(sitting.answers).toEqual([]);
    expect(response.text).not.toMatch(/isCorrect|is_correct|explanation|Because of rule/i);
    // Nothing but what the quiz shows: a key under any other name would add a field.
    expect(Object.keys(sitting).sort()).toEqual(
      ['_id', 'answers', 'duration', 'endsAt', 'ranked', 'sections', 'serverTime', 'startedAt'].sort(),
    );
    for (const section of sitting.sections) {
      expect(Object.keys(section).sort()).toEqual(['questions', 'subject']);
      for (const question of section.questions) {
        const fields = Object.keys(question).filter((field) => field !== 'passage');
        expect(fields.sort()).toEqual(['_id', 'file', 'options', 'question', 'questionType']);
        for (const option of question.options) {
          expect(Object.keys(option).sort()).toEqual(['_id', 'file', 'option', 'optionType']);
        }
      }
    }

    const row = await attemptRow(sitting._id);
    expect(row).toMatchObject({ userId: user._id, kind: 'utme', paperId: null, submittedAt: null });
    expect(row?.questionIds).toEqual(all);
  });

  it('never draws a question with a fifth option or from another exam type', async () => {
    const fiveOptions = chemistry.questions.find((question) => question.optionCount === 5);
    expect(fiveOptions).toBeDefined();
    const elsewhere = new Set([...idsOf(civic), ...bank.waecMathematics.map((question) => question.id)]);
    for (let round = 0; round < 3; round++) {
      const { token } = await subscribedStudent(t);
      const drawn = sectionIds(await startSitting(token, [chemistry.id, mathematics.id, physics.id])).flat();
      expect(drawn).not.toContain(fiveOptions?.id);
      expect(drawn.filter((id) => elsewhere.has(id))).toEqual([]);
    }
  });

  it.each([
    ['two subjects', () => [mathematics.id, physics.id], 'Choose exactly 3 subjects besides Use of English'],
    [
      'four subjects',
      () => [mathematics.id, physics.id, biology.id, chemistry.id],
      'Choose exactly 3 subjects besides Use of English',
    ],
    [
      'a subject twice',
      () => [mathematics.id, mathematics.id, physics.id],
      'Choose three different subjects',
    ],
    [
      'ids that are not ids',
      () => ['maths', 'physics', 'biology'],
      'Each subject must be the id of a subject',
    ],
    ['nothing', () => [''], 'Each subject must be the id of a subject'],
  ])('refuses %s with a 400 and starts nothing', async (_case, subjects, message) => {
    const { token, user } = await subscribedStudent(t);
    const response = await t.call(utmeApi.sitting, { query: utmeQuery(subjects()), token });
    expect(response.status, response.text).toBe(400);
    expect(response.json.errors?.map((error) => error.message)).toContain(message);
    expect(await attemptCount(user._id)).toBe(0);
  });

  it('refuses a request without subjects', async () => {
    const { token } = await subscribedStudent(t);
    const response = await t.request('GET', '/api/v1/exam/utme', { token });
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toMatchObject({ path: ['subjects'], message: 'Choose 3 subjects' });
  });

  it.each([
    [
      'Use of English chosen again',
      () => [mathematics.id, english.id, physics.id],
      1,
      'Use of English is in every sitting already: choose three other subjects.',
    ],
    [
      'a subject the bank cannot fill',
      () => [mathematics.id, physics.id, literature.id],
      2,
      'Literature in English has only 39 questions so far; a UTME sitting needs 40.',
    ],
    [
      'a subject with no JAMB paper',
      () => [civic.id, mathematics.id, physics.id],
      0,
      `There is no JAMB subject with the id ${civic.id}.`,
    ],
  ])('refuses %s with a 400 that names it, and starts nothing', async (_case, subjects, index, message) => {
    const { token, user } = await subscribedStudent(t);
    const response = await t.call(utmeApi.sitting, { query: utmeQuery(subjects()), token });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toEqual({
      success: false,
      message,
      errors: [{ path: ['subjects', index], message }],
    });
    expect(await attemptCount(user._id)).toBe(0);
  });

  it('refuses an id that is no subject at all, naming it', async () => {
    const { token, user } = await subscribedStudent(t);
    const unknown = randomUUID();
    const response = await t.call(utmeApi.sitting, {
      query: utmeQuery([mathematics.id, physics.id, unknown]),
      token,
    });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(`There is no JAMB subject with the id ${unknown}.`);
    expect(await attemptCount(user._id)).toBe(0);
  });

  it('takes subject ids written in capitals as the same subjects', async () => {
    const { token } = await subscribedStudent(t);
    const sitting = await startSitting(
      token,
      CHOSEN.map((id) => id.toUpperCase()),
    );
    expect(sitting.sections.map((section) => section.subject._id)).toEqual([english.id, ...CHOSEN]);
  });

  it('answers 402 without a plan or the trial, and lets the trial start a sitting', async () => {
    const lapsed = await signUpStudent(t);
    await t.db.delete(subscriptions).where(eq(subscriptions.userId, lapsed.user._id));
    const none = await t.call(utmeApi.sitting, { query: utmeQuery(CHOSEN), token: lapsed.token });
    expect(none.status).toBe(402);
    expect(none.json.code).toBe('SUBSCRIPTION_REQUIRED');

    // An unconfirmed email has no trial.
    const unconfirmed = await signUpUnconfirmedStudent(t);
    const refused = await t.call(utmeApi.sitting, { query: utmeQuery(CHOSEN), token: unconfirmed.token });
    expect(refused.status).toBe(402);
    expect(refused.json.code).toBe('SUBSCRIPTION_REQUIRED');
    expect(await attemptCount(lapsed.user._id)).toBe(0);
    expect(await attemptCount(unconfirmed.user._id)).toBe(0);

    const trial = await signUpStudent(t);
    const sitting = await startSitting(trial.token);
    await submitted(trial.token, sitting._id);
    t.clock.advance(86_400_000 + 1);
    const expired = await t.call(utmeApi.sitting, { query: utmeQuery(CHOSEN), token: trial.token });
    expect(expired.status).toBe(402);
    expect(expired.json.code).toBe('SUBSCRIPTION_EXPIRED');
    expect(await attemptCount(trial.user._id)).toBe(1);
  });

  it('gives two students different sittings', async () => {
    const first = await startSitting((await subscribedStudent(t)).token);
    const second = await startSitting((await subscribedStudent(t)).token);
    expect(sectionIds(first)).not.toEqual(sectionIds(second));
    expect(new Set(sectionIds(first)[0])).not.toEqual(new Set(sectionIds(second)[0]));
  });

  it('gives a student’s second sitting only questions the first did not have, while the bank has enough', async () => {
    const { token } = await subscribedStudent(t);
    const first = await startSitting(token);
    await submitted(token, first._id);
    const second = await startSitting(token);
    expect(second._id).not.toBe(first._id);
    const had = new Set(sectionIds(first).flat());
    expect(
      sectionIds(second)
        .flat()
        .filter((id) => had.has(id)),
    ).toEqual([]);
    expect(second.sections.map((section) => section.questions.length)).toEqual([60, 40, 40, 40]);

    // With every question met, a third sitting is still full, with no question twice.
    await submitted(token, second._id);
    const third = await startSitting(token);
    expect(third.sections.map((section) => section.questions.length)).toEqual([60, 40, 40, 40]);
    expect(new Set(sectionIds(third).flat()).size).toBe(180);
  });

  it('keeps the questions of a passage together and in paper order', async () => {
    let passages = 0;
    for (let round = 0; round < 4; round++) {
      const sitting = await startSitting((await subscribedStudent(t)).token);
      passages += expectPassagesTogether(sitting.sections[0] as Section);
    }
    // Six passages, each drawn about half the time: the check above did run.
    expect(passages).toBeGreaterThan(0);
  });
});

describe('resuming a sitting', () => {
  it('answers the same sitting whatever subjects are asked, with its saved answers, and its time runs on', async () => {
    const { token, user } = await subscribedStudent(t);
    const sitting = await startSitting(token);
    const [inEnglish] = answersTo(sitting.sections[0], { right: 1 });
    const [inPhysics] = answersTo(sitting.sections[2], { wrong: 1 });
    const [changed] = answersTo(sitting.sections[3], { wrong: 1 });
    if (!inEnglish || !inPhysics || !changed) throw new Error('no answers');
    await saveAll(token, sitting._id, [inEnglish, inPhysics, changed]);
    const [rightInstead] = answersTo(sitting.sections[3], { right: 1 });
    if (!rightInstead) throw new Error('no answer');
    await saveAll(token, sitting._id, [rightInstead]);
    expect((await save(token, sitting._id, { question: inPhysics.question, option: null })).status).toBe(200);

    t.clock.advance(10 * MINUTE);
    const again = await startSitting(token, [chemistry.id, biology.id, mathematics.id]);
    expect(again._id).toBe(sitting._id);
    expect(sectionIds(again)).toEqual(sectionIds(sitting));
    expect(again.sections.map((section) => section.subject.title)).toEqual([
      'Use of English',
      'Mathematics',
      'Physics',
      'Biology',
    ]);
    expect(again.startedAt).toBe(sitting.startedAt);
    expect(again.endsAt).toBe(sitting.endsAt);
    expect(Date.parse(again.serverTime) - Date.parse(sitting.startedAt)).toBe(10 * MINUTE);
    expect(sortAnswers(again.answers)).toEqual(sortAnswers([inEnglish, rightInstead]));
    expect(await attemptCount(user._id)).toBe(1);
  });
});

describe('the deadline and the 30 s grace', () => {
  it('takes answers until the deadline and refuses them after it', async () => {
    const { token } = await subscribedStudent(t);
    const sitting = await startSitting(token);
    const [first, second] = answersTo(sitting.sections[1], { right: 2 });
    if (!first || !second) throw new Error('no answers');
    t.clock.advance(DEADLINE);
    expect((await save(token, sitting._id, first)).status).toBe(200);
    t.clock.advance(1000);
    const late = await save(token, sitting._id, second);
    expect(late.status).toBe(409);
    expect(late.json.message).toBe('Time is up for this test.');
    expect(await savedAnswers(sitting._id)).toEqual([first]);
  });

  it('counts the answers a submission carries when it arrives within the grace', async () => {
    const { token } = await subscribedStudent(t);
    const sitting = await startSitting(token);
    await saveAll(token, sitting._id, answersTo(sitting.sections[1], { right: 10 }));
    t.clock.advance(DEADLINE + GRACE - 1000);
    const result = await submitted(token, sitting._id, answersTo(sitting.sections[2], { right: 20 }));
    expect(result.sections.map((section) => section.score)).toEqual([0, 25, 50, 0]);
    expect(result.total).toBe(75);
    // The time spent stops at the deadline.
    expect(result.timeSpent).toBe(120);
  });

  it('counts only the answers saved in time when a submission comes after the grace', async () => {
    const { token } = await subscribedStudent(t);
    const sitting = await startSitting(token);
    const inTime = answersTo(sitting.sections[1], { right: 10 });
    await saveAll(token, sitting._id, inTime);
    t.clock.advance(DEADLINE + GRACE + 1000);
    const result = await submitted(token, sitting._id, answersTo(sitting.sections[2], { right: 20 }));
    expect(result.sections.map((section) => section.score)).toEqual([0, 25, 0, 0]);
    expect(result.total).toBe(25);
    expect(await savedAnswers(sitting._id)).toEqual(sortAnswers(inTime));
  });

  it('scores a sitting whose time ran out when the student asks for a new one', async () => {
    const { token, user } = await subscribedStudent(t);
    const sitting = await startSitting(token);
    await saveAll(token, sitting._id, answersTo(sitting.sections[0], { right: 12 }));

    // Within the grace it is still the open sitting.
    t.clock.advance(DEADLINE + GRACE - 1000);
    expect((await startSitting(token, [chemistry.id, mathematics.id, biology.id]))._id).toBe(sitting._id);

    t.clock.advance(2000);
    const catalogue = await t.call(utmeApi.subjects, { token });
    expect(catalogue.json.data.open).toBeNull();
    // A request that is refused changes nothing: the old sitting waits for a valid one.
    const refused = await t.call(utmeApi.sitting, {
      query: utmeQuery([english.id, mathematics.id, biology.id]),
      token,
    });
    expect(refused.status).toBe(400);
    expect((await attemptRow(sitting._id))?.submittedAt).toBeNull();

    const fresh = await startSitting(token, [chemistry.id, mathematics.id, biology.id]);
    expect(fresh._id).not.toBe(sitting._id);
    expect(fresh.sections.map((section) => section.subject.title)).toEqual([
      'Use of English',
      'Chemistry',
      'Mathematics',
      'Biology',
    ]);
    expect(fresh.answers).toEqual([]);
    expect(Date.parse(fresh.startedAt)).toBe(t.clock.now().getTime());
    const old = await t.call(utmeApi.result, { query: { exam: sitting._id }, token });
    expect(old.status, old.text).toBe(200);
    // 12 of 60 right in Use of English.
    expect(old.json.data).toMatchObject({ total: 20, timeSpent: 120 });
    expect(old.json.data.sections[0]).toMatchObject({ score: 20, correctAnswer: 12 });
    expect(await attemptCount(user._id)).toBe(2);
  });
});

describe('POST /api/v1/exam/answer/utme', () => {
  it('scores each subject out of 100 and the sitting out of 400, a wrong answer like a blank', async () => {
    const { token } = await subscribedStudent(t);
    const sitting = await startSitting(token);
    const [useOfEnglish, maths, physicsSection, biologySection] = sitting.sections;
    // Saved one by one during the sitting, and carried by the submission: both count.
    await saveAll(token, sitting._id, answersTo(useOfEnglish, { right: 30, wrong: 30 }));
    t.clock.advance(45 * MINUTE);
    const result = await submitted(token, sitting._id, [
      ...answersTo(maths, { right: 40 }),
      ...answersTo(physicsSection, { wrong: 40 }),
      ...answersTo(biologySection, { right: 10 }),
    ]);

    // 30/60 → 50, 40/40 → 100, 0/40 → 0 (40 wrong take nothing away), 10/40 → 25: 175 in all.
    expect(result).toMatchObject({
      _id: sitting._id,
      total: 175,
      maxTotal: 400,
      startedAt: sitting.startedAt,
      submittedAt: t.clock.now().toISOString(),
      timeSpent: 45,
    });
    expect(result.sections.map(({ quizAnswers: _answers, ...section }) => section)).toEqual([
      {
        subject: { _id: english.id, title: 'Use of English' },
        score: 50,
        maxScore: 100,
        correctAnswer: 30,
        totalQuestions: 60,
      },
      {
        subject: { _id: mathematics.id, title: 'Mathematics' },
        score: 100,
        maxScore: 100,
        correctAnswer: 40,
        totalQuestions: 40,
      },
      {
        subject: { _id: physics.id, title: 'Physics' },
        score: 0,
        maxScore: 100,
        correctAnswer: 0,
        totalQuestions: 40,
      },
      {
        subject: { _id: biology.id, title: 'Biology' },
        score: 25,
        maxScore: 100,
        correctAnswer: 10,
        totalQuestions: 40,
      },
    ]);
    // The review follows the sitting's order, with the key and the explanations.
    expect(result.sections.map((section) => section.quizAnswers.map((answer) => answer.questionId))).toEqual(
      sectionIds(sitting),
    );
    const [right, wrong] = [result.sections[0]?.quizAnswers[0], result.sections[0]?.quizAnswers[59]];
    expect(right).toMatchObject({
      userAnswer: '<p>Option B</p>',
      correctAnswer: '<p>Option B</p>',
      isCorrect: true,
    });
    expect(right?.explanation).toMatch(/Because of rule/);
    expect(wrong).toMatchObject({ userAnswer: '<p>Option A</p>', isCorrect: false });
    expect(result.sections[3]?.quizAnswers[39]).toMatchObject({ userAnswer: null, isCorrect: false });
    for (const answer of result.sections[0]?.quizAnswers ?? []) {
      expect(answer.passage ?? '').toBe(known.get(answer.questionId)?.passage);
    }

    const row = await attemptRow(sitting._id);
    expect(row).toMatchObject({
      score: 175,
      correctAnswer: 80,
      wrongAnswer: 70,
      unanswered: 30,
      counted: false,
    });
    const sections = await t.db
      .select({ position: utmeSections.position, score: utmeSections.score })
      .from(utmeSections)
      .where(eq(utmeSections.attemptId, sitting._id));
    expect(sections.sort((a, b) => a.position - b.position).map((section) => section.score)).toEqual([
      50, 100, 0, 25,
    ]);

    // The same sitting with blanks where the wrong answers were scores the same.
    const blank = await subscribedStudent(t);
    const other = await startSitting(blank.token);
    const blanks = await submitted(blank.token, other._id, [
      ...answersTo(other.sections[0], { right: 30 }),
      ...answersTo(other.sections[1], { right: 40 }),
      ...answersTo(other.sections[3], { right: 10 }),
    ]);
    expect(blanks.sections.map((section) => section.score)).toEqual([50, 100, 0, 25]);
    expect(blanks.total).toBe(175);
  });

  it('returns the same result to a second submission and changes nothing', async () => {
    const { token } = await subscribedStudent(t);
    const sitting = await startSitting(token);
    const first = await submit(token, sitting._id, answersTo(sitting.sections[1], { right: 20 }));
    expect(first.status).toBe(200);
    expect(first.json.data.total).toBe(50);
    const row = await attemptRow(sitting._id);
    const answers = await savedAnswers(sitting._id);

    t.clock.advance(MINUTE);
    const second = await submit(token, sitting._id, answersTo(sitting.sections[0], { right: 60 }));
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(await attemptRow(sitting._id)).toEqual(row);
    expect(await savedAnswers(sitting._id)).toEqual(answers);
    const reread = await t.call(utmeApi.result, { query: { exam: sitting._id }, token });
    expect(reread.status).toBe(200);
    expect(reread.json.data).toEqual(first.json.data);

    const late = await save(token, sitting._id, answersTo(sitting.sections[2], { right: 1 })[0] as Answer);
    expect(late.status).toBe(409);
    expect(await savedAnswers(sitting._id)).toEqual(answers);
  });

  it('refuses a submission carrying an answer that is not the sitting’s, and scores nothing', async () => {
    const { token } = await subscribedStudent(t);
    const sitting = await startSitting(token);
    const inSitting = new Set(sectionIds(sitting).flat());
    const outside = english.questions.find((question) => !inSitting.has(question.id));
    const [mine] = answersTo(sitting.sections[1], { right: 1 });
    const otherOption = sitting.sections[2]?.questions[0]?.options[0]?._id;
    if (!outside || !mine || !otherOption) throw new Error('fixture');
    for (const [answer, field, message] of [
      [
        { question: outside.id, option: outside.right },
        'question',
        'This question is not part of this test.',
      ],
      [
        { question: mine.question, option: otherOption },
        'option',
        'This option does not belong to the question.',
      ],
    ] as const) {
      const response = await submit(token, sitting._id, [mine, answer]);
      expect(response.status, response.text).toBe(400);
      expect(response.json.errors).toEqual([{ path: ['answers', 1, field], message }]);
    }
    expect((await attemptRow(sitting._id))?.submittedAt).toBeNull();
    expect(await savedAnswers(sitting._id)).toEqual([]);
  });

  it('answers 404 for a sitting that does not exist and 400 for an id that is not one', async () => {
    const { token } = await subscribedStudent(t);
    const missing = await submit(token, randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('This UTME sitting does not exist.');
    const garbage = await t.call(utmeApi.submit, { token, body: { exam: 'mine' } });
    expect(garbage.status).toBe(400);
  });
});

describe('a UTME sitting and the single-paper endpoints', () => {
  it('is refused by the exam submission, lifelines and result with a 409, and never reaches the leaderboard', async () => {
    const { token, user } = await subscribedStudent(t, { firstName: 'Mockonly' });
    const [before] = await t.db.select().from(users).where(eq(users.id, user._id));
    const sitting = await startSitting(token);
    const question = defined(sitting.sections[1]?.questions[0]?._id, 'question in the first elective');
    const message = 'This is a UTME mock sitting: submit it and read its result under /api/v1/exam/utme.';

    const asExam = await t.call(examApi.submit, { token, body: { exam: sitting._id } });
    expect(asExam.status).toBe(409);
    expect(asExam.json.message).toBe(message);
    for (const kind of ['skip', 'fifty-fifty'] as const) {
      const lifeline = await t.call(examApi.lifeline, {
        token,
        body: { exam: sitting._id, question, kind },
      });
      expect(lifeline.status).toBe(409);
    }
    expect((await t.call(examApi.result, { query: { exam: sitting._id }, token })).status).toBe(409);
    expect((await attemptRow(sitting._id))?.submittedAt).toBeNull();

    const result = await submitted(token, sitting._id, answersTo(sitting.sections[0], { right: 60 }));
    expect(result.total).toBe(100);
    const reread = await t.call(examApi.result, { query: { exam: sitting._id }, token });
    expect(reread.status).toBe(409);
    expect(reread.json.message).toBe(message);

    // No points, no coins, no place on the +5/−2 board.
    const [after] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(after).toMatchObject({
      totalScore: before?.totalScore,
      scoredAttempts: before?.scoredAttempts,
      triviaPoints: before?.triviaPoints,
    });
    expect(after?.totalScore).toBe(0);
    const board = await t.call(examApi.leaderboard, { token });
    expect(board.status).toBe(200);
    expect(board.json.data.me).toBeNull();
    expect(board.text).not.toContain('Mockonly');
  });
});

describe('another student’s sitting', () => {
  it('is a 404 to submit or read, and takes no answer from them', async () => {
    const owner = await subscribedStudent(t);
    const other = await subscribedStudent(t);
    const sitting = await startSitting(owner.token);
    const row = await attemptRow(sitting._id);
    const [answer] = answersTo(sitting.sections[0], { right: 1 });
    if (!answer) throw new Error('no answer');

    const saved = await save(other.token, sitting._id, answer);
    expect(saved.status).toBe(404);
    for (const carried of [[], [answer]]) {
      const stolen = await submit(other.token, sitting._id, carried);
      expect(stolen.status).toBe(404);
      expect(stolen.json.message).toBe('This UTME sitting does not exist.');
    }
    expect(await attemptRow(sitting._id)).toEqual(row);
    expect(await savedAnswers(sitting._id)).toEqual([]);

    await submitted(owner.token, sitting._id);
    const read = await t.call(utmeApi.result, { query: { exam: sitting._id }, token: other.token });
    expect(read.status).toBe(404);
    expect(read.text).not.toContain('quizAnswers');
  });

  it('is not resumed by another student asking for a sitting', async () => {
    const owner = await subscribedStudent(t);
    const other = await subscribedStudent(t);
    const sitting = await startSitting(owner.token);
    await saveAll(owner.token, sitting._id, answersTo(sitting.sections[0], { right: 1 }));
    const theirs = await startSitting(other.token);
    expect(theirs._id).not.toBe(sitting._id);
    expect(theirs.answers).toEqual([]);
  });
});

describe('GET /api/v1/exam/utme/result', () => {
  it('answers 409 for a sitting not yet submitted, 404 for one that does not exist, 400 for garbage', async () => {
    const { token } = await subscribedStudent(t);
    const sitting = await startSitting(token);
    const open = await t.call(utmeApi.result, { query: { exam: sitting._id }, token });
    expect(open.status).toBe(409);
    expect(open.json.message).toBe('This UTME sitting has not been submitted yet.');
    const missing = await t.call(utmeApi.result, { query: { exam: randomUUID() }, token });
    expect(missing.status).toBe(404);
    expect((await t.call(utmeApi.result, { query: { exam: '1' }, token })).status).toBe(400);
  });
});

describe('the percentile and the mock ranking', () => {
  it('compare each student’s first mock with the others’, ties counting half, without admins or unconfirmed emails', async () => {
    const app = await createTestApp();
    const fixture = await createJambBank(app.db);
    remember(fixture);
    const subjects = [
      fixture.subjects.mathematics.id,
      fixture.subjects.physics.id,
      fixture.subjects.biology.id,
    ];

    /** One sitting scored at `total` (a multiple of 50): Use of English first, then whole electives. */
    async function sit(token: string, total: number) {
      const response = await app.call(utmeApi.sitting, { query: utmeQuery(subjects), token });
      expect(response.status, response.text).toBe(200);
      const sitting = response.json.data;
      const [useOfEnglish, ...electives] = sitting.sections;
      const englishRight = total % 100 === 0 ? 60 : 30;
      const wholeElectives = Math.max(0, Math.floor((total - (englishRight === 60 ? 100 : 50)) / 100));
      const answers = [
        ...answersTo(useOfEnglish, { right: total === 0 ? 0 : englishRight }),
        ...electives.slice(0, wholeElectives).flatMap((section) => answersTo(section, { right: 40 })),
      ];
      const result = await submitted(token, sitting._id, answers, app);
      expect(result.total).toBe(total);
      app.clock.advance(MINUTE);
      return result;
    }
    const student = (firstName: string, lastName: string) => subscribedStudent(app, { firstName, lastName });

    const ada = await student('Ada', 'Eze');
    const alone = await sit(ada.token, 100);
    expect(alone).toMatchObject({ percentile: 100, candidates: 0, ranked: true });

    // An admin and a student who never confirmed their email are left out of both.
    const admin = await student('Bola', 'Admin');
    await sit(admin.token, 400);
    await app.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user._id));
    const unconfirmed = await signUpUnconfirmedStudent(app, { firstName: 'Chidi', lastName: 'Unconfirmed' });
    await app.db.insert(subscriptions).values({
      userId: unconfirmed.user._id,
      source: 'admin',
      startsAt: app.clock.now(),
      endsAt: new Date(app.clock.now().getTime() + 86_400_000),
    });
    await sit(unconfirmed.token, 400);

    const dayo = await student('Dayo', 'Adeyemi');
    await sit(dayo.token, 200);
    const efe = await student('Efe', 'Bello');
    await sit(efe.token, 200);
    const femi = await student('Femi', 'Coker');
    const femiFirst = await sit(femi.token, 50);
    expect(femiFirst).toMatchObject({ ranked: true, percentile: 0, candidates: 3 });
    // A later mock is practice: it is placed among the others' first mocks, but the ranking keeps the first.
    const femiPractice = await sit(femi.token, 300);
    expect(femiPractice).toMatchObject({ ranked: false, percentile: 100, candidates: 3 });
    const me = await student('Ngozi', 'Okafor');
    const mine = await sit(me.token, 200);

    // Others' first mocks: Ada 100, Dayo 200, Efe 200, Femi 50 → (2 below + 2 equal / 2) / 4 = 75.
    expect(mine).toMatchObject({ percentile: 75, candidates: 4, ranked: true });
    /** One of the student's results, read again. */
    const readAgain = async (token: string, exam: string) => {
      const response = await app.call(utmeApi.result, { query: { exam }, token });
      expect(response.status, response.text).toBe(200);
      return response.json.data;
    };
    // Read again, Ada's result follows the field: only Femi's 50 is below 100 now.
    expect(await readAgain(ada.token, alone._id)).toMatchObject({
      total: 100,
      percentile: 25,
      candidates: 4,
    });
    // Femi's own practice mock is not among those his first is compared with.
    expect(await readAgain(femi.token, femiFirst._id)).toMatchObject({
      total: 50,
      percentile: 0,
      ranked: true,
    });
    expect(await readAgain(femi.token, femiPractice._id)).toMatchObject({ total: 300, ranked: false });

    const ranking = await app.call(utmeApi.ranking, { token: me.token });
    expect(ranking.status).toBe(200);
    // First mocks' totals; a tie goes to whoever handed in first; others by last initial.
    expect(ranking.json.data).toEqual({
      docs: [
        { rank: 1, user: { firstName: 'Dayo', lastName: 'A.', image: null }, total: 200, isMe: false },
        { rank: 2, user: { firstName: 'Efe', lastName: 'B.', image: null }, total: 200, isMe: false },
        { rank: 3, user: { firstName: 'Ngozi', lastName: 'Okafor', image: null }, total: 200, isMe: true },
        { rank: 4, user: { firstName: 'Ada', lastName: 'E.', image: null }, total: 100, isMe: false },
        { rank: 5, user: { firstName: 'Femi', lastName: 'C.', image: null }, total: 50, isMe: false },
      ],
      me: { rank: 3, total: 200 },
    });
    for (const someone of [ada, admin, unconfirmed, dayo, efe, femi, me]) {
      expect(ranking.text).not.toContain(someone.user._id);
    }
    const newcomer = await student('Gbenga', 'Dare');
    const theirs = await app.call(utmeApi.ranking, { token: newcomer.token });
    expect(theirs.json.data.me).toBeNull();
    expect(theirs.json.data.docs.map((entry) => entry.isMe)).toEqual([false, false, false, false, false]);
  });
});

describe('the sample bank', () => {
  it('fills two sittings of every JAMB subject it offers without a question twice', async () => {
    const app = await createTestApp();
    await seedSampleBank(app.db, pino({ level: 'silent' }));
    const { token: reader } = await subscribedStudent(app);
    const catalogue = (await app.call(utmeApi.subjects, { token: reader })).json.data;
    expect(catalogue.english).toMatchObject({ title: 'Use of English', available: true });
    expect(catalogue.english?.questions).toBeGreaterThanOrEqual(2 * UTME.englishQuestions);
    expect(catalogue.electives.length).toBeGreaterThanOrEqual(8);
    expect(catalogue.electives.filter((subject) => !subject.available)).toEqual([]);

    // Three subjects a student, the last group topped up with the first subject.
    const ids = catalogue.electives.map((subject) => subject._id);
    const groups: string[][] = [];
    for (let start = 0; start < ids.length; start += UTME.electives) {
      const group = ids.slice(start, start + UTME.electives);
      groups.push([...group, ...ids.filter((id) => !group.includes(id))].slice(0, UTME.electives));
    }
    for (const group of groups) {
      const { token } = await subscribedStudent(app);
      const first = (await app.call(utmeApi.sitting, { query: utmeQuery(group), token })).json.data;
      const firstSubmit = await submit(token, first._id, [], app);
      expect(firstSubmit.status).toBe(200);
      const second = (await app.call(utmeApi.sitting, { query: utmeQuery(group), token })).json.data;
      for (const sitting of [first, second]) {
        expect(sitting.sections.map((section) => section.questions.length)).toEqual([60, 40, 40, 40]);
        // The questions of a passage sit next to each other.
        const passages = sitting.sections[0]?.questions.map((question) => question.passage ?? '') ?? [];
        const runs = passages.filter((passage, index) => passage !== '' && passage !== passages[index - 1]);
        expect(new Set(runs).size).toBe(runs.length);
      }
      const had = new Set(sectionIds(first).flat());
      expect(
        sectionIds(second)
          .flat()
          .filter((id) => had.has(id)),
      ).toEqual([]);
    }
  }, 60_000);
});

// PGlite runs one query at a time, so races need a real PostgreSQL server (TEST_DATABASE_URL).
describe.runIf(testDatabaseKind === 'postgres')('UTME races on PostgreSQL', () => {
  it('20 concurrent submissions of one sitting give one result and score it once', async () => {
    const { token } = await subscribedStudent(t);
    const sitting = await startSitting(token);
    const answers = answersTo(sitting.sections[1], { right: 40 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => submit(token, sitting._id, answers)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => JSON.stringify(response.json.data))).size).toBe(1);
    expect(responses[0]?.json.data.total).toBe(100);
    expect(await savedAnswers(sitting._id)).toEqual(sortAnswers(answers));
  });

  it('20 concurrent requests for a sitting start one', async () => {
    const { token, user } = await subscribedStudent(t);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.call(utmeApi.sitting, { query: utmeQuery(CHOSEN), token })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => response.json.data._id)).size).toBe(1);
    expect(await attemptCount(user._id)).toBe(1);
    const [only] = responses;
    expect(await t.db.$count(utmeSections, eq(utmeSections.attemptId, only?.json.data._id ?? ''))).toBe(4);
  });
});
