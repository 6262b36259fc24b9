import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTEST, type ContestLevelOutcome } from '../../src/lib/api/contest.ts';
import { contestApi, examApi, userApi } from '../../src/lib/api/endpoints.ts';
import type { ExamPayload } from '../../src/lib/api/exam.ts';
import {
  attempts,
  coinLedger,
  contestEntries,
  contests,
  subscriptions,
  users,
} from '../../src/server/db/schema.ts';
import { runContestJob } from '../../src/server/services/contests/finish.ts';
import { cancelContest } from '../../src/server/services/contests/manage.ts';
import { PLAN_NEEDED_MESSAGE } from '../../src/server/services/contests/sponsored-prize.ts';
import { scheduleFixtureContest, seedContestCatalogue } from '../support/contest-file-fixture.ts';
import { enter, ledgerOf, openLevel, rightAnswers, rightOption } from '../support/contest-play.ts';
import { createTestApp, signUpStudent, type TestApp } from '../support/test-app.ts';

// The contests' rules through the API (docs/contests.md), each where it is easiest to break: two app
// instances finishing one contest, a full contest rushed, hand-ins and saves against the level clock, a
// cancellation, the sponsored prize's conditions, and an account deleted. Every deadline is the fake
// clock's; both instances share one database (PostgreSQL in the api-postgres project, where the races run
// in parallel).

const MINUTE = 60_000;
const t = await createTestApp();
const other = await createTestApp({}, { db: t.db });
await seedContestCatalogue(t.db);
let contestCount = 0;

/** The fixture contest (levels of 5 and 10 minutes, fee 20, prizes 500 and 200) under a title of its own. */
async function schedule(changes: Record<string, unknown> = {}) {
  contestCount += 1;
  const title = `Rules Challenge ${contestCount}`;
  return { title, ...(await scheduleFixtureContest(t.db, t.clock.now(), { title, ...changes })) };
}

/** Both instances' clocks, set to the same moment. */
function setClocks(at: Date | number) {
  for (const app of [t, other]) app.clock.set(new Date(at));
}

async function entryOf(contestId: string, userId: string) {
  const [entry] = await t.db
    .select()
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.userId, userId)));
  return entry;
}

async function contestRow(contestId: string) {
  const [row] = await t.db.select().from(contests).where(eq(contests.id, contestId));
  if (!row) throw new Error('no contest');
  return row;
}

function handIn(app: TestApp, token: string, contestId: string, body: { exam: string; answers: unknown[] }) {
  return app.request<ContestLevelOutcome>('POST', `/api/v1/contest/${contestId}/level`, { token, body });
}

function saveAnswer(token: string, level: ExamPayload, answer: { question: string; option: string }) {
  return t.call(examApi.saveAnswer, { token, body: { exam: level._id, ...answer } });
}

/** The prize rows the contest credited. */
function prizeRows(title: string) {
  return t.db
    .select({ userId: coinLedger.userId, coins: coinLedger.coins })
    .from(coinLedger)
    .where(like(coinLedger.description, `Contest prize: ${title},%`));
}

