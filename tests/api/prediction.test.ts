import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi, offlineApi, predictionApi } from '../../src/lib/api/endpoints.ts';
import { PREDICTION, type ScoreRange, type UtmePrediction } from '../../src/lib/api/prediction.ts';
import { UTME } from '../../src/lib/api/utme.ts';
import { ADMIN_REFUSED_MESSAGE, UNAUTHORIZED_MESSAGE } from '../../src/lib/errors.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  attemptAnswers,
  calibrationRuns,
  itemParameters,
  options,
  papers,
  questions,
  users,
  years,
} from '../../src/server/db/schema.ts';
import { createJambBank, type JambQuestion } from '../support/bank-fixture.ts';
import { watchChanges } from '../support/change-watch.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, subscribedStudent } from '../support/test-app.ts';
import { sitUtme } from '../support/utme-play.ts';

// GET /api/v1/prediction (docs/prediction.md, "The endpoints") on the JAMB fixture bank, before any
// calibration: every question at the prior. Which subjects, when a subject's prediction shows, that a
// stronger sitting predicts more, and which answers count.

const t = await createTestApp();
const bank = await createJambBank(t.db);
const { english, mathematics, physics, biology, chemistry } = bank.subjects;
const CHOSEN = [mathematics.id, physics.id, biology.id];
const subjectOf = (subject: { id: string; slug: string; title: string }) => ({
  _id: subject.id,
  slug: subject.slug,
  title: subject.slug === UTME.englishSlug ? UTME.englishTitle : subject.title,
});

