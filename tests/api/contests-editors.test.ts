import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  coinLedger,
  contestEntries,
  contests,
  options,
  papers,
  questions,
  users,
  years,
} from '../../src/server/db/schema.ts';
import { ContestFileError } from '../../src/server/services/contests/contest-file.ts';
import { cancelContest } from '../../src/server/services/contests/manage.ts';
import { ContestExistsError, createContestFromFile } from '../../src/server/services/contests/schedule.ts';
import { lineOf } from '../support/bank-files.ts';
import {
  addStudent,
  contestFilesTestbed,
  contestObject,
  writeContestFile,
} from '../support/contest-file-fixture.ts';

const { db, root } = await contestFilesTestbed('contests-');

const now = new Date('2026-11-28T12:00:00Z');
const START = '2026-12-05T10:00:00+01:00';
const create = (name: string, dryRun = false) => createContestFromFile(db, name, { now, dryRun, cwd: root });

async function problemsOf(name: string) {
  const error = await create(name).catch((caught: unknown) => caught);
  if (!(error instanceof ContestFileError)) throw new Error(`expected problems, got ${String(error)}`);
  return error.problems;
}

/** Everything a contest writes, to show that nothing was. */
async function snapshot() {
  return {
    contests: await db.select().from(contests).orderBy(asc(contests.id)),
    papers: await db.select().from(papers).orderBy(asc(papers.id)),
    questions: await db.select().from(questions).orderBy(asc(questions.id)),
    options: await db.select().from(options).orderBy(asc(options.id)),
    years: await db.select().from(years).orderBy(asc(years.id)),
  };
}

describe('a contest file with problems', () => {
  it('names every problem with its field and line, and saves nothing', async () => {
    const contest = contestObject('2026-11-01T10:00:00+01:00') as Record<string, unknown>;
    contest.examType = 'NECO';
    contest.colour = 'blue';
    contest.prizes = [
      { place: 1, coins: 500 },
      { place: 1, coins: 200 },
    ];
    const levels = contest.levels as { minutes: number; questions: Record<string, unknown>[] }[];
    const [first, second] = levels;
    if (!first?.questions[0] || !second?.questions[2]) throw new Error('fixture changed');
    first.questions[0].explanation = '';
    second.questions[2].answer = 'F';
    second.minutes = 0;
    const text = await writeContestFile(root, 'bad.json', contest);
    const before = await snapshot();
    const problems = await problemsOf('bad.json');
    const byField = Object.fromEntries(problems.map((problem) => [problem.field ?? '', problem]));
    expect(problems.every((problem) => problem.file === 'bad.json')).toBe(true);
    expect(byField.startsAt).toMatchObject({
      line: lineOf(text, '"startsAt"'),
      message: expect.stringMatching(/past/),
    });
    expect(byField['levels[0].questions[0].explanation']).toMatchObject({
      line: lineOf(text, '"explanation": ""'),
      message: expect.stringMatching(/explanation is missing/),
    });
    expect(byField['levels[1].questions[2].answer']).toMatchObject({
      line: lineOf(text, '"answer": "F"'),
      message: expect.stringMatching(/A to E/),
    });
    expect(byField['levels[1].minutes']?.line).toBe(lineOf(text, '"minutes": 0'));
    expect(byField['prizes[1].place']?.message).toMatch(/place 1 is given twice/);
    expect(byField.examType).toMatchObject({
      line: lineOf(text, '"examType"'),
      message: expect.stringMatching(/"NECO" is not in the catalogue/),
    });
    expect(byField.colour).toMatchObject({
      line: lineOf(text, '"colour"'),
      message: expect.stringMatching(/unknown field "colour"/),
    });
    expect(byField.prizes?.message).toMatch(/place 2 is missing/);
    expect(problems).toHaveLength(8);
    expect(await snapshot()).toEqual(before);
  });

  it('names the line of a JSON syntax error', async () => {
    const broken = `${JSON.stringify(contestObject(START), null, 2)}\n`.replace(
      '"entryFee": 20,',
      '"entryFee": 20',
    );
    await writeFile(join(root, 'syntax.json'), broken);
    const problems = await problemsOf('syntax.json');
    expect(problems[0]).toMatchObject({ file: 'syntax.json', line: lineOf(broken, '"examType"') });
    expect(problems[0]?.message).toMatch(/not valid JSON: a comma is missing/);
  });
});