describe('finishing and entering across app instances', () => {
  it('credits each prize exactly once when two instances run the finishing job five times at once', async () => {
    const contest = await schedule();
    const winner = await signUpStudent(t);
    const runnerUp = await signUpStudent(other);
    const idle = await signUpStudent(t);
    expect((await enter(t, winner.token, contest.id)).status).toBe(200);
    expect((await enter(other, runnerUp.token, contest.id)).status).toBe(200);
    expect((await enter(t, idle.token, contest.id)).status).toBe(200);
    setClocks(contest.startsAt.getTime() + 1000);

    const won = (await openLevel(t, winner.token, contest.id)).json.data;
    expect(
      (await handIn(t, winner.token, contest.id, { exam: won._id, answers: await rightAnswers(t.db, won) }))
        .status,
    ).toBe(200);
    const half = (await openLevel(other, runnerUp.token, contest.id)).json.data;
    const someRight = (await rightAnswers(t.db, half)).slice(0, 3);
    expect(
      (await handIn(other, runnerUp.token, contest.id, { exam: half._id, answers: someRight })).status,
    ).toBe(200);
    // The third entrant opens level 1 and lets its time run out: the job scores it, once, in the race too.
    expect((await openLevel(t, idle.token, contest.id)).status).toBe(200);

    setClocks(contest.startsAt.getTime() + 15 * MINUTE + CONTEST.submitGraceMs + 1000);
    const runs = await Promise.all(
      Array.from({ length: 5 }, (_, n) => runContestJob((n % 2 === 0 ? t : other).db, t.clock.now())),
    );
    expect(runs.reduce((sum, run) => sum + run.finished, 0)).toBe(1);
    const prizes = await prizeRows(contest.title);
    expect(prizes).toHaveLength(2);
    expect(prizes).toEqual(
      expect.arrayContaining([
        { userId: winner.user._id, coins: 500 },
        { userId: runnerUp.user._id, coins: 200 },
      ]),
    );
    expect((await runContestJob(other.db, other.clock.now())).finished).toBe(0);
    expect(await prizeRows(contest.title)).toHaveLength(2);
    const [balance] = await t.db
      .select({ coins: users.triviaPoints })
      .from(users)
      .where(eq(users.id, winner.user._id));
    expect(balance?.coins).toBe(80 - 20 + 500);
    expect(await entryOf(contest.id, idle.user._id)).toMatchObject({ levelsDone: 1, points: 0, place: 3 });
    expect(await entryOf(contest.id, runnerUp.user._id)).toMatchObject({
      points: 15,
      place: 2,
      prizeCoins: 200,
    });
  });

  it('takes exactly 10 of 20 students entering a contest of 10 places at once, and 10 fees', async () => {
    const contest = await schedule({ maxEntrants: 10 });
    const students = [];
    for (let n = 0; n < 20; n++) students.push(await signUpStudent(n % 2 === 0 ? t : other));
    const answers = await Promise.all(
      students.map((student, n) => enter(n % 2 === 0 ? t : other, student.token, contest.id)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    for (const answer of answers.filter((refused) => refused.status === 409)) {
      expect(answer.json.message).toBe('This contest is full: every place has been taken.');
    }
    expect((await contestRow(contest.id)).entrants).toBe(10);
    expect(await t.db.$count(contestEntries, eq(contestEntries.contestId, contest.id))).toBe(10);
    const debits = await t.db
      .select({ userId: coinLedger.userId, coins: coinLedger.coins })
      .from(coinLedger)
      .where(eq(coinLedger.description, `Contest entry: ${contest.title}`));
    expect(debits).toHaveLength(10);
    expect(debits.every((debit) => debit.coins === 20)).toBe(true);
    const entered = new Set(
      students.filter((_, n) => answers[n]?.status === 200).map((student) => student.user._id as string),
    );
    expect(new Set(debits.map((debit) => debit.userId))).toEqual(entered);
  });
});

describe('the level clock', () => {
  it('counts a late hand-in’s answers only within the grace, and scores a level left to run out at the next request or by the job', async () => {
    const contest = await schedule();
    const late = await signUpStudent(t);
    const inGrace = await signUpStudent(t);
    const leftOpen = await signUpStudent(t);
    const forgotten = await signUpStudent(t);
    const players = [late, inGrace, leftOpen, forgotten];
    for (const student of players) expect((await enter(t, student.token, contest.id)).status).toBe(200);
    setClocks(contest.startsAt.getTime() + 1000);
    const levels = new Map<string, ExamPayload>();
    for (const student of players)
      levels.set(student.token, (await openLevel(t, student.token, contest.id)).json.data);
    const levelOf = (student: { token: string }) => levels.get(student.token) as ExamPayload;
    const deadline = new Date(levelOf(late).endsAt).getTime();
    expect(deadline).toBe(contest.startsAt.getTime() + 5 * MINUTE);

    // Saved in time: the first question right (and, for one, the second wrong).
    for (const student of [late, leftOpen, forgotten]) {
      const [first] = await rightAnswers(t.db, levelOf(student));
      if (!first) throw new Error('level 1 has questions');
      expect((await saveAnswer(student.token, levelOf(student), first)).status).toBe(200);
    }
    const second = levelOf(leftOpen).questions[1];
    if (!second) throw new Error('level 1 has questions');
    const rightSecond = await rightOption(t.db, second._id);
    const wrongSecond = second.options.find((option) => option._id !== rightSecond)?._id as string;
    expect(
      (await saveAnswer(leftOpen.token, levelOf(leftOpen), { question: second._id, option: wrongSecond }))
        .status,
    ).toBe(200);

    // Within the grace, every answer the hand-in carries counts.
    setClocks(deadline + CONTEST.submitGraceMs - 1000);
    const graced = await handIn(t, inGrace.token, contest.id, {
      exam: levelOf(inGrace)._id,
      answers: await rightAnswers(t.db, levelOf(inGrace)),
    });
    expect(graced.status, graced.text).toBe(200);
    expect(await entryOf(contest.id, inGrace.user._id)).toMatchObject({ levelsDone: 1, points: 30 });

    // After it, only the answer saved before the deadline does; level 2 runs from level 1's deadline.
    setClocks(deadline + CONTEST.submitGraceMs + 1000);
    const tooLate = await handIn(t, late.token, contest.id, {
      exam: levelOf(late)._id,
      answers: await rightAnswers(t.db, levelOf(late)),
    });
    expect(tooLate.status, tooLate.text).toBe(200);
    expect(tooLate.json.data.next).toEqual({
      level: 2,
      endsAt: new Date(deadline + 10 * MINUTE).toISOString(),
    });
    expect(await entryOf(contest.id, late.user._id)).toMatchObject({ levelsDone: 1, points: 5 });
    const [lateRow] = await t.db
      .select()
      .from(attempts)
      .where(eq(attempts.id, levelOf(late)._id));
    expect(lateRow).toMatchObject({ correctAnswer: 1, unanswered: 5 });

    // Never handed in: the entrant's next request scores it (+5 −2) and opens level 2 from its deadline.
    expect((await entryOf(contest.id, leftOpen.user._id))?.levelsDone).toBe(0);
    const next = await openLevel(t, leftOpen.token, contest.id);
    expect(next.status, next.text).toBe(200);
    expect(next.json.data.heading?.year).toBe('Level 2 of 2');
    expect(next.json.data.endsAt).toBe(new Date(deadline + 10 * MINUTE).toISOString());
    expect(await entryOf(contest.id, leftOpen.user._id)).toMatchObject({ levelsDone: 1, points: 3 });

    // Never handed in and never asked again: the finishing job scores it.
    expect((await entryOf(contest.id, forgotten.user._id))?.levelsDone).toBe(0);
    expect((await runContestJob(t.db, t.clock.now())).scored).toBe(1);
    expect(await entryOf(contest.id, forgotten.user._id)).toMatchObject({
      levelsDone: 1,
      points: 5,
      timeMs: 5 * MINUTE,
    });
  });

  it('refuses to save an answer in a level after its deadline', async () => {
    const contest = await schedule();
    const student = await signUpStudent(t);
    expect((await enter(t, student.token, contest.id)).status).toBe(200);
    setClocks(contest.startsAt.getTime() + 1000);
    const level = (await openLevel(t, student.token, contest.id)).json.data;
    const [first, second] = await rightAnswers(t.db, level);
    if (!first || !second) throw new Error('level 1 has questions');
    expect((await saveAnswer(student.token, level, first)).status).toBe(200);
    // Even inside the hand-in's grace, no answer is saved once the clock has run out.
    setClocks(new Date(level.endsAt).getTime() + 1000);
    const refused = await saveAnswer(student.token, level, second);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.success).toBe(false);
    setClocks(new Date(level.endsAt).getTime() + CONTEST.submitGraceMs + 1000);
    expect((await runContestJob(t.db, t.clock.now())).scored).toBeGreaterThanOrEqual(1);
    expect(await entryOf(contest.id, student.user._id)).toMatchObject({ levelsDone: 1, points: 5 });
  });
});

describe('closed contests', () => {
  it('refuses an entry after the start, taking no fee', async () => {
    const contest = await schedule();
    const student = await signUpStudent(t);
    setClocks(contest.startsAt.getTime());
    const refused = await enter(t, student.token, contest.id);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Entries closed when the contest started.');
    expect(await entryOf(contest.id, student.user._id)).toBeUndefined();
    expect((await contestRow(contest.id)).entrants).toBe(0);
    expect(await ledgerOf(t.db, student.user._id)).toHaveLength(1); // the welcome coins only
  });

  it('refunds every entrant of a cancelled contest once, then refuses entries and levels', async () => {
    const contest = await schedule();
    const first = await signUpStudent(t);
    const second = await signUpStudent(t);
    for (const student of [first, second])
      expect((await enter(t, student.token, contest.id)).status).toBe(200);
    const summary = await cancelContest(t.db, contest.id, t.clock.now());
    expect(summary).toMatchObject({ refunded: 2, coins: 40 });
    for (const student of [first, second]) {
      const refunds = (await ledgerOf(t.db, student.user._id)).filter((row) =>
        row.description.startsWith('Contest refund'),
      );
      expect(refunds).toEqual([
        expect.objectContaining({ coins: 20, description: `Contest refund: ${contest.title}` }),
      ]);
      const [row] = await t.db
        .select({ coins: users.triviaPoints })
        .from(users)
        .where(eq(users.id, student.user._id));
      expect(row?.coins).toBe(80);
    }
    const latecomer = await signUpStudent(t);
    const refused = await enter(t, latecomer.token, contest.id);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('This contest was cancelled.');
    expect(await ledgerOf(t.db, latecomer.user._id)).toHaveLength(1);

    setClocks(contest.startsAt.getTime() + 1000);
    const level = await openLevel(t, first.token, contest.id);
    expect(level.status).toBe(409);
    expect(level.json.message).toMatch(/cancelled/);
    expect(level.text).not.toContain('fixture-q');
    expect(await t.db.$count(attempts, eq(attempts.contestId, contest.id))).toBe(0);
  });
});

describe('the sponsored prize', () => {
  it('goes only to the winner, once 18 or over is confirmed and with a paid plan', async () => {
    const contest = await schedule();
    const winner = await signUpStudent(t);
    const runnerUp = await signUpStudent(t);
    for (const student of [winner, runnerUp])
      expect((await enter(t, student.token, contest.id)).status).toBe(200);
    setClocks(contest.startsAt.getTime() + 1000);
    const won = (await openLevel(t, winner.token, contest.id)).json.data;
    expect(
      (await handIn(t, winner.token, contest.id, { exam: won._id, answers: await rightAnswers(t.db, won) }))
        .status,
    ).toBe(200);
    const lost = (await openLevel(t, runnerUp.token, contest.id)).json.data;
    expect((await handIn(t, runnerUp.token, contest.id, { exam: lost._id, answers: [] })).status).toBe(200);
    setClocks(contest.startsAt.getTime() + 15 * MINUTE + CONTEST.submitGraceMs + 1000);
    let run = { scored: 1, finished: 1 };
    while (run.scored + run.finished > 0) run = await runContestJob(t.db, t.clock.now());
    expect((await contestRow(contest.id)).finishedAt).not.toBeNull();

    const claim = (token: string, adult: boolean) =>
      t.call(contestApi.claim, { params: { id: contest.id }, token, body: { adult } });
    const adultConfirmedAt = async () =>
      (await t.db.select({ at: users.adultConfirmedAt }).from(users).where(eq(users.id, winner.user._id)))[0]
        ?.at;

    const notTheWinner = await claim(runnerUp.token, true);
    expect(notTheWinner.status).toBe(409);
    expect(notTheWinner.json.message).toBe('Only this contest’s winner can claim its prize.');

    const noAge = await claim(winner.token, false);
    expect(noAge.status).toBe(403);
    expect(noAge.json.message).toMatch(/18 or over/);
    expect(await adultConfirmedAt()).toBeNull();

    // The trial is no paid plan: refused, but the age confirmation is kept.
    const trialOnly = await claim(winner.token, true);
    expect(trialOnly.status).toBe(403);
    expect(trialOnly.json.message).toBe(PLAN_NEEDED_MESSAGE);
    expect(await adultConfirmedAt()).toEqual(t.clock.now());
    expect((await entryOf(contest.id, winner.user._id))?.sponsoredClaimedAt).toBeNull();

    await t.db.insert(subscriptions).values({
      userId: winner.user._id,
      source: 'admin',
      startsAt: t.clock.now(),
      endsAt: new Date(t.clock.now().getTime() + 30 * 86_400_000),
    });
    const claimed = await claim(winner.token, true);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.json.data.sponsored).toMatchObject({
      prize: 'A scientific calculator from our sponsor',
      claimedAt: t.clock.now().toISOString(),
      blockedBy: null,
    });
    expect((await entryOf(contest.id, winner.user._id))?.sponsoredClaimedAt).toEqual(t.clock.now());
  });
});

