import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi, predictionApi, reviewApi } from '../../src/lib/api/endpoints.ts';
import { PREDICTION } from '../../src/lib/api/prediction.ts';
import { ADMIN_REFUSED_MESSAGE } from '../../src/lib/errors.ts';
import { examPlans, reviewCards, users } from '../../src/server/db/schema.ts';
import { createJambBank, createPaper } from '../support/bank-fixture.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, subscribedStudent, type TestApp } from '../support/test-app.ts';

// GET and PUT /api/v1/prediction/plan (docs/prediction.md, "The plan to exam day"), and the review deck
// brought in before the exam day (docs/learning.md, "The review deck"). The fake clock starts at 10:00 in
// Lagos on Monday 2 March 2026.

const t = await createTestApp();
const bank = await createJambBank(t.db);
const { english, mathematics, physics, biology, civic } = bank.subjects;
const SUBJECTS = [mathematics.id, physics.id, biology.id];
const DAY = 86_400_000;
const START = t.clock.now();

/** The calendar day `days` after 2 March 2026. */
const dayAfterStart = (days: number) =>
  new Date(Date.UTC(2026, 2, 2) + days * DAY).toISOString().slice(0, 10);

function setPlan(token: string, body: unknown, app: TestApp = t) {
  return app.request('PUT', predictionApi.setPlan.path, { token, body });
}