describe('creating a contest', () => {
  it('a dry run checks everything and saves nothing', async () => {
    await writeContestFile(root, 'dry.json', { ...contestObject(START), title: 'Dry Run Challenge' });
    const before = await snapshot();
    const summary = await create('dry.json', true);
    expect(summary).toMatchObject({ dryRun: true, title: 'Dry Run Challenge', year: 2026, yearAdded: true });
    expect(summary.levels).toEqual([
      { minutes: 5, questions: 6 },
      { minutes: 10, questions: 6 },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('creates the contest, its own paper and its reserved questions, once', async () => {
    const text = await writeContestFile(root, 'good.json', contestObject(START));
    const summary = await create('good.json');
    const [contest] = await db.select().from(contests).where(eq(contests.id, summary.contestId));
    expect(contest).toMatchObject({
      title: 'Fixture Maths Challenge',
      startsAt: new Date('2026-12-05T09:00:00Z'),
      endsAt: new Date('2026-12-05T09:15:00Z'),
      entryFee: 20,
      maxEntrants: 100,
      entrants: 0,
      prizes: [
        { place: 1, coins: 500 },
        { place: 2, coins: 200 },
      ],
      sponsoredPrize: 'A scientific calculator from our sponsor',
      cancelledAt: null,
    });
    const [paper] = await db.select().from(papers).where(eq(papers.contestId, summary.contestId));
    const [year] = await db.select().from(years).where(eq(years.year, 2026));
    expect(paper).toMatchObject({ yearId: year?.id, duration: 15, examTypeId: contest?.examTypeId });
    const stored = await db
      .select()
      .from(questions)
      .where(eq(questions.paperId, paper?.id ?? ''))
      .orderBy(asc(questions.position));
    expect(stored.map((row) => row.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(stored[0]).toMatchObject({
      questionSource: 'What is 1 + 1?',
      explanationSource: '1 + 1 is twice 1, which is 2.',
    });
    expect(stored.every((row) => row.key === `${contest?.key}:fixture-q${row.position + 1}`)).toBe(true);
    expect(contest?.levels).toEqual([
      { minutes: 5, questionIds: stored.slice(0, 6).map((row) => row.id) },
      { minutes: 10, questionIds: stored.slice(6).map((row) => row.id) },
    ]);
    const right = await db
      .select({ position: options.position })
      .from(options)
      .where(eq(options.questionId, stored[0]?.id ?? ''))
      .orderBy(asc(options.position));
    expect(right).toHaveLength(4);

    // The same file again names the contest it made, and adds nothing.
    const before = await snapshot();
    const again = await create('good.json').catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(ContestExistsError);
    expect((again as Error).message).toContain(summary.contestId);
    expect(await snapshot()).toEqual(before);
    expect(text).toContain('fixture-q12');
  });
});

describe('cancelling a contest', () => {
  it('refunds each paying entry once with a ledger row, and refuses a second cancellation', async () => {
    await writeContestFile(root, 'cancel.json', { ...contestObject(START), title: 'Cancelled Challenge' });
    const { contestId } = await create('cancel.json');
    const payers = [await addStudent(db, 1, 80), await addStudent(db, 2, 0), await addStudent(db, 3, 5)];
    const free = await addStudent(db, 4, 50);
    const enteredAt = new Date(now.getTime() + 60_000);
    await db
      .insert(contestEntries)
      .values([
        ...payers.map((userId) => ({ contestId, userId, enteredAt, fee: 20, address: '10.0.0.1' })),
        { contestId, userId: free, enteredAt, fee: 0, address: '10.0.0.2' },
      ]);
    await db.update(contests).set({ entrants: 4 }).where(eq(contests.id, contestId));

    const later = new Date(now.getTime() + 3_600_000);
    expect(await cancelContest(db, contestId, later)).toMatchObject({ refunded: 3, coins: 60 });
    const balances = await db
      .select({ id: users.id, coins: users.triviaPoints })
      .from(users)
      .where(eq(users.lastName, 'Student'));
    const coinsOf = new Map(balances.map((row) => [row.id, row.coins]));
    expect(payers.map((id) => coinsOf.get(id))).toEqual([100, 20, 25]);
    expect(coinsOf.get(free)).toBe(50);
    const ledger = await db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.description, 'Contest refund: Cancelled Challenge'));
    expect(ledger.map((row) => row.userId).sort()).toEqual([...payers].sort());
    expect(ledger.every((row) => row.type === 'credit' && row.coins === 20)).toBe(true);
    const entries = await db.select().from(contestEntries).where(eq(contestEntries.contestId, contestId));
    expect(
      entries
        .filter((entry) => entry.refundedAt !== null)
        .map((entry) => entry.userId)
        .sort(),
    ).toEqual([...payers].sort());
    const [row] = await db.select().from(contests).where(eq(contests.id, contestId));
    expect(row?.cancelledAt).toEqual(later);

    await expect(cancelContest(db, contestId, later)).rejects.toThrow(/already cancelled/);
    expect(
      await db.$count(coinLedger, eq(coinLedger.description, 'Contest refund: Cancelled Challenge')),
    ).toBe(3);
  });

  it('refuses a finished contest and changes nothing', async () => {
    await writeContestFile(root, 'finished.json', { ...contestObject(START), title: 'Finished Challenge' });
    const { contestId } = await create('finished.json');
    const finishedAt = new Date('2026-12-05T09:16:00Z');
    await db.update(contests).set({ finishedAt }).where(eq(contests.id, contestId));
    await expect(cancelContest(db, contestId, new Date('2026-12-05T10:00:00Z'))).rejects.toThrow(
      /has finished/,
    );
    const [row] = await db.select().from(contests).where(eq(contests.id, contestId));
    expect(row?.cancelledAt).toBeNull();
  });
});
