import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi } from '../../src/lib/api/endpoints.ts';
import { attempts, users } from '../../src/server/db/schema.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, signUpStudent, subscribedStudent, type TestApp } from '../support/test-app.ts';

// The rules for what counts on the leaderboard: the first attempt at a paper, each daily test once
// a subject a day, and nobody whose email is unconfirmed; and a daily test's key stays secret until its
// West Africa Time day ends.

type Paper = Awaited<ReturnType<typeof createPaper>>;

/** Starts an attempt at the paper and submits it with `answers`; returns the result. */
async function takePaper(app: TestApp, token: string, paper: Paper, answers: 'all right' | 'blank') {
  const started = await app.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
  expect(started.status, started.text).toBe(200);
  const body =
    answers === 'all right' ? paper.questions.map((q) => ({ question: q.id, option: q.right })) : [];
  const submitted = await app.call(examApi.submit, {
    token,
    body: { exam: started.json.data._id, answers: body },
  });
  expect(submitted.status, submitted.text).toBe(200);
  return submitted.json.data;
}

async function totalOf(app: TestApp, userId: string) {
  const [row] = await app.db.select({ total: users.totalScore }).from(users).where(eq(users.id, userId));
  return row?.total;
}

describe('what counts towards the leaderboard', () => {
  it('counts the first attempt at a paper, even a blank one, and makes every retake practice', async () => {
    const app = await createTestApp();
    const paper = await createPaper(app.db, { count: 4 });
    const student = await subscribedStudent(app);

    // The farming the issue describes: a blank submission returns the key, then a retake scores it all.
    const first = await takePaper(app, student.token, paper, 'blank');
    expect(first).toMatchObject({ kind: 'exam', counted: true, score: 0, answersOpenAt: null });
    expect(defined(first.quizAnswers[0], 'first reviewed answer').correctAnswer).not.toBeNull();
    const retake = await takePaper(app, student.token, paper, 'all right');
    expect(retake).toMatchObject({ counted: false, score: 20, correctAnswer: 4 });
    const again = await takePaper(app, student.token, paper, 'all right');
    expect(again.counted).toBe(false);
    expect(await totalOf(app, student.user._id)).toBe(0);

    // Practice is still kept and reviewable.
    const reread = await app.call(examApi.result, { query: { exam: retake._id }, token: student.token });
    expect(reread.status).toBe(200);
    expect(reread.json.data).toMatchObject({ _id: retake._id, counted: false, score: 20 });
    const rows = await app.db
      .select({ counted: attempts.counted })
      .from(attempts)
      .where(eq(attempts.userId, student.user._id));
    expect(rows.map((row) => row.counted).sort()).toEqual([false, false, true]);

    // Another paper is a first attempt again.
    const other = await createPaper(app.db, { count: 2 });
    expect((await takePaper(app, student.token, other, 'all right')).counted).toBe(true);
    expect(await totalOf(app, student.user._id)).toBe(10);
  });

  it('counts each daily test, once a subject a day', async () => {
    const app = await createTestApp();
    app.clock.set(new Date('2026-03-02T10:00:00Z'));
    const paper = await createPaper(app.db, { count: 3 });
    const student = await signUpStudent(app);
    await app.call(examApi.daily, { query: { subject: paper.ids.subject }, token: student.token });
    const answers = paper.questions.map((q) => ({ question: q.id, option: q.right }));
    const result = await app.call(examApi.submitDaily, {
      token: student.token,
      body: { subject: paper.ids.subject, answers },
    });
    expect(result.json.data).toMatchObject({ kind: 'daily', counted: true, score: 15 });
    expect(await totalOf(app, student.user._id)).toBe(15);
  });
});

