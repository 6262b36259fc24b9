import { join } from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  attemptAnswers,
  attempts,
  contestEntries,
  contests,
  options,
  papers,
  questions,
} from '../../src/server/db/schema.ts';
import { fairPlayReport } from '../../src/server/services/contests/fair-play.ts';
import { createContestFromFile } from '../../src/server/services/contests/schedule.ts';
import { SAMPLE_CONTEST_KEY, seedSampleContest } from '../../src/server/services/seed.ts';
import {
  addStudent,
  contestFilesTestbed,
  contestObject,
  seedContestCatalogue,
  writeContestFile,
} from '../support/contest-file-fixture.ts';
import { openTestDatabase } from '../support/test-database.ts';

const { db, root } = await contestFilesTestbed('contests-fair-play-');

const now = new Date('2026-11-28T12:00:30Z');

/** A little deterministic generator, so the honest entrants' answers are varied but the same every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('the fair-play report', () => {
  it('finds a planted copying pair and an address cluster, and flags no honest entrant', async () => {
    await writeContestFile(root, 'fair.json', contestObject('2026-12-05T10:00:00+01:00'));
    const { contestId } = await createContestFromFile(db, 'fair.json', { now, cwd: root });
    const [contest] = await db.select().from(contests).where(eq(contests.id, contestId));
    const [paper] = await db.select().from(papers).where(eq(papers.contestId, contestId));
    if (!contest || !paper) throw new Error('contest not created');
    const levels = contest.levels;
    const allIds = levels.flatMap((level) => level.questionIds);
    const optionRows = await db
      .select()
      .from(options)
      .where(inArray(options.questionId, allIds))
      .orderBy(asc(options.position));
    const optionsOf = (questionId: string) => optionRows.filter((row) => row.questionId === questionId);

    // Each entrant: a choice (option position) per question and the seconds after their level start.
    type Play = { choice: number[]; seconds: number[]; address: string };
    const plays = new Map<number, Play>();
    const copied = {
      choice: [0, 0, 2, 0, 1, 0, 0, 3, 0, 0, 0, 2],
      seconds: allIds.map((_, i) => 15 + 20 * (i % 6)),
    };
    plays.set(1, { ...copied, address: '198.51.100.1' });
    plays.set(2, {
      choice: copied.choice,
      seconds: copied.seconds.map((s, i) => s + 2 + (i % 3)),
      address: '198.51.100.2',
    });
    // Two strong honest students: every answer right, at different paces.
    plays.set(3, {
      choice: allIds.map(() => 0),
      seconds: allIds.map((_, i) => 10 + 12 * (i % 6)),
      address: '198.51.100.3',
    });
    plays.set(4, {
      choice: allIds.map(() => 0),
      seconds: allIds.map((_, i) => 30 + 40 * (i % 6)),
      address: '198.51.100.4',
    });
    for (let n = 5; n <= 16; n += 1) {
      const next = random(n * 7919);
      plays.set(n, {
        choice: allIds.map(() => (next() < 0.55 ? 0 : 1 + Math.floor(next() * 3))),
        seconds: allIds.map(() => 5 + Math.floor(next() * 280)),
        // Two of them share a school's address.
        address: n === 7 || n === 11 ? '203.0.113.7' : `198.51.100.${n}`,
      });
    }

    const start = contest.startsAt.getTime();
    for (const [n, play] of plays) {
      const userId = await addStudent(db, 100 + n);
      await db
        .insert(contestEntries)
        .values({ contestId, userId, enteredAt: now, fee: 20, address: play.address });
      for (const [index, level] of levels.entries()) {
        const startedAt = new Date(start + index * 5 * 60_000 + (n % 4) * 1000);
        const [attempt] = await db
          .insert(attempts)
          .values({
            userId,
            kind: 'contest',
            contestId,
            contestLevel: index + 1,
            paperId: paper.id,
            subjectId: contest.subjectId,
            questionIds: level.questionIds,
            durationMinutes: level.minutes,
            startedAt,
            endsAt: new Date(startedAt.getTime() + level.minutes * 60_000),
          })
          .returning({ id: attempts.id });
        await db.insert(attemptAnswers).values(
          level.questionIds.map((questionId, q) => {
            const at = index * level.questionIds.length + q;
            return {
              attemptId: attempt?.id ?? '',
              questionId,
              optionId: optionsOf(questionId)[play.choice[at] ?? 0]?.id ?? '',
              answeredAt: new Date(startedAt.getTime() + (play.seconds[at] ?? 0) * 1000),
            };
          }),
        );
      }
    }

    const report = await fairPlayReport(db, contestId);
    expect(report.pairs).toHaveLength(1);
    expect(report.pairs[0]).toMatchObject({ common: 12, same: 12, sameWrong: 4 });
    const pairLine = report.lines.find((line) => line.includes('@example.com and '));
    expect(pairLine).toMatch(
      /entrant\.10[12]@example\.com and entrant\.10[12]@example\.com: same option on 12 of 12/,
    );
    expect(report.addresses).toEqual([
      { address: '203.0.113.7', emails: ['entrant.107@example.com', 'entrant.111@example.com'] },
    ]);
    expect(report.lines).toContain(
      '  203.0.113.7: 2 entrants: entrant.107@example.com, entrant.111@example.com',
    );
    expect(report.lines.join('\n')).not.toMatch(/entrant\.10[34]@example\.com and|and entrant\.10[34]@/);
  });
});

describe('the sample contest', () => {
  const logged: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });

  it('is scheduled once, free, about five minutes after the first start, even by two instances at once', async () => {
    const fresh = await openTestDatabase();
    try {
      await seedContestCatalogue(fresh.db);
      // Without its file, it is skipped with a warning.
      await seedSampleContest(fresh.db, logger, now, join(root, 'no-such-contest.json'));
      expect(logged.at(-1)).toMatchObject({
        level: 40,
        msg: expect.stringMatching(/sample contest is missing/),
      });
      expect(await fresh.db.$count(contests)).toBe(0);

      const file = join(root, 'sample.json');
      await writeContestFile(root, 'sample.json', {
        ...contestObject('2020-01-01T10:00:00+01:00'),
        title: 'Sample',
      });
      await Promise.all([
        seedSampleContest(fresh.db, logger, now, file),
        seedSampleContest(fresh.db, logger, new Date(now.getTime() + 61_000), file),
      ]);
      const rows = await fresh.db.select().from(contests);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ key: SAMPLE_CONTEST_KEY, entryFee: 0, title: 'Sample' });
      const startsAt = rows[0]?.startsAt.getTime() ?? 0;
      expect([
        new Date('2026-11-28T12:06:00Z').getTime(),
        new Date('2026-11-28T12:07:00Z').getTime(),
      ]).toContain(startsAt);
      const stored = await fresh.db.$count(questions);
      await seedSampleContest(fresh.db, logger, new Date(now.getTime() + 3_600_000), file);
      expect(await fresh.db.$count(contests)).toBe(1);
      expect(await fresh.db.$count(questions)).toBe(stored);
    } finally {
      await fresh.close();
    }
  });
});
