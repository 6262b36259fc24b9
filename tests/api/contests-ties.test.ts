import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTEST } from '../../src/lib/api/contest.ts';
import { contestApi } from '../../src/lib/api/endpoints.ts';
import type { ExamPayload } from '../../src/lib/api/exam.ts';
import { coinLedger } from '../../src/server/db/schema.ts';
import { runContestJob } from '../../src/server/services/contests/finish.ts';
import { scheduleFixtureContest, seedContestCatalogue } from '../support/contest-file-fixture.ts';
import { enter, openLevel, rightOption } from '../support/contest-play.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, signUpStudent } from '../support/test-app.ts';

// The ranking rule (docs/contests.md, "Ranking and prizes"): +5 right, −2 wrong, 0 blank over every level;
// ties go to the shorter total time on the server's clock (from the start to the last level handed in), then
// to the earlier entry. Four entrants on the fake clock, three of them tied on points: the live board, the
// final places and the coin prizes each follow the rule, and each would change if either tie-break did.

const MINUTE = 60_000;
const t = await createTestApp();
await seedContestCatalogue(t.db);

type Student = Awaited<ReturnType<typeof signUpStudent>>;

/** `right` questions answered right and `wrong` answered wrong, from the level's first question on. */
async function answersFor(level: ExamPayload, right: number, wrong: number) {
  const answers = [];
  for (const [n, question] of level.questions.slice(0, right + wrong).entries()) {
    const key = await rightOption(t.db, question._id);
    const option =
      n < right ? key : defined(question.options.find((o) => o._id !== key)?._id, 'a wrong option');
    answers.push({ question: question._id, option });
  }
  return answers;
}

/** At `minute` after the start, the student opens their open level and hands it in with those answers. */
async function playLevel(
  contest: { id: string; startsAt: Date },
  student: Student,
  at: { minute: number; right: number; wrong: number },
) {
  t.clock.set(new Date(contest.startsAt.getTime() + at.minute * MINUTE));
  const opened = await openLevel(t, student.token, contest.id);
  expect(opened.status, `${student.body.firstName} at ${at.minute}: ${opened.text}`).toBe(200);
  const level = opened.json.data;
  const handedIn = await t.call(contestApi.handIn, {
    params: { id: contest.id },
    token: student.token,
    body: { exam: level._id, answers: await answersFor(level, at.right, at.wrong) },
  });
  expect(handedIn.status, handedIn.text).toBe(200);
}

describe('ties on a contest’s board', () => {
  it('go to the shorter total time, then to the earlier entry: on the live board, in the final places and in the prizes', async () => {
    const title = 'Tie Break Challenge';
    const prizes = [
      { place: 1, coins: 500 },
      { place: 2, coins: 200 },
      { place: 3, coins: 100 },
    ];
    const contest = await scheduleFixtureContest(t.db, t.clock.now(), { title, prizes });
    // Entered in this order: Ada first, Chidi third.
    const ada = await signUpStudent(t, { firstName: 'Ada', lastName: 'Okafor' });
    const bola = await signUpStudent(t, { firstName: 'Bola', lastName: 'Ade' });
    const chidi = await signUpStudent(t, { firstName: 'Chidi', lastName: 'Eze' });
    const dayo = await signUpStudent(t, { firstName: 'Dayo', lastName: 'Bello' });
    for (const student of [ada, bola, chidi, dayo]) {
      expect((await enter(t, student.token, contest.id)).status).toBe(200);
    }

    // Level 1 (5 minutes), then level 2 (10 minutes) from each hand-in, in the order of the server's clock.
    // Bola: 5 + 5 = 10 points, the last level handed in at 3 minutes.
    // Chidi: 4 × 5 − 2 × 2 in level 1, then 3 × −2 in level 2: 10 points at 4 minutes.
    // Ada: 10 points at 4 minutes too; her last hand-in comes after Chidi's, so that the rows' order on disk
    // is not the entry order (a ranking without the entry tie-break would likely put Chidi first).
    // Dayo: 15 points, and the longest time: points come first.
    const plays: [Student, { minute: number; right: number; wrong: number }][] = [
      [bola, { minute: 1, right: 1, wrong: 0 }],
      [ada, { minute: 1, right: 2, wrong: 0 }],
      [chidi, { minute: 2, right: 4, wrong: 2 }],
      [dayo, { minute: 2, right: 3, wrong: 0 }],
      [bola, { minute: 3, right: 1, wrong: 0 }],
      [chidi, { minute: 4, right: 0, wrong: 3 }],
      [ada, { minute: 4, right: 0, wrong: 0 }],
      [dayo, { minute: 11, right: 0, wrong: 0 }],
    ];
    for (const [student, play] of plays) await playLevel(contest, student, play);

    const order = [
      { place: 1, name: 'Dayo B.', points: 15, seconds: 11 * 60 },
      { place: 2, name: 'Bola A.', points: 10, seconds: 3 * 60 },
      { place: 3, name: 'Ada O.', points: 10, seconds: 4 * 60 },
      { place: 4, name: 'Chidi Eze', points: 10, seconds: 4 * 60 },
    ];
    const board = () => t.call(contestApi.board, { params: { id: contest.id }, token: chidi.token });

    // The live board, before the end.
    t.clock.set(new Date(contest.startsAt.getTime() + 13 * MINUTE));
    const live = await board();
    expect(live.status, live.text).toBe(200);
    expect(live.json.data.final).toBe(false);
    expect(live.json.data.docs.map(({ isMe: _, ...row }) => row)).toEqual(order);
    expect(live.json.data.me).toMatchObject({ place: 4, name: 'Chidi Eze', isMe: true });

    // The end, and its grace: the finishing job ranks the entrants and credits the prizes.
    t.clock.set(new Date(contest.startsAt.getTime() + 15 * MINUTE + CONTEST.submitGraceMs + 1000));
    expect(await runContestJob(t.db, t.clock.now())).toEqual({ scored: 0, finished: 1 });

    const finalBoard = await board();
    expect(finalBoard.json.data.final).toBe(true);
    expect(finalBoard.json.data.docs.map(({ isMe: _, ...row }) => row)).toEqual(order);

    const places = [
      { student: dayo, points: 15, place: 1, prizeCoins: 500 },
      { student: bola, points: 10, place: 2, prizeCoins: 200 },
      { student: ada, points: 10, place: 3, prizeCoins: 100 },
      { student: chidi, points: 10, place: 4, prizeCoins: null },
    ];
    for (const { student, ...entry } of places) {
      const summary = await t.call(contestApi.one, { params: { id: contest.id }, token: student.token });
      expect(summary.json.data.status).toBe('finished');
      expect(summary.json.data.entry, String(student.body.firstName)).toMatchObject({
        levelsDone: 2,
        ...entry,
      });
    }

    const credited = await t.db
      .select({ userId: coinLedger.userId, coins: coinLedger.coins, description: coinLedger.description })
      .from(coinLedger)
      .where(like(coinLedger.description, `Contest prize: ${title},%`));
    expect(credited).toHaveLength(3);
    expect(credited).toEqual(
      expect.arrayContaining([
        { userId: dayo.user._id, coins: 500, description: `Contest prize: ${title}, 1st place` },
        { userId: bola.user._id, coins: 200, description: `Contest prize: ${title}, 2nd place` },
        { userId: ada.user._id, coins: 100, description: `Contest prize: ${title}, 3rd place` },
      ]),
    );
  });
});
