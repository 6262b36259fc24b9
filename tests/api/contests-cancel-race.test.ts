import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coinLedger, contestEntries, contests, users } from '../../src/server/db/schema.ts';
import { enterContest } from '../../src/server/services/contests/entry.ts';
import { cancelContest } from '../../src/server/services/contests/manage.ts';
import { createContestFromFile } from '../../src/server/services/contests/schedule.ts';
import {
  addStudent,
  contestObject,
  seedContestCatalogue,
  writeContestFile,
} from '../support/contest-file-fixture.ts';
import { openTestDatabase, testDatabaseKind } from '../support/test-database.ts';

// PGlite runs one query at a time, so this race needs PostgreSQL (the api-postgres project).
describe.runIf(testDatabaseKind === 'postgres')('a cancellation racing entries on PostgreSQL', () => {
  it('refunds every fee that was taken, once, and takes none after it', async () => {
    const handle = await openTestDatabase();
    const root = await mkdtemp(join(tmpdir(), 'contests-race-'));
    try {
      const { db } = handle;
      await seedContestCatalogue(db);
      const now = new Date('2026-11-28T12:00:00Z');
      await writeContestFile(root, 'race.json', contestObject('2026-12-05T10:00:00+01:00'));
      const { contestId } = await createContestFromFile(db, 'race.json', { now, cwd: root });
      const students = await Promise.all(Array.from({ length: 30 }, (_, n) => addStudent(db, 500 + n, 100)));
      // Ten are in before the cancellation starts; twenty more race it.
      for (const [n, userId] of students.slice(0, 10).entries()) {
        await enterContest(db, { userId, contestId, address: `192.0.2.${n}`, now });
      }
      const entering = students.slice(10).map((userId, n) =>
        enterContest(db, { userId, contestId, address: `192.0.2.${10 + n}`, now }).then(
          () => 'entered',
          () => 'refused',
        ),
      );
      const cancelled = cancelContest(db, contestId, now);
      const outcomes = await Promise.all(entering);
      const summary = await cancelled;

      const entries = await db.select().from(contestEntries).where(eq(contestEntries.contestId, contestId));
      expect(outcomes.filter((outcome) => outcome === 'entered')).toHaveLength(entries.length - 10);
      expect(summary.refunded).toBe(entries.length);
      expect(entries.every((entry) => entry.refundedAt !== null)).toBe(true);
      // Everyone ends where they began: a fee taken was refunded, and none was taken after the cancellation.
      const balances = await db
        .select({ coins: users.triviaPoints })
        .from(users)
        .where(eq(users.lastName, 'Student'));
      expect(balances.every((row) => row.coins === 100)).toBe(true);
      expect(
        await db.$count(coinLedger, eq(coinLedger.description, 'Contest refund: Fixture Maths Challenge')),
      ).toBe(entries.length);
      const [contest] = await db.select().from(contests).where(eq(contests.id, contestId));
      expect(contest?.entrants).toBe(entries.length);
    } finally {
      await handle.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
