import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contestApi, examApi } from '../../src/lib/api/endpoints.ts';
import type { ExamPayload, SavedAnswer } from '../../src/lib/api/exam.ts';
import { contestEntries } from '../../src/server/db/schema.ts';
import { scheduleFixtureContest, seedContestCatalogue } from '../support/contest-file-fixture.ts';
import { enter, openLevel, rightOption } from '../support/contest-play.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, signUpStudent } from '../support/test-app.ts';

// A reload in the middle of a contest level (docs/contests.md, "The quiz, in a contest mode"): /contest-play
// saves each answer as it is picked (PATCH /api/v1/exam/answer) and, on a reload, asks for the open level
// again (GET /api/v1/contest/:id/level), which must give back the same level with every answer saved in it,
// the lifeline used and the clock as it was, whichever app instance answers.

const MINUTE = 60_000;
const t = await createTestApp();
// A second app instance on the same database: a reload may reach another instance.
const other = await createTestApp({}, { db: t.db });
await seedContestCatalogue(t.db);

/** The level as the student sees it: the questions, each with its options, in the entrant's order. */
const orderOf = (level: ExamPayload) =>
  level.questions.map((question) => [question._id, question.options.map((option) => option._id)]);
const byQuestion = (answers: SavedAnswer[]) =>
  [...answers].sort((a, b) => a.question.localeCompare(b.question));

describe('reloading a contest level', () => {
  it('gives back the level with the answers saved in it, its lifeline and its clock', async () => {
    const contest = await scheduleFixtureContest(t.db, t.clock.now(), { title: 'Reload Challenge' });
    const student = await signUpStudent(t);
    expect((await enter(t, student.token, contest.id)).status).toBe(200);
    t.clock.set(new Date(contest.startsAt.getTime() + 30_000));

    const opened = await openLevel(t, student.token, contest.id);
    expect(opened.status, opened.text).toBe(200);
    const level = opened.json.data;
    expect(level).toMatchObject({ kind: 'contest', submitted: false, answers: [], lifelines: [] });
    const [q1, q2, q3, q4] = level.questions;
    if (!q1 || !q2 || !q3 || !q4) throw new Error('level 1 has questions');
    const save = (question: string, option: string | null) =>
      t.call(examApi.saveAnswer, { token: student.token, body: { exam: level._id, question, option } });
    const wrongOf = async (question: typeof q1, except: string[] = []) => {
      const key = await rightOption(t.db, question._id);
      return defined(
        question.options.find((option) => option._id !== key && !except.includes(option._id))?._id,
        'a wrong option',
      );
    };

    // q1 right; q2 changed from one wrong option to another (the last pick stays); q3 picked, then cleared.
    const right1 = await rightOption(t.db, q1._id);
    const firstPick2 = await wrongOf(q2);
    const lastPick2 = await wrongOf(q2, [firstPick2]);
    for (const [question, option] of [
      [q1._id, right1],
      [q2._id, firstPick2],
      [q2._id, lastPick2],
      [q3._id, await wrongOf(q3)],
      [q3._id, null],
    ] as const) {
      const saved = await save(question, option);
      expect(saved.status, saved.text).toBe(200);
    }
    // The level's lifeline, on q4.
    const lifeline = await t.call(examApi.lifeline, {
      token: student.token,
      body: { exam: level._id, question: q4._id, kind: 'fifty-fifty' },
    });
    expect(lifeline.status, lifeline.text).toBe(200);

    // The page is reloaded a minute later, once on this instance and once on the other.
    t.clock.advance(MINUTE);
    other.clock.set(t.clock.now());
    const saved = [
      { question: q1._id, option: right1 },
      { question: q2._id, option: lastPick2 },
    ];
    for (const app of [t, other]) {
      const reloaded = await openLevel(app, student.token, contest.id);
      expect(reloaded.status, reloaded.text).toBe(200);
      const again = reloaded.json.data;
      // The same level, questions and options in the same order, on the same clock: nothing restarted.
      expect(again).toMatchObject({
        _id: level._id,
        kind: 'contest',
        startedAt: level.startedAt,
        endsAt: level.endsAt,
        submitted: false,
        heading: level.heading,
      });
      expect(orderOf(again)).toEqual(orderOf(level));
      expect(byQuestion(again.answers)).toEqual(byQuestion(saved));
      expect(again.lifelines).toEqual([
        { question: q4._id, kind: 'fifty-fifty', hiddenOptions: lifeline.json.data.hiddenOptions },
      ]);
      // Still no key before the end.
      expect(reloaded.text).not.toMatch(/isCorrect|correctAnswer|explanation/);
    }

    // The answers saved before the reload are the ones the level is scored on: a hand-in carrying none.
    const handedIn = await t.call(contestApi.handIn, {
      params: { id: contest.id },
      token: student.token,
      body: { exam: level._id, answers: [] },
    });
    expect(handedIn.status, handedIn.text).toBe(200);
    const [entry] = await t.db
      .select()
      .from(contestEntries)
      .where(and(eq(contestEntries.contestId, contest.id), eq(contestEntries.userId, student.user._id)));
    expect(entry).toMatchObject({ levelsDone: 1, points: 5 - 2 });
  });
});
