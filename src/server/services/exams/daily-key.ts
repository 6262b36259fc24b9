import { type SQL, sql } from 'drizzle-orm';
import { GRACE_MS, MINUTE } from './attempt-rows.ts';

/**
 * When the key of a daily test opens (its correct answers, explanations and right/wrong flags): once the last
 * daily test of its West Africa Time day can no longer be submitted, that is midnight in Lagos plus the test's
 * duration and the grace period (one started at 23:59 is still answered after midnight), so that no account
 * can pass a key to another in time. Written once here, in TypeScript and in SQL, from the same offset.
 */

/** West Africa Time's offset from UTC: Lagos keeps UTC+1 all year, with no summer time. */
export const WEST_AFRICA_OFFSET = '+01:00';

const DAY_MS = 24 * 60 * MINUTE;

/** The midnight that starts a West Africa Time day (YYYY-MM-DD). */
export function westAfricaMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00${WEST_AFRICA_OFFSET}`));
}

/** The moment a West Africa Time day (YYYY-MM-DD) ends: the next midnight in Lagos. */
export function endOfWestAfricaDay(day: string): Date {
  return new Date(westAfricaMidnight(day).getTime() + DAY_MS);
}

/** When the key of a daily test of `day` (YYYY-MM-DD) that lasts `durationMinutes` opens. */
export function dailyKeyOpensAt(day: string, durationMinutes: number): Date {
  return new Date(endOfWestAfricaDay(day).getTime() + durationMinutes * MINUTE + GRACE_MS);
}

/** dailyKeyOpensAt in SQL, on an attempt's day (text, YYYY-MM-DD) and duration in minutes. */
export function dailyKeyOpensSql(day: SQL, durationMinutes: SQL): SQL {
  const midnight = sql.raw(`'T00:00:00${WEST_AFRICA_OFFSET}'`);
  return sql`((${day} || ${midnight})::timestamptz + interval '1 day'
    + make_interval(mins => ${durationMinutes}) + ${`${GRACE_MS / 1000} seconds`}::interval)`;
}
