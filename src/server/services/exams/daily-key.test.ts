import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { dailyKeyOpensAt, dailyKeyOpensSql, endOfWestAfricaDay, westAfricaMidnight } from './daily-key.ts';

const client = new PGlite();
const db = drizzle(client);
afterAll(() => client.close());

describe('the daily key', () => {
  it('counts a West Africa Time day from midnight in Lagos, 23:00 UTC the day before', () => {
    expect(westAfricaMidnight('2026-03-02')).toEqual(new Date('2026-03-01T23:00:00Z'));
    expect(endOfWestAfricaDay('2026-03-02')).toEqual(new Date('2026-03-02T23:00:00Z'));
    // Lagos has no summer time: the day ends at 23:00 UTC in July as in March.
    expect(endOfWestAfricaDay('2026-07-15')).toEqual(new Date('2026-07-15T23:00:00Z'));
  });

  it('opens after midnight plus the test’s duration and the 30 s grace period', () => {
    expect(dailyKeyOpensAt('2026-03-02', 10)).toEqual(new Date('2026-03-02T23:10:30Z'));
    expect(dailyKeyOpensAt('2026-12-31', 0)).toEqual(new Date('2026-12-31T23:00:30Z'));
  });

  it('opens at the same moment in SQL as in TypeScript', async () => {
    for (const [day, minutes] of [
      ['2026-03-02', 10],
      ['2026-07-15', 25],
      ['2026-12-31', 0],
    ] as const) {
      const opens = dailyKeyOpensSql(sql`${day}::text`, sql`${minutes}::integer`);
      const result = await db.execute<{ ms: number }>(
        sql`select (extract(epoch from ${opens}) * 1000)::float8 as ms`,
      );
      expect(result.rows[0]?.ms).toBe(dailyKeyOpensAt(day, minutes).getTime());
    }
  });
});
