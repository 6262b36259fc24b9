import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi } from '../../src/lib/api/endpoints.ts';
import { attempts, coinLedger, subscriptions, users } from '../../src/server/db/schema.ts';
import { westAfricaDate } from '../../src/server/services/exams/daily.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { defined } from '../support/defined.ts';
import {
  createTestApp,
  examQuery,
  signUpStudent,
  subscribedStudent,
  type TestApp,
} from '../support/test-app.ts';

const t = await createTestApp();
const MINUTE = 60_000;

async function startExam(
  token: string,
  ids: { examType: string; subject: string; year: string },
  app: TestApp = t,
) {
  const response = await app.call(examApi.paper, { query: { exam: 'new', ...ids }, token });
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

describe('GET /api/v1/exam', () => {
  it('starts an attempt with the questions in stored order and no answer key', async () => {
    const paper = await createPaper(t.db, { count: 5, duration: 7 });
    const { token } = await subscribedStudent(t);
    const response = await t.call(examApi.paper, { query: examQuery(paper.ids), token });
    expect(response.status).toBe(200);
    const exam = response.json.data;
    expect(exam.duration).toBe(7);
    expect(exam.questions.map((question: { _id: string }) => question._id)).toEqual(
      paper.questions.map((q) => q.id),
    );
    expect(exam.questions[0]?.options).toHaveLength(4);
    expect(new Date(exam.endsAt).getTime() - new Date(exam.startedAt).getTime()).toBe(7 * MINUTE);
    expect(exam.answers).toEqual([]);
    expect(response.text).not.toMatch(/isCorrect|is_correct|explanation|Because of rule/i);
  });

  it('gives one minute a question when the paper sets no duration', async () => {
    const paper = await createPaper(t.db, { count: 3, duration: null });
    const { token } = await subscribedStudent(t);
    expect((await startExam(token, paper.ids)).duration).toBe(3);
  });

  it('resumes the unfinished attempt with its saved answers and the time left', async () => {
    const paper = await createPaper(t.db);
    const { token } = await subscribedStudent(t);
    const first = await startExam(token, paper.ids);
    const [question] = paper.questions;
    if (!question) throw new Error('no question');
    const saved = await t.call(examApi.saveAnswer, {
      token,
      body: { exam: first._id, question: question.id, option: question.right },
    });
    expect(saved.status).toBe(200);
    t.clock.advance(2 * MINUTE);
    const again = await startExam(token, paper.ids);
    t.clock.advance(-2 * MINUTE);
    expect(again._id).toBe(first._id);
    expect(again.endsAt).toBe(first.endsAt);
    expect(again.answers).toEqual([{ question: question.id, option: question.right }]);
  });

  it('answers 402 SUBSCRIPTION_REQUIRED for a student who never subscribed', async () => {
    const paper = await createPaper(t.db);
    const { token, user } = await signUpStudent(t);
    await t.db.delete(subscriptions).where(eq(subscriptions.userId, user._id));
    const response = await t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
    expect(response.status).toBe(402);
    expect(response.json.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('lets the one-day trial open a paper, and answers SUBSCRIPTION_EXPIRED after it', async () => {
    const app = await createTestApp();
    const paper = await createPaper(app.db);
    const { token } = await signUpStudent(app);
    expect((await app.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token })).status).toBe(200);
    app.clock.advance(86_400_000 + 1);
    const response = await app.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
    expect(response.status).toBe(402);
    expect(response.json.code).toBe('SUBSCRIPTION_EXPIRED');
    expect(response.json.message).toBe('Your subscription has expired');
  });

  it('answers 404 for a paper that does not exist, 400 for bad ids and 401 without a token', async () => {
    const { token } = await subscribedStudent(t);
    const missing = '00000000-0000-4000-8000-000000000000';
    const notFound = await t.call(examApi.paper, {
      query: {
        exam: 'new',
        examType: { examType: missing, subject: missing, year: missing }.examType,
        subject: { examType: missing, subject: missing, year: missing }.subject,
        year: { examType: missing, subject: missing, year: missing }.year,
      },
      token,
    });
    expect(notFound.status).toBe(404);
    const bad = await t.request('GET', '/api/v1/exam?exam=old&examType=x', { token });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((error: { path: string[] }) => error.path[0])).toEqual(
      expect.arrayContaining(['exam', 'examType', 'subject', 'year']),
    );
    expect(
      (
        await t.call(examApi.paper, {
          query: {
            exam: 'new',
            examType: { examType: missing, subject: missing, year: missing }.examType,
            subject: { examType: missing, subject: missing, year: missing }.subject,
            year: { examType: missing, subject: missing, year: missing }.year,
          },
        })
      ).status,
    ).toBe(401);
  });
});

describe('saving answers', () => {
  it("refuses another student's attempt with 404", async () => {
    const paper = await createPaper(t.db);
    const owner = await subscribedStudent(t);
    const other = await subscribedStudent(t);
    const exam = await startExam(owner.token, paper.ids);
    const [question] = paper.questions;
    if (!question) throw new Error('fixture');
    const response = await t.call(examApi.saveAnswer, {
      token: other.token,
      body: { exam: exam._id, question: question.id, option: question.right },
    });
    expect(response.status).toBe(404);
    const submit = await t.call(examApi.submit, {
      token: other.token,
      body: { exam: exam._id, answers: [] },
    });
    expect(submit.status).toBe(404);
  });

  it('refuses an option of another question and a question of another paper', async () => {
    const paper = await createPaper(t.db);
    const elsewhere = await createPaper(t.db);
    const { token } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    const [first, second] = paper.questions;
    if (!first || !second) throw new Error('fixture');
    const wrongOption = await t.call(examApi.saveAnswer, {
      token,
      body: { exam: exam._id, question: first.id, option: second.right },
    });
    expect(wrongOption.status).toBe(400);
    expect(wrongOption.json.errors).toEqual([
      { path: ['option'], message: 'This option does not belong to the question.' },
    ]);
    const foreign = defined(elsewhere.questions[0], 'question of the other paper');
    const wrongQuestion = await t.call(examApi.saveAnswer, {
      token,
      body: { exam: exam._id, question: foreign.id, option: foreign.right },
    });
    expect(wrongQuestion.status).toBe(400);
  });

  it('refuses answers after the deadline', async () => {
    const paper = await createPaper(t.db, { duration: 5 });
    const { token } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    t.clock.advance(5 * MINUTE + 1);
    const [question] = paper.questions;
    if (!question) throw new Error('fixture');
    const response = await t.call(examApi.saveAnswer, {
      token,
      body: { exam: exam._id, question: question.id, option: question.right },
    });
    t.clock.advance(-(5 * MINUTE + 1));
    expect(response.status).toBe(409);
    expect(response.json.message).toBe('Time is up for this test.');
  });
});

describe('POST /api/v1/exam/answer (submit)', () => {
  it('scores +5 right, -2 wrong, 0 blank, with every review field', async () => {
    const paper = await createPaper(t.db, { count: 5 });
    const { token, user } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    const [q1, q2, q3, q4] = paper.questions;
    if (!q1 || !q2 || !q3 || !q4) throw new Error('fixture');
    await t.call(examApi.saveAnswer, { token, body: { exam: exam._id, question: q1.id, option: q1.right } });
    const response = await t.call(examApi.submit, {
      token,
      body: {
        exam: exam._id,
        timeSpent: 3,
        answers: [
          { question: q2.id, option: q2.right },
          { question: q3.id, option: q3.right },
          { question: q4.id, option: defined(q4.wrong[0], 'wrong option') },
        ],
      },
    });
    expect(response.status).toBe(200);
    const result = response.json.data;
    expect(result).toMatchObject({
      score: 13,
      totalQuestions: 5,
      correctAnswer: 3,
      wrongAnswer: 1,
      unanswered: 1,
      scoreAccuracy: 60,
    });
    expect(result.quizAnswers).toHaveLength(5);
    expect(result.quizAnswers[0]).toEqual({
      questionId: q1.id,
      question: expect.stringContaining('Question 1'),
      userAnswer: '<p>Option B</p>',
      correctAnswer: '<p>Option B</p>',
      isCorrect: true,
      explanation: '<p>Because of rule 1.</p>',
    });
    expect(result.quizAnswers[3]).toMatchObject({ userAnswer: '<p>Option A</p>', isCorrect: false });
    expect(result.quizAnswers[4]).toMatchObject({ userAnswer: null, isCorrect: false });
    const [row] = await t.db
      .select({ totalScore: users.totalScore })
      .from(users)
      .where(eq(users.id, user._id));
    expect(row?.totalScore).toBe(13);
  });

  it('returns the same result to a second submission and counts the points once', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const { token, user } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    const answers = paper.questions.map((question) => ({ question: question.id, option: question.right }));
    const first = await t.call(examApi.submit, { token, body: { exam: exam._id, answers } });
    // The second submission carries different (all wrong) answers: they must change nothing.
    const wrong = paper.questions.map((question) => ({
      question: question.id,
      option: defined(question.wrong[0], 'wrong option'),
    }));
    const second = await t.call(examApi.submit, {
      token,
      body: { exam: exam._id, answers: wrong },
    });
    expect(first.json.data).toMatchObject({ score: 10, correctAnswer: 2 });
    expect(second.json.data).toEqual(first.json.data);
    const [row] = await t.db
      .select({ totalScore: users.totalScore })
      .from(users)
      .where(eq(users.id, user._id));
    expect(row?.totalScore).toBe(10);
  });

  it('counts the answers a submission carries within 30 s of the deadline', async () => {
    const paper = await createPaper(t.db, { count: 2, duration: 1 });
    const { token } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    t.clock.advance(MINUTE + 29_000);
    const answers = paper.questions.map((question) => ({ question: question.id, option: question.right }));
    const response = await t.call(examApi.submit, { token, body: { exam: exam._id, answers } });
    t.clock.advance(-(MINUTE + 29_000));
    expect(response.json.data.correctAnswer).toBe(2);
  });

  it('scores a later submission on the answers saved before the deadline only', async () => {
    const paper = await createPaper(t.db, { count: 3, duration: 1 });
    const { token } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    const [q1, q2, q3] = paper.questions;
    if (!q1 || !q2 || !q3) throw new Error('fixture');
    await t.call(examApi.saveAnswer, { token, body: { exam: exam._id, question: q1.id, option: q1.right } });
    t.clock.advance(MINUTE + 31_000);
    const response = await t.call(examApi.submit, {
      token,
      body: {
        exam: exam._id,
        answers: [
          { question: q1.id, option: defined(q1.wrong[0], 'wrong option') },
          { question: q2.id, option: q2.right },
          { question: q3.id, option: q3.right },
        ],
      },
    });
    t.clock.advance(-(MINUTE + 31_000));
    expect(response.json.data).toMatchObject({ score: 5, correctAnswer: 1, wrongAnswer: 0, unanswered: 2 });
  });

  it('scores an abandoned attempt and starts a new one when the paper is fetched after its time', async () => {
    const paper = await createPaper(t.db, { count: 2, duration: 1 });
    const { token, user } = await subscribedStudent(t);
    const first = await startExam(token, paper.ids);
    const [q1] = paper.questions;
    if (!q1) throw new Error('fixture');
    await t.call(examApi.saveAnswer, {
      token,
      body: { exam: first._id, question: q1.id, option: q1.right },
    });
    t.clock.advance(2 * MINUTE);
    const second = await startExam(token, paper.ids);
    t.clock.advance(-2 * MINUTE);
    expect(second._id).not.toBe(first._id);
    const [old] = await t.db.select().from(attempts).where(eq(attempts.id, first._id));
    expect(old?.score).toBe(5);
    const [row] = await t.db
      .select({ totalScore: users.totalScore })
      .from(users)
      .where(eq(users.id, user._id));
    expect(row?.totalScore).toBe(5);
  });

  it('reports a bad answer with its position in the array and changes nothing', async () => {
    const paper = await createPaper(t.db, { count: 3 });
    const { token } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    const [q1, q2, q3] = paper.questions;
    if (!q1 || !q2 || !q3) throw new Error('fixture');
    const response = await t.call(examApi.submit, {
      token,
      body: {
        exam: exam._id,
        answers: [
          { question: q1.id, option: q1.right },
          { question: q2.id, option: q2.right },
          { question: q3.id, option: q1.right },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      { path: ['answers', 2, 'option'], message: 'This option does not belong to the question.' },
    ]);
    const [row] = await t.db
      .select({ submittedAt: attempts.submittedAt })
      .from(attempts)
      .where(eq(attempts.id, exam._id));
    expect(row?.submittedAt).toBeNull();
    const resumed = await startExam(token, paper.ids);
    expect(resumed.answers).toEqual([]);
  });
});

describe('the daily test', () => {
  it('gives 10 questions of the subject for 10 minutes: all of them when it has fewer', async () => {
    const app = await createTestApp();
    const paperA = await createPaper(app.db, { count: 8, subjectTitle: 'Mathematics' });
    const first = await signUpStudent(app);
    const second = await signUpStudent(app);
    await createPaper(app.db, { count: 8 });
    const subject = paperA.ids.subject;
    const one = await app.call(examApi.daily, { query: { subject }, token: first.token });
    const two = await app.call(examApi.daily, { query: { subject }, token: second.token });
    expect(one.status).toBe(200);
    expect(one.json.data.duration).toBe(10);
    expect(one.json.data.questions).toHaveLength(8);
    // Each student's own draw (docs/decisions/093-every-ranking-is-earned-one-record-of-shown-keys-one-rule.md); with 8 questions, both get all 8.
    expect(two.json.data.questions.map((q: { _id: string }) => q._id).sort()).toEqual(
      paperA.questions.map((q) => q.id).sort(),
    );
    expect(one.text).not.toMatch(/isCorrect|explanation/);
  });

  it('is free: a student with no subscription may take it', async () => {
    const paper = await createPaper(t.db, { count: 3 });
    const { token, user } = await signUpStudent(t);
    await t.db.delete(subscriptions).where(eq(subscriptions.userId, user._id));
    const response = await t.call(examApi.daily, { query: { subject: paper.ids.subject }, token });
    expect(response.status).toBe(200);
  });

  it('allows one attempt per subject per West Africa Time day', async () => {
    const app = await createTestApp();
    app.clock.set(new Date('2026-03-02T21:00:00Z'));
    const paper = await createPaper(app.db, { count: 3 });
    const { token } = await signUpStudent(app);
    const query = { subject: paper.ids.subject };
    const daily = (await app.call(examApi.daily, { query, token })).json.data;
    const answers = paper.questions.map((question) => ({ question: question.id, option: question.right }));
    const submitted = await app.call(examApi.submitDaily, {
      token,
      body: { subject: paper.ids.subject, answers },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.json.data).toMatchObject({ _id: daily._id, score: 15, correctAnswer: 3 });

    const again = await app.call(examApi.daily, { query, token });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/Come back tomorrow/);

    // 23:00 UTC is midnight in Lagos: a new day, a new test.
    app.clock.set(new Date('2026-03-02T23:00:00Z'));
    expect(westAfricaDate(app.clock.now())).toBe('2026-03-03');
    const tomorrow = await app.call(examApi.daily, { query, token });
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.json.data._id).not.toBe(daily._id);
  });
});

describe('lifelines', () => {
  it('50-50 costs 4 coins with a ledger row and hides two wrong options', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const { token, user } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    const [question] = paper.questions;
    if (!question) throw new Error('fixture');
    const response = await t.call(examApi.lifeline, {
      token,
      body: { exam: exam._id, question: question.id, kind: 'fifty-fifty' },
    });
    expect(response.status).toBe(200);
    const { hiddenOptions, triviaPoints } = response.json.data;
    expect(hiddenOptions).toHaveLength(2);
    expect(new Set(hiddenOptions).size).toBe(2);
    for (const id of hiddenOptions) expect(question.wrong).toContain(id);
    expect(triviaPoints).toBe(76);
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user._id));
    expect(ledger).toContainEqual(expect.objectContaining({ type: 'debit', coins: 4, coinsAfter: 76 }));

    const resumed = await startExam(token, paper.ids);
    expect(resumed.lifelines).toEqual([{ question: question.id, kind: 'fifty-fifty', hiddenOptions }]);
  });

  it('allows one lifeline per question', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const { token } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    const [question] = paper.questions;
    if (!question) throw new Error('fixture');
    const body = { exam: exam._id, question: question.id, kind: 'skip' as const };
    expect((await t.call(examApi.lifeline, { token, body })).status).toBe(200);
    const again = await t.call(examApi.lifeline, {
      token,
      body: { ...body, kind: 'fifty-fifty' },
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('You have already used a lifeline on this question.');
  });

  it('skip leaves the question blank: it scores 0 and cannot be answered', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const { token } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    const [q1, q2] = paper.questions;
    if (!q1 || !q2) throw new Error('fixture');
    await t.call(examApi.lifeline, {
      token,
      body: { exam: exam._id, question: q1.id, kind: 'skip' },
    });
    const answer = await t.call(examApi.saveAnswer, {
      token,
      body: { exam: exam._id, question: q1.id, option: q1.right },
    });
    expect(answer.status).toBe(409);
    const result = await t.call(examApi.submit, {
      token,
      body: {
        exam: exam._id,
        answers: [
          { question: q2.id, option: q2.right },
          { question: q1.id, option: q1.right },
        ],
      },
    });
    expect(result.json.data).toMatchObject({ score: 5, correctAnswer: 1, unanswered: 1 });
  });

  it('answers 402 INSUFFICIENT_COINS when the balance is short, and takes nothing', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const { token, user } = await subscribedStudent(t);
    await t.db.update(users).set({ triviaPoints: 3 }).where(eq(users.id, user._id));
    const exam = await startExam(token, paper.ids);
    const response = await t.call(examApi.lifeline, {
      token,
      body: { exam: exam._id, question: defined(paper.questions[0], 'first question').id, kind: 'skip' },
    });
    expect(response.status).toBe(402);
    expect(response.json.code).toBe('INSUFFICIENT_COINS');
    const [row] = await t.db.select({ coins: users.triviaPoints }).from(users).where(eq(users.id, user._id));
    expect(row?.coins).toBe(3);
  });
});