describe('a deleted account', () => {
  it('takes its contest entries with it, and its name leaves the board at once', async () => {
    const contest = await schedule();
    const leaving = await signUpStudent(t, { firstName: 'Chidinma', lastName: 'Obi' });
    const staying = await signUpStudent(t, { firstName: 'Tunde', lastName: 'Bello' });
    for (const student of [leaving, staying])
      expect((await enter(t, student.token, contest.id)).status).toBe(200);
    setClocks(contest.startsAt.getTime() + 1000);
    const level = (await openLevel(t, leaving.token, contest.id)).json.data;
    expect(
      (
        await handIn(t, leaving.token, contest.id, {
          exam: level._id,
          answers: await rightAnswers(t.db, level),
        })
      ).status,
    ).toBe(200);
    const board = () => t.call(contestApi.board, { params: { id: contest.id }, token: staying.token });
    const before = await board();
    expect(before.json.data.docs.map((row) => row.name)).toEqual(['Chidinma O.', 'Tunde Bello']);

    const deleted = await t.call(userApi.delete, {
      token: leaving.token,
      body: { password: leaving.body.password },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await t.db.$count(contestEntries, eq(contestEntries.userId, leaving.user._id))).toBe(0);
    const after = await board();
    expect(after.json.data.docs).toEqual([
      expect.objectContaining({ place: 1, name: 'Tunde Bello', isMe: true }),
    ]);
    expect(after.json.data.entrants).toBe(1);
    expect(after.text).not.toContain('Chidinma');
    // The deleted entry frees its place in the contest's count too.
    const listed = await t.call(contestApi.one, { params: { id: contest.id } });
    expect(listed.json.data.entrants).toBe(1);
  });
});