async function prediction(token: string): Promise<UtmePrediction> {
  const response = await t.call(predictionApi.prediction, { token });
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

function expectRange(range: ScoreRange | null, max: number): ScoreRange {
  const score = defined(range, 'score');
  expect(score.low).toBeLessThanOrEqual(score.expected);
  expect(score.expected).toBeLessThanOrEqual(score.high);
  expect(score.low).toBeGreaterThanOrEqual(0);
  expect(score.high).toBeLessThanOrEqual(max);
  return score;
}

/** The same share right in every section of a sitting, every question answered. */
function everySection(rightShare: number) {
  return [UTME.englishQuestions, ...CHOSEN.map(() => UTME.electiveQuestions)].map((questions) => {
    const right = Math.round(questions * rightShare);
    return { right, wrong: questions - right };
  });
}

/** The ids the exam and download queries take for the paper of `question`. */
async function paperIds(question: JambQuestion) {
  const [paper] = await t.db
    .select({ examType: papers.examTypeId, subject: papers.subjectId, year: papers.yearId })
    .from(papers)
    .where(eq(papers.id, question.paperId));
  return defined(paper, 'paper');
}

describe('GET /api/v1/prediction', () => {
  it('gives a new student Use of English alone, with the answers it still needs', async () => {
    const { token } = await subscribedStudent(t);
    expect(await prediction(token)).toEqual({
      subjects: [
        { subject: subjectOf(english), answers: 0, score: null, answersNeeded: PREDICTION.minAnswers },
      ],
      total: null,
      chosenFrom: 'none',
      calibratedAt: null,
    });
  });

  it('predicts each subject of a whole sitting, and a total whose range holds its expected score', async () => {
    const { token } = await subscribedStudent(t);
    await sitUtme(t, bank, token, CHOSEN, everySection(0.6));
    const predicted = await prediction(token);
    expect(predicted.chosenFrom).toBe('sitting');
    expect(predicted.calibratedAt).toBeNull();
    expect(predicted.subjects.map((entry) => [entry.subject, entry.answers, entry.answersNeeded])).toEqual([
      [subjectOf(english), UTME.englishQuestions, 0],
      [subjectOf(mathematics), UTME.electiveQuestions, 0],
      [subjectOf(physics), UTME.electiveQuestions, 0],
      [subjectOf(biology), UTME.electiveQuestions, 0],
    ]);
    const subjects = predicted.subjects.map((entry) => expectRange(entry.score, UTME.maxScore));
    const total = expectRange(predicted.total, UTME.maxTotal);
    // The total's expected score is the sum of the subjects' (each rounded on its own).
    const sum = subjects.reduce((whole, score) => whole + score.expected, 0);
    expect(Math.abs(total.expected - sum)).toBeLessThanOrEqual(2);
    // 60% right at the prior is a middling level: neither end of the scale.
    expect(total.expected).toBeGreaterThan(120);
    expect(total.expected).toBeLessThan(320);
    // The total's range is narrower than the four ranges laid end to end: the subjects are not all unlucky at once.
    const ends = subjects.reduce((whole, score) => whole + score.high - score.low, 0);
    expect(total.high - total.low).toBeLessThan(ends);
  });

  it('predicts more for a student who got more right', async () => {
    const weaker = await subscribedStudent(t);
    const stronger = await subscribedStudent(t);
    await sitUtme(t, bank, weaker.token, CHOSEN, everySection(0.4));
    await sitUtme(t, bank, stronger.token, CHOSEN, everySection(0.85));
    const low = await prediction(weaker.token);
    const high = await prediction(stronger.token);
    low.subjects.forEach((entry, index) => {
      const other = defined(high.subjects[index], 'subject');
      expect(defined(other.score, 'score').expected).toBeGreaterThan(defined(entry.score, 'score').expected);
    });
    expect(defined(high.total, 'total').expected).toBeGreaterThan(defined(low.total, 'total').expected);
    expect(defined(high.total, 'total').low).toBeGreaterThan(defined(low.total, 'total').low);
  });

  it('waits for enough answers in each subject, counting no blank', async () => {
    const { token } = await subscribedStudent(t);
    // 25 answered in Use of English, 30 in each other subject, the rest of each section blank.
    await sitUtme(t, bank, token, CHOSEN, [
      { right: 20, wrong: 5 },
      { right: 10, wrong: 20 },
      { right: 30, wrong: 0 },
      { right: 0, wrong: 30 },
    ]);
    const predicted = await prediction(token);
    expect(predicted.subjects.map((entry) => [entry.answers, entry.score, entry.answersNeeded])).toEqual([
      [25, null, PREDICTION.minAnswers - 25],
      [30, null, PREDICTION.minAnswers - 30],
      [30, null, PREDICTION.minAnswers - 30],
      [30, null, PREDICTION.minAnswers - 30],
    ]);
    expect(predicted.total).toBeNull();
  });

  it('takes the subjects of the plan over the sitting’s, and leaves the total out until all four show', async () => {
    const { token } = await subscribedStudent(t);
    await sitUtme(t, bank, token, CHOSEN, everySection(0.5));
    const planned = await t.call(predictionApi.setPlan, {
      token,
      body: { examDate: null, subjects: [chemistry.id, physics.id, mathematics.id] },
    });
    expect(planned.status, planned.text).toBe(200);
    const predicted = await prediction(token);
    expect(predicted.chosenFrom).toBe('plan');
    expect(
      predicted.subjects.map((entry) => [entry.subject._id, entry.answers, entry.score === null]),
    ).toEqual([
      [english.id, UTME.englishQuestions, false],
      [chemistry.id, 0, true],
      [physics.id, UTME.electiveQuestions, false],
      [mathematics.id, UTME.electiveQuestions, false],
    ]);
    expect(predicted.total).toBeNull();
  });

  it('counts no answer given after the student was shown its key', async () => {
    const paper = mathematics.questions.filter(
      (question) => question.paperId === mathematics.questions[0]?.paperId,
    );
    const ids = await paperIds(defined(paper[0], 'question'));
    const plan = { examDate: null, subjects: CHOSEN };
    const takePaper = async (token: string) => {
      const started = await t.call(examApi.paper, { query: { exam: 'new', ...ids }, token });
      expect(started.status, started.text).toBe(200);
      const answers = paper.map((question) => ({ question: question.id, option: question.right }));
      const submitted = await t.call(examApi.submit, {
        token,
        body: { exam: started.json.data._id, answers },
      });
      expect(submitted.status, submitted.text).toBe(200);
    };

    // One student answers the paper first; the other downloads it first, which shows its keys.
    const fresh = await subscribedStudent(t);
    const shown = await subscribedStudent(t);
    for (const { token } of [fresh, shown]) {
      expect((await t.call(predictionApi.setPlan, { token, body: plan })).status).toBe(200);
    }
    const downloaded = await t.call(offlineApi.download, { query: ids, token: shown.token });
    expect(downloaded.status, downloaded.text).toBe(200);
    t.clock.advance(60_000);
    await takePaper(fresh.token);
    await takePaper(shown.token);

    const counted = async (token: string) => (await prediction(token)).subjects[1]?.answers;
    expect(await counted(fresh.token)).toBe(paper.length);
    expect(await counted(shown.token)).toBe(0);
    // Taking the paper again, after its result showed the keys, adds nothing.
    t.clock.advance(60_000);
    await takePaper(fresh.token);
    expect(await counted(fresh.token)).toBe(paper.length);
  });

  it('counts no answer to a question a lifeline touched', async () => {
    const paper = mathematics.questions.filter(
      (question) => question.paperId === mathematics.questions[0]?.paperId,
    );
    const ids = await paperIds(defined(paper[0], 'question'));
    const { token } = await subscribedStudent(t);
    expect(
      (await t.call(predictionApi.setPlan, { token, body: { examDate: null, subjects: CHOSEN } })).status,
    ).toBe(200);
    const started = await t.call(examApi.paper, { query: { exam: 'new', ...ids }, token });
    const exam = started.json.data._id;
    const [halved, skipped] = [defined(paper[0], 'question'), defined(paper[1], 'question')];
    for (const [question, kind] of [
      [halved, 'fifty-fifty'],
      [skipped, 'skip'],
    ] as const) {
      const used = await t.call(examApi.lifeline, { token, body: { exam, question: question.id, kind } });
      expect(used.status, used.text).toBe(200);
    }
    // A save racing the skip can leave its answer row behind: it is still blank.
    await t.db.insert(attemptAnswers).values({
      attemptId: exam,
      questionId: skipped.id,
      optionId: skipped.right,
      answeredAt: t.clock.now(),
    });
    const answers = paper
      .filter((question) => question !== skipped)
      .map((question) => ({ question: question.id, option: question.right }));
    expect((await t.call(examApi.submit, { token, body: { exam, answers } })).status).toBe(200);
    expect((await prediction(token)).subjects[1]?.answers).toBe(paper.length - 2);
  });

  it('is read, never written: asking for it changes nothing in the database', async () => {
    const { token } = await subscribedStudent(t);
    await sitUtme(t, bank, token, CHOSEN, everySection(0.7));
    const changed = await watchChanges(t.db);
    await changed();
    await prediction(token);
    expect(await changed()).toEqual([]);
  });

  it('is for signed-in students: 401 without a session, 403 for an admin in the web app', async () => {
    const anonymous = await t.call(predictionApi.prediction);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe(UNAUTHORIZED_MESSAGE);
    const admin = await subscribedStudent(t);
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user._id));
    const refused = await t.call(predictionApi.prediction, { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(ADMIN_REFUSED_MESSAGE);
  });
});

describe('GET /api/v1/prediction after a calibration or an import', () => {
  it('answers from the latest calibration and the bank as they are, whatever this instance read before', async () => {
    const app = await createTestApp();
    const fixture = await createJambBank(app.db);
    const maths = fixture.subjects.mathematics;
    const { token } = await subscribedStudent(app);
    const subjects = [maths.id, fixture.subjects.physics.id, fixture.subjects.biology.id];
    const sitting = await sitUtme(app, fixture, token, subjects, [
      { right: 36, wrong: 24 },
      ...subjects.map(() => ({ right: 24, wrong: 16 })),
    ]);
    const read = async () => {
      const response = await app.call(predictionApi.prediction, { token });
      expect(response.status, response.text).toBe(200);
      const data = response.json.data;
      return { maths: defined(data.subjects[1]?.score, 'score').expected, calibratedAt: data.calibratedAt };
    };
    const calibrate = async (finishedAt: Date, parameters: { questionId: string; difficulty: number }[]) => {
      await app.db.delete(itemParameters);
      if (parameters.length > 0) {
        await app.db
          .insert(itemParameters)
          .values(
            parameters.map((row) => ({ ...row, discrimination: 1, answers: 200, calibratedAt: finishedAt })),
          );
      }
      await app.db.insert(calibrationRuns).values({ startedAt: finishedAt, finishedAt });
    };
    const before = await read();
    expect(before.calibratedAt).toBeNull();

    // The Mathematics questions the student did not meet come out hard: the same level scores less on the pool.
    const met = new Set(sitting.sections[1]?.questions.map((question) => question._id));
    const first = new Date('2026-03-02T02:00:00Z');
    await calibrate(
      first,
      maths.questions
        .filter((question) => !met.has(question.id))
        .map((q) => ({ questionId: q.id, difficulty: 3 })),
    );
    const hard = await read();
    expect(hard.calibratedAt).toBe(first.toISOString());
    expect(hard.maths).toBeLessThan(before.maths);

    // A new paper imported since, not calibrated yet: its questions join the pool at the prior.
    await addJambPaper(app.db, fixture.examTypeId, maths.id, 40);
    const imported = await read();
    expect(imported.calibratedAt).toBe(first.toISOString());
    expect(imported.maths).toBeGreaterThan(hard.maths);

    // The next calibration finds every question ordinary: the prediction is the first one again.
    const second = new Date('2026-03-02T03:00:00Z');
    await calibrate(second, []);
    expect(await read()).toEqual({ maths: before.maths, calibratedAt: second.toISOString() });
  });
});

/** A JAMB paper of `count` four-option questions (B right), as an import would add it. */
async function addJambPaper(db: Database, examTypeId: string, subjectId: string, count: number) {
  const [year] = await db.insert(years).values({ year: 2031, title: '2031' }).returning({ id: years.id });
  const [paper] = await db
    .insert(papers)
    .values({ examTypeId, subjectId, yearId: defined(year, 'year').id })
    .returning({ id: papers.id });
  const paperId = defined(paper, 'paper').id;
  const added = await db
    .insert(questions)
    .values(
      Array.from({ length: count }, (_, position) => ({
        key: `jamb-added-${paperId}-${position}`,
        paperId,
        position,
        questionHtml: `<p>Added question ${position + 1}</p>`,
        questionSource: `Added question ${position + 1}`,
      })),
    )
    .returning({ id: questions.id });
  await db.insert(options).values(
    added.flatMap((question) =>
      ['A', 'B', 'C', 'D'].map((letter, position) => ({
        questionId: question.id,
        position,
        optionHtml: `<p>${letter}</p>`,
        optionSource: letter,
        isCorrect: position === 1,
      })),
    ),
  );
}