describe('the daily test’s answers', () => {
  it('stay secret from every account until the last daily test of the day is handed in, then open', async () => {
    const app = await createTestApp();
    // 22:30 UTC is 23:30 in Lagos: half an hour before the day ends.
    app.clock.set(new Date('2026-03-02T22:30:00Z'));
    const paper = await createPaper(app.db, { count: 3 });
    const daily = { subject: paper.ids.subject };

    // A second account submits blank to fish for the key, as the issue describes.
    const fisher = await signUpStudent(app);
    await app.call(examApi.daily, { query: daily, token: fisher.token });
    const fished = await app.call(examApi.submitDaily, {
      token: fisher.token,
      body: { subject: paper.ids.subject, answers: [] },
    });
    expect(fished.status).toBe(200);
    const result = fished.json.data;
    // Midnight in Lagos, plus the 10 minutes of a daily test started at 23:59:59 and its 30 s of grace.
    expect(result.answersOpenAt).toBe('2026-03-02T23:10:30.000Z');
    expect(result.quizAnswers).toHaveLength(3);
    for (const answer of result.quizAnswers) {
      expect(answer).toMatchObject({
        correctAnswer: null,
        explanation: null,
        isCorrect: null,
        userAnswer: null,
      });
    }
    expect(fished.text).not.toMatch(/Because of rule/);

    // Reading it again before midnight reveals nothing either.
    const early = await app.call(examApi.result, { query: { exam: result._id }, token: fisher.token });
    expect(early.json.data.answersOpenAt).toBe('2026-03-02T23:10:30.000Z');
    expect(
      early.json.data.quizAnswers.every((a: { correctAnswer: unknown }) => a.correctAnswer === null),
    ).toBe(true);

    // A student who answers gets their totals at once, and not which questions were right: with a few
    // throwaway accounts, right/wrong flags spell out the key.
    const honest = await signUpStudent(app);
    await app.call(examApi.daily, { query: daily, token: honest.token });
    const [q1, q2] = paper.questions;
    if (!q1 || !q2) throw new Error('fixture');
    const mine = await app.call(examApi.submitDaily, {
      token: honest.token,
      body: {
        subject: paper.ids.subject,
        answers: [
          { question: q1.id, option: q1.right },
          { question: q2.id, option: defined(q2.wrong[0], 'wrong option') },
        ],
      },
    });
    const marked = Object.fromEntries(
      mine.json.data.quizAnswers.map((a: { questionId: string; isCorrect: boolean | null }) => [
        a.questionId,
        a.isCorrect,
      ]),
    );
    expect(marked).toEqual(Object.fromEntries(paper.questions.map((q) => [q.id, null])));
    expect(mine.json.data).toMatchObject({ correctAnswer: 1, wrongAnswer: 1, score: 3 });
    expect(
      mine.json.data.quizAnswers.every((a: { correctAnswer: unknown }) => a.correctAnswer === null),
    ).toBe(true);

    // Still shut at midnight, while a test started at 23:59 can be handed in; then every answer opens.
    app.clock.set(new Date('2026-03-02T23:10:29Z'));
    const midnight = await app.call(examApi.result, { query: { exam: result._id }, token: fisher.token });
    expect(midnight.json.data.answersOpenAt).toBe('2026-03-02T23:10:30.000Z');
    app.clock.set(new Date('2026-03-02T23:10:30Z'));
    const opened = await app.call(examApi.result, { query: { exam: result._id }, token: fisher.token });
    expect(opened.status).toBe(200);
    expect(opened.json.data.answersOpenAt).toBeNull();
    for (const answer of opened.json.data.quizAnswers) {
      const position = paper.questions.findIndex((q) => q.id === answer.questionId);
      expect(answer.correctAnswer).toEqual(expect.any(String));
      expect(answer.explanation).toBe(`<p>Because of rule ${position + 1}.</p>`);
    }
  });

  it('reads only the caller’s own submitted attempts', async () => {
    const app = await createTestApp();
    const paper = await createPaper(app.db, { count: 2 });
    const owner = await subscribedStudent(app);
    const stranger = await subscribedStudent(app);
    const result = await takePaper(app, owner.token, paper, 'blank');
    const query = { exam: result._id };
    expect((await app.call(examApi.result, { query, token: stranger.token })).status).toBe(404);
    expect((await app.call(examApi.result, { query })).status).toBe(401);
    expect((await app.call(examApi.result, { query: { exam: 'nope' }, token: owner.token })).status).toBe(
      400,
    );

    const other = await createPaper(app.db, { count: 2 });
    const open = await app.call(examApi.paper, { query: { exam: 'new', ...other.ids }, token: owner.token });
    const unsubmitted = await app.call(examApi.result, {
      query: { exam: open.json.data._id },
      token: owner.token,
    });
    expect(unsubmitted.status).toBe(409);
  });
});

describe('GET /api/v1/exam/leaderboard', () => {
  it('needs a session, carries no account id, and names others by first name and last initial', async () => {
    const app = await createTestApp();
    const paper = await createPaper(app.db, { count: 2 });
    const aisha = await subscribedStudent(app, { firstName: 'Aisha', lastName: 'bello' });
    const tunde = await subscribedStudent(app, { firstName: 'Tunde', lastName: 'Adeyemi' });
    await takePaper(app, aisha.token, paper, 'all right');
    await takePaper(app, tunde.token, paper, 'blank');

    const guest = await app.call(examApi.leaderboard);
    expect(guest.status).toBe(401);

    const seenByTunde = await app.call(examApi.leaderboard, { token: tunde.token });
    expect(seenByTunde.status).toBe(200);
    const { docs, me } = seenByTunde.json.data;
    expect(docs).toEqual([
      { rank: 1, user: { firstName: 'Aisha', lastName: 'B.', image: null }, totalScore: 10, isMe: false },
      { rank: 2, user: { firstName: 'Tunde', lastName: 'Adeyemi', image: null }, totalScore: 0, isMe: true },
    ]);
    expect(me).toEqual({ rank: 2, totalScore: 0 });
    for (const id of [aisha.user._id, tunde.user._id]) expect(seenByTunde.text).not.toContain(id);
  });

  it('leaves off a student whose email is not confirmed until it is', async () => {
    const app = await createTestApp();
    const paper = await createPaper(app.db, { count: 2 });
    const student = await subscribedStudent(app);
    await app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, student.user._id));
    await takePaper(app, student.token, paper, 'all right');

    const before = await app.call(examApi.leaderboard, { token: student.token });
    expect(before.json.data).toMatchObject({ docs: [], me: null });

    await app.db
      .update(users)
      .set({ emailVerifiedAt: app.clock.now() })
      .where(eq(users.id, student.user._id));
    // The board copy is refreshed at most every few seconds; a fresh app reads it at once.
    const fresh = await createTestApp({}, { db: app.db });
    const after = await fresh.call(examApi.leaderboard, { token: student.token });
    expect(after.json.data.me).toEqual({ rank: 1, totalScore: 10 });
    expect(after.json.data.docs).toHaveLength(1);
  });
});