describe('GET /api/v1/exam/leaderboard', () => {
  it('ranks by total points, ties going to whoever reached the total first, with the caller’s rank', async () => {
    const app = await createTestApp();
    const paper = await createPaper(app.db, { count: 2 });
    const play = async (rightAnswers: number, firstName: string) => {
      const student = await subscribedStudent(app, { firstName });
      const exam = await startExam(student.token, paper.ids, app);
      const answers = paper.questions
        .slice(0, rightAnswers)
        .map((q) => ({ question: q.id, option: q.right }));
      await app.call(examApi.submit, { token: student.token, body: { exam: exam._id, answers } });
      app.clock.advance(1000);
      return student;
    };
    const early = await play(1, 'Early');
    const top = await play(2, 'Top');
    const late = await play(1, 'Late');
    const idle = await signUpStudent(app, { firstName: 'Idle' });

    const response = await app.call(examApi.leaderboard, { token: late.token });
    expect(response.status).toBe(200);
    const { docs, me } = response.json.data;
    expect(
      docs.map((entry: { user: { firstName: string }; totalScore: number }) => [
        entry.user.firstName,
        entry.totalScore,
      ]),
    ).toEqual([
      ['Top', 10],
      ['Early', 5],
      ['Late', 5],
    ]);
    expect(docs[0]).toMatchObject({ rank: 1, user: { lastName: 'O.', image: null }, isMe: false });
    expect(docs[2]).toMatchObject({ rank: 3, user: { lastName: 'Okafor' }, isMe: true });
    expect(me).toEqual({ rank: 3, totalScore: 5 });
    expect(response.text).not.toContain(idle.user._id);
    expect(response.text).not.toContain(early.user._id);
    expect(response.text).not.toContain(top.user._id);
  });
});

describe('clearing an answer', () => {
  it('PATCH with option null takes back a saved answer, so it no longer scores', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const { token } = await subscribedStudent(t);
    const exam = await startExam(token, paper.ids);
    const [q1] = paper.questions;
    if (!q1) throw new Error('fixture');
    await t.call(examApi.saveAnswer, {
      token,
      body: { exam: exam._id, question: q1.id, option: defined(q1.wrong[0], 'wrong option') },
    });
    const cleared = await t.call(examApi.saveAnswer, {
      token,
      body: { exam: exam._id, question: q1.id, option: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json.message).toBe('Answer cleared');
    expect((await startExam(token, paper.ids)).answers).toEqual([]);
    const result = await t.call(examApi.submit, { token, body: { exam: exam._id, answers: [] } });
    expect(result.json.data).toMatchObject({ score: 0, wrongAnswer: 0, unanswered: 2 });
  });

  it('sends the server time with the attempt, for phones whose clock is wrong', async () => {
    const paper = await createPaper(t.db, { count: 1 });
    const { token } = await subscribedStudent(t);
    expect((await startExam(token, paper.ids)).serverTime).toBe(t.clock.now().toISOString());
  });
});
