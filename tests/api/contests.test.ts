import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contestApi, examApi } from '../../src/lib/api/endpoints.ts';
import type { ExamPayload } from '../../src/lib/api/exam.ts';
import { PaymentCode } from '../../src/lib/errors.ts';
import { contestEntries, contests, masteryAnswers, users } from '../../src/server/db/schema.ts';
import { runContestJob } from '../../src/server/services/contests/finish.ts';
import { scheduleFixtureContest, seedContestCatalogue } from '../support/contest-file-fixture.ts';
import { enter, ledgerOf, openLevel, rightAnswers, rightOption } from '../support/contest-play.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, signUpStudent, signUpUnconfirmedStudent, type TestApp } from '../support/test-app.ts';

// Contests through the API (docs/contests.md): entering, the levels on the server's clock, lifelines, the
// board, and the finishing job's prizes. The fake clock drives every deadline.

const MINUTE = 60_000;
const t = await createTestApp();
await seedContestCatalogue(t.db);

/** Schedules the fixture contest (two levels: 5 and 10 minutes, fee 20, prizes 500 and 200) an hour ahead. */
function scheduleFixture(app: TestApp = t, changes: Record<string, unknown> = {}) {
  return scheduleFixtureContest(app.db, app.clock.now(), changes);
}

describe('finding and entering a contest', () => {
  it('lists an upcoming contest to anyone, with the caller’s entry when signed in', async () => {
    const contest = await scheduleFixture(t, { title: 'Listed Challenge' });
    const anonymous = await t.call(contestApi.list, { query: { page: 1, limit: 50 } });
    expect(anonymous.status).toBe(200);
    const listed = anonymous.json.data.docs.find((doc) => doc._id === contest.id);
    expect(listed).toMatchObject({ status: 'upcoming', entryFee: 20, entrants: 0, entry: null });
    expect(listed?.levels).toEqual([
      { minutes: 5, questions: 6 },
      { minutes: 10, questions: 6 },
    ]);
    const student = await signUpStudent(t);
    expect((await enter(t, student.token, contest.id)).status).toBe(200);
    const mine = await t.call(contestApi.one, { params: { id: contest.id }, token: student.token });
    expect(mine.json.data.entrants).toBe(1);
    expect(mine.json.data.entry).toMatchObject({ openLevel: null, levelsDone: 0, points: 0 });
    // The student's own contests, for /profile: this one only; a guest cannot ask.
    const entered = await t.call(contestApi.list, { query: { entered: 'true' }, token: student.token });
    expect(entered.json.data.docs.map((doc) => doc._id)).toEqual([contest.id]);
    expect(entered.json.data.totalDocs).toBe(1);
    expect((await t.call(contestApi.list, { query: { entered: 'true' } })).status).toBe(401);
  });

  it('debits the fee once however many entries one account sends at once', async () => {
    const contest = await scheduleFixture(t, { title: 'Rush Challenge' });
    const student = await signUpStudent(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => enter(t, student.token, contest.id)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    const debits = (await ledgerOf(t.db, student.user._id)).filter((row) => row.type === 'debit');
    expect(debits).toEqual([
      expect.objectContaining({ coins: 20, description: 'Contest entry: Rush Challenge' }),
    ]);
    const [user] = await t.db.select().from(users).where(eq(users.id, student.user._id));
    expect(user?.triviaPoints).toBe(80 - 20);
  });

  it('refuses an unconfirmed account, and sends one without coins to buy them, entering neither', async () => {
    const contest = await scheduleFixture(t, { title: 'Closed Door Challenge' });
    const unconfirmed = await signUpUnconfirmedStudent(t);
    expect((await enter(t, unconfirmed.token, contest.id)).status).toBe(403);
    const poor = await signUpStudent(t);
    await t.db.update(users).set({ triviaPoints: 19 }).where(eq(users.id, poor.user._id));
    const refused = await enter(t, poor.token, contest.id);
    expect(refused.status).toBe(402);
    expect(refused.json.code).toBe(PaymentCode.insufficientCoins);
    const entries = await t.db.select().from(contestEntries).where(eq(contestEntries.contestId, contest.id));
    expect(entries).toHaveLength(0);
    expect(await ledgerOf(t.db, poor.user._id)).toHaveLength(1); // the welcome coins only
  });
});

describe('playing a contest', () => {
  it('serves nothing before the start, then each entrant their own order, one lifeline a level', async () => {
    const contest = await scheduleFixture(t, { title: 'Order Challenge' });
    const first = await signUpStudent(t);
    const second = await signUpStudent(t);
    await enter(t, first.token, contest.id);
    await enter(t, second.token, contest.id);
    const early = await openLevel(t, first.token, contest.id);
    expect(early.status).toBe(409);
    expect(early.text).not.toContain('fixture-q');

    t.clock.set(new Date(contest.startsAt.getTime() + 1000));
    const mine = (await openLevel(t, first.token, contest.id)).json.data;
    const theirs = (await openLevel(t, second.token, contest.id)).json.data;
    expect(mine.kind).toBe('contest');
    expect(mine.heading).toMatchObject({ examType: 'Order Challenge', year: 'Level 1 of 2' });
    expect(new Date(mine.endsAt).getTime()).toBe(contest.startsAt.getTime() + 5 * MINUTE);
    const order = (payload: ExamPayload) =>
      payload.questions.map((question) => `${question._id}:${question.options.map((o) => o._id).join(',')}`);
    // The same questions for both, each entrant in their own order.
    const ids = (payload: ExamPayload) => new Set(payload.questions.map((question) => question._id));
    expect(ids(mine)).toEqual(ids(theirs));
    expect(order(mine)).not.toEqual(order(theirs));

    const [q1, q2] = mine.questions;
    if (!q1 || !q2) throw new Error('level 1 has questions');
    const lifeline = (question: string) =>
      t.call(examApi.lifeline, {
        token: first.token,
        body: { exam: mine._id, question, kind: 'fifty-fifty' },
      });
    expect((await lifeline(q1._id)).status).toBe(200);
    const again = await lifeline(q2._id);
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/one lifeline per level/);
    // A level is never read or submitted through the exam routes, which would show its key.
    expect((await t.call(examApi.result, { query: { exam: mine._id }, token: first.token })).status).toBe(
      409,
    );
    const viaExam = await t.call(examApi.submit, {
      token: first.token,
      body: { exam: mine._id, answers: [] },
    });
    expect(viaExam.status).toBe(409);
  });

  it('opens the next level at a hand-in, scores +5/−2 on the server’s clock, and credits prizes once', async () => {
    const contest = await scheduleFixture(t, { title: 'Full Run Challenge' });
    const winner = await signUpStudent(t);
    const runnerUp = await signUpStudent(t);
    await enter(t, winner.token, contest.id);
    await enter(t, runnerUp.token, contest.id);
    t.clock.set(new Date(contest.startsAt.getTime() + 30_000));

    const level1 = (await openLevel(t, winner.token, contest.id)).json.data;
    const right = await rightAnswers(t.db, level1);
    const [saved] = right;
    if (!saved) throw new Error('level 1 has questions');
    const save = await t.call(examApi.saveAnswer, {
      token: winner.token,
      body: { exam: level1._id, ...saved },
    });
    expect(save.status).toBe(200);
    t.clock.advance(60_000);
    const handedIn = await t.call(contestApi.handIn, {
      params: { id: contest.id },
      token: winner.token,
      body: { exam: level1._id, answers: right.slice(1) },
    });
    expect(handedIn.status).toBe(200);
    expect(handedIn.json.data.levelsDone).toBe(1);
    expect(handedIn.json.data.next?.level).toBe(2);
    // Level 2 runs 10 minutes from the hand-in, not from the contest's start.
    expect(handedIn.json.data.next?.endsAt).toBe(
      new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
    );
    expect(handedIn.text).not.toMatch(/isCorrect|correctAnswer|explanation/);
    // A level feeds no topic mastery: its answers must not push the student's bank answers out.
    const mastered = await t.db.select().from(masteryAnswers).where(eq(masteryAnswers.attemptId, level1._id));
    expect(mastered).toEqual([]);

    // The runner-up answers one question wrong in level 1 and lets the time run out.
    const other = (await openLevel(t, runnerUp.token, contest.id)).json.data;
    const wrongTarget = other.questions[0];
    if (!wrongTarget) throw new Error('level 1 has questions');
    const right0 = await rightOption(t.db, wrongTarget._id);
    const wrong = defined(
      wrongTarget.options.find((option) => option._id !== right0),
      'wrong option in level 1',
    );
    await t.call(examApi.saveAnswer, {
      token: runnerUp.token,
      body: { exam: other._id, question: wrongTarget._id, option: wrong._id },
    });

    const board = await t.call(contestApi.board, { params: { id: contest.id }, token: winner.token });
    expect(board.json.data.me).toMatchObject({ place: 1, points: 30, isMe: true });

    const early = await t.call(contestApi.review, { params: { id: contest.id }, token: winner.token });
    expect(early.status).toBe(409); // others may still be playing: no key before the end
    const finishedAt = async () =>
      (await t.db.select().from(contests).where(eq(contests.id, contest.id)))[0]?.finishedAt ?? null;
    t.clock.set(new Date(contest.startsAt.getTime() + 15 * MINUTE + 5_000));
    await runContestJob(t.db, t.clock.now());
    expect(await finishedAt()).toBeNull(); // the last hand-ins' grace is not over
    t.clock.advance(10_000);
    await runContestJob(t.db, t.clock.now());
    expect(await finishedAt()).toEqual(t.clock.now());
    t.clock.advance(5_000);
    await runContestJob(t.db, t.clock.now());

    const prizes = (await ledgerOf(t.db, winner.user._id)).filter((row) =>
      row.description.startsWith('Contest prize'),
    );
    expect(prizes).toEqual([
      expect.objectContaining({ coins: 500, description: 'Contest prize: Full Run Challenge, 1st place' }),
    ]);
    const second = (await ledgerOf(t.db, runnerUp.user._id)).filter((row) =>
      row.description.startsWith('Contest prize'),
    );
    expect(second).toEqual([expect.objectContaining({ coins: 200 })]);
    const [winnerRow] = await t.db.select().from(users).where(eq(users.id, winner.user._id));
    expect(winnerRow?.totalScore).toBe(0); // contest points never enter the Leader Board

    const summary = await t.call(contestApi.one, { params: { id: contest.id }, token: runnerUp.token });
    expect(summary.json.data.status).toBe('finished');
    expect(summary.json.data.entry).toMatchObject({ place: 2, points: -2, prizeCoins: 200 });
    expect(summary.json.data.winners.map((row) => row.place)).toEqual([1, 2]);

    const review = await t.call(contestApi.review, { params: { id: contest.id }, token: winner.token });
    expect(review.status).toBe(200);
    expect(review.json.data.levels.map((level) => [level.level, level.points])).toEqual([[1, 30]]);
    expect(
      review.json.data.levels[0]?.quizAnswers.every((answer) => answer.isCorrect && answer.explanation),
    ).toBe(true);
  });
});