async function planOf(token: string) {
  const response = await t.call(predictionApi.plan, { token });
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

describe('PUT /api/v1/prediction/plan', () => {
  it('saves the date and the subjects, answers them back, and keeps the subjects when the date is cleared', async () => {
    const { token, user } = await subscribedStudent(t);
    expect(await planOf(token)).toEqual({ examDate: null, subjects: [] });
    const saved = await t.call(predictionApi.setPlan, {
      token,
      body: { examDate: '2026-04-24', subjects: SUBJECTS },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data).toEqual({ examDate: '2026-04-24', subjects: SUBJECTS });
    expect(await planOf(token)).toEqual({ examDate: '2026-04-24', subjects: SUBJECTS });

    const moved = [biology.id, mathematics.id, physics.id];
    await t.call(predictionApi.setPlan, { token, body: { examDate: null, subjects: moved } });
    expect(await planOf(token)).toEqual({ examDate: null, subjects: moved });
    // One row per student, however often it is set.
    expect(await t.db.$count(examPlans, eq(examPlans.userId, user._id))).toBe(1);
  });

  it('takes today (West Africa Time) and the last day allowed ahead, and no day outside them', async () => {
    const { token } = await subscribedStudent(t);
    const latest = dayAfterStart(PREDICTION.maxDaysAhead);
    for (const examDate of ['2026-03-02', latest]) {
      const response = await setPlan(token, { examDate, subjects: SUBJECTS });
      expect(response.status, response.text).toBe(200);
    }
    const refusals: [string, RegExp][] = [
      ['2026-03-01', /has passed/],
      [dayAfterStart(PREDICTION.maxDaysAhead + 1), new RegExp(`within ${PREDICTION.maxDaysAhead} days`)],
    ];
    for (const [examDate, message] of refusals) {
      const response = await setPlan(token, { examDate, subjects: SUBJECTS });
      expect(response.status, examDate).toBe(400);
      expect(response.json.errors).toEqual([{ path: ['examDate'], message: expect.stringMatching(message) }]);
    }
    expect((await planOf(token)).examDate).toBe(latest);

    // At 00:30 on 3 March in Lagos (23:30 UTC on the 2nd) the 2nd has passed.
    const app = await createTestApp({}, { db: t.db });
    app.clock.set(new Date('2026-03-02T23:30:00Z'));
    const late = await setPlan(token, { examDate: '2026-03-02', subjects: SUBJECTS }, app);
    expect(late.status).toBe(400);
    expect(late.json.errors?.[0]?.path).toEqual(['examDate']);
  });

  it('refuses what is not three JAMB subjects besides Use of English, or not a day, naming the field', async () => {
    const { token } = await subscribedStudent(t);
    await t.call(predictionApi.setPlan, { token, body: { examDate: '2026-05-01', subjects: SUBJECTS } });
    const cases: [unknown, (string | number)[]][] = [
      [{ examDate: '2026-05-02', subjects: [english.id, physics.id, biology.id] }, ['subjects', 0]],
      [{ examDate: '2026-05-02', subjects: [mathematics.id, randomUUID(), biology.id] }, ['subjects', 1]],
      // Civic Education has papers, but no JAMB paper.
      [{ examDate: '2026-05-02', subjects: [mathematics.id, physics.id, civic.id] }, ['subjects', 2]],
      [{ examDate: '2026-05-02', subjects: [mathematics.id, physics.id] }, ['subjects']],
      [{ examDate: '2026-05-02', subjects: [...SUBJECTS, english.id] }, ['subjects']],
      [{ examDate: '2026-05-02', subjects: [mathematics.id, mathematics.id, biology.id] }, ['subjects']],
      [{ examDate: '2026-05-02', subjects: [mathematics.id, 'physics', biology.id] }, ['subjects', 1]],
      [{ examDate: '2026-02-30', subjects: SUBJECTS }, ['examDate']],
      [{ examDate: '02/05/2026', subjects: SUBJECTS }, ['examDate']],
      [{ examDate: 20260502, subjects: SUBJECTS }, ['examDate']],
      [{ subjects: SUBJECTS }, ['examDate']],
      [{ examDate: '2026-05-02', subjects: SUBJECTS, extra: true }, []],
    ];
    for (const [body, path] of cases) {
      const response = await setPlan(token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.errors?.map((error: { path: unknown }) => error.path)).toContainEqual(path);
    }
    // Nothing refused changed the plan.
    expect(await planOf(token)).toEqual({ examDate: '2026-05-01', subjects: SUBJECTS });
  });

  it('is for signed-in students: 401 without a session, 403 for an admin in the web app', async () => {
    const body = { examDate: '2026-05-01', subjects: SUBJECTS };
    for (const response of [
      await t.call(predictionApi.plan),
      await t.call(predictionApi.setPlan, { body }),
      await t.call(predictionApi.today),
    ]) {
      expect(response.status).toBe(401);
    }
    const admin = await subscribedStudent(t);
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user._id));
    for (const response of [
      await t.call(predictionApi.plan, { token: admin.token }),
      await t.call(predictionApi.setPlan, { token: admin.token, body }),
      await t.call(predictionApi.today, { token: admin.token }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.json.message).toBe(ADMIN_REFUSED_MESSAGE);
    }
    expect(await t.db.$count(examPlans, eq(examPlans.userId, admin.user._id))).toBe(0);
  });
});

describe('the review deck before the exam day', () => {
  /** A student whose deck holds one question, missed in a paper at START, now due. */
  async function studentWithOneCard(app: TestApp = t) {
    const student = await subscribedStudent(app);
    const paper = await createPaper(app.db, { count: 1 });
    const question = defined(paper.questions[0], 'question');
    const started = await app.call(examApi.paper, {
      query: { exam: 'new', ...paper.ids },
      token: student.token,
    });
    const answers = [{ question: question.id, option: defined(question.wrong[0], 'wrong option') }];
    await app.call(examApi.submit, { token: student.token, body: { exam: started.json.data._id, answers } });
    const due = await app.call(reviewApi.due, { token: student.token });
    expect(due.json.data.questions.map((entry) => entry._id)).toEqual([question.id]);
    return { ...student, question };
  }

  /** Answers the card right within a second: FSRS rates it Easy. */
  async function answerEasy(token: string, question: { id: string; right: string }, app: TestApp = t) {
    const response = await app.call(reviewApi.answer, {
      token,
      body: { question: question.id, option: question.right, seconds: 1 },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.data.rating).toBe('easy');
    return new Date(response.json.data.due);
  }

  async function cardDue(userId: string) {
    const [card] = await t.db
      .select({ due: reviewCards.due })
      .from(reviewCards)
      .where(eq(reviewCards.userId, userId));
    return defined(card, 'card').due;
  }

  it('brings an easy answer back before an exam three days away; without a plan it goes as far as FSRS says', async () => {
    const planned = await studentWithOneCard();
    const free = await studentWithOneCard();
    await t.call(predictionApi.setPlan, {
      token: planned.token,
      body: { examDate: '2026-03-05', subjects: SUBJECTS },
    });

    // Midnight starting Wednesday 4 March in Lagos: the day before the exam.
    expect(await answerEasy(planned.token, planned.question)).toEqual(new Date('2026-03-03T23:00:00Z'));
    const unplanned = await answerEasy(free.token, free.question);
    // Easy the first time is about a week: the start of a West Africa Time day well after the exam.
    expect(unplanned.getTime()).toBeGreaterThan(new Date('2026-03-04T23:00:00Z').getTime() + 2 * DAY);
    expect(unplanned.getUTCHours()).toBe(23);
  });

  it('pulls the deck in when a date is set or moved earlier, never out when it is moved later', async () => {
    const student = await studentWithOneCard();
    const fsrsDue = await answerEasy(student.token, student.question);
    expect(await cardDue(student.user._id)).toEqual(fsrsDue);
    const set = async (examDate: string | null) => {
      const response = await t.call(predictionApi.setPlan, {
        token: student.token,
        body: { examDate, subjects: SUBJECTS },
      });
      expect(response.status, response.text).toBe(200);
    };
    await set('2026-03-06');
    expect(await cardDue(student.user._id)).toEqual(new Date('2026-03-04T23:00:00Z'));
    await set('2026-03-04');
    expect(await cardDue(student.user._id)).toEqual(new Date('2026-03-02T23:00:00Z'));
    await set('2026-04-30');
    await set(null);
    expect(await cardDue(student.user._id)).toEqual(new Date('2026-03-02T23:00:00Z'));
  });

  it('lets in as many new questions a day as the days left need for all to come up before the exam', async () => {
    // 50 questions left blank in one paper: all new, all due.
    const withBacklog = async () => {
      const student = await subscribedStudent(t);
      const paper = await createPaper(t.db, { count: 50 });
      const started = await t.call(examApi.paper, {
        query: { exam: 'new', ...paper.ids },
        token: student.token,
      });
      await t.call(examApi.submit, {
        token: student.token,
        body: { exam: started.json.data._id, answers: [] },
      });
      return student;
    };
    const counts = async (token: string) =>
      (await t.call(reviewApi.due, { token, query: { limit: 0 } })).json.data.counts;
    const student = await withBacklog();
    const plan = async (examDate: string | null) => {
      const saved = await t.call(predictionApi.setPlan, {
        token: student.token,
        body: { examDate, subjects: SUBJECTS },
      });
      expect(saved.status, saved.text).toBe(200);
      return counts(student.token);
    };
    // No date: the day's 20, and 30 wait.
    expect(await counts(student.token)).toMatchObject({ dueNow: 20, waiting: 30 });
    // Friday's exam, on Monday: four days to go, and 20 a day covers 50 in time.
    expect(await plan('2026-03-06')).toMatchObject({ dueNow: 20, waiting: 30 });
    // Wednesday's: Monday and Tuesday to go, so 25 a day.
    expect(await plan('2026-03-04')).toMatchObject({ dueNow: 25, waiting: 25 });
    // Tuesday's: today is the day before, so all of them.
    expect(await plan('2026-03-03')).toMatchObject({ dueNow: 50, waiting: 0 });
    expect(
      (await t.call(reviewApi.due, { token: student.token, query: { limit: 20 } })).json.data.questions,
    ).toHaveLength(20);
    // No date again: back to the day's 20.
    expect(await plan(null)).toMatchObject({ dueNow: 20, waiting: 30 });
  });

  it('keeps every answered question due from the day before the exam, and lets go once the exam day has passed', async () => {
    const app = await createTestApp({}, { db: t.db });
    const student = await studentWithOneCard(app);
    await app.call(predictionApi.setPlan, {
      token: student.token,
      body: { examDate: '2026-03-03', subjects: SUBJECTS },
    });
    // 10:00 on Monday, the day before a Tuesday exam: the day before has begun, so the question stays due.
    expect(await answerEasy(student.token, student.question, app)).toEqual(START);
    // A mistake missed on the eve enters due at once, before the exam.
    const another = await studentWithOneCard(app);
    await app.call(predictionApi.setPlan, {
      token: another.token,
      body: { examDate: '2026-03-03', subjects: SUBJECTS },
    });
    expect((await cardDue(another.user._id)).getTime()).toBeLessThanOrEqual(START.getTime());

    // Wednesday: the exam is over, and FSRS schedules as it would.
    app.clock.set(new Date('2026-03-04T09:00:00Z'));
    const after = await answerEasy(student.token, student.question, app);
    expect(after.getTime()).toBeGreaterThan(app.clock.now().getTime() + DAY);
  });
});
