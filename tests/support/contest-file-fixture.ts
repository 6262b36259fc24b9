import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { examTypes, subjects, users } from '../../src/server/db/schema.ts';
import { checkContestFile } from '../../src/server/services/contests/contest-file.ts';
import { scheduleContest } from '../../src/server/services/contests/schedule.ts';
import { cleanUpAfterUse, openTestDatabase } from './test-database.ts';

// A small contest file for the editors' tests: two levels of original arithmetic questions, each with its
// explanation. Written with two-space indentation, so a field's line can be found with lineOf.

/** One question in the bank's native JSON shape: `n` makes its text and id unique. */
export function contestQuestion(n: number) {
  return {
    id: `fixture-q${n}`,
    question: `What is ${n} + ${n}?`,
    topic: 'Number bases',
    options: [
      { option: String(2 * n) },
      { option: String(2 * n + 1) },
      { option: String(2 * n + 2) },
      { option: String(2 * n + 3) },
    ],
    answer: 'A',
    explanation: `${n} + ${n} is twice ${n}, which is ${2 * n}.`,
  };
}

/** The fixture's contest as an object, to change before writing it; it starts at `startsAt`. */
export function contestObject(startsAt: string) {
  return {
    title: 'Fixture Maths Challenge',
    description: 'Two short levels of sums.',
    startsAt,
    entryFee: 20,
    examType: 'WAEC',
    subject: 'Mathematics',
    maxEntrants: 100,
    levels: [
      { minutes: 5, questions: [1, 2, 3, 4, 5, 6].map(contestQuestion) },
      { minutes: 10, questions: [7, 8, 9, 10, 11, 12].map(contestQuestion) },
    ],
    prizes: [
      { place: 1, coins: 500 },
      { place: 2, coins: 200 },
    ],
    sponsoredPrize: 'A scientific calculator from our sponsor',
  };
}

/** Writes the contest to `folder/name` and returns its text, to find lines in. */
export async function writeContestFile(folder: string, name: string, contest: unknown): Promise<string> {
  const text = `${JSON.stringify(contest, null, 2)}\n`;
  await writeFile(join(folder, name), text);
  return text;
}

/** The catalogue rows a contest file names: WAEC and Mathematics. */
export async function seedContestCatalogue(db: Database): Promise<void> {
  await db.insert(examTypes).values({ slug: 'waec', title: 'WAEC' }).onConflictDoNothing();
  await db.insert(subjects).values({ slug: 'mathematics', title: 'Mathematics' }).onConflictDoNothing();
}

/** A confirmed student with `coins`; returns their id. */
export async function addStudent(db: Database, n: number, coins = 100): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      firstName: `Entrant${n}`,
      lastName: 'Student',
      email: `entrant.${n}@example.com`,
      telephone: `0702${String(n).padStart(7, '0')}`,
      passwordHash: 'not used',
      triviaPoints: coins,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('student not created');
  return row.id;
}

/**
 * Schedules the fixture contest (changed by `changes`) to start an hour after the clock's now, through the
 * editors' own checks; returns its id and start.
 */
export async function scheduleFixtureContest(
  db: Database,
  now: Date,
  changes: Record<string, unknown> = {},
): Promise<{ id: string; startsAt: Date }> {
  const startsAt = new Date(now.getTime() + 60 * 60_000);
  const file = { ...contestObject(startsAt.toISOString()), ...changes };
  const check = checkContestFile(JSON.stringify(file, null, 2), 'contest.json', now);
  if (!check.draft) throw new Error(check.problems.map((problem) => problem.message).join('\n'));
  const summary = await scheduleContest(db, check.draft, { now });
  return { id: summary.contestId, startsAt };
}

/**
 * A test database with the catalogue a contest file names, and a scratch folder for contest files, both
 * removed after the test file.
 */
export async function contestFilesTestbed(folderPrefix: string): Promise<{ db: Database; root: string }> {
  const handle = await openTestDatabase();
  cleanUpAfterUse(handle.close);
  const root = await mkdtemp(join(tmpdir(), folderPrefix));
  afterAll(() => rm(root, { recursive: true, force: true }));
  await seedContestCatalogue(handle.db);
  return { db: handle.db, root };
}
