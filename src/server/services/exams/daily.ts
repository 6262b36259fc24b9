import { createHash } from 'node:crypto';

export const DAILY_QUESTION_COUNT = 10;
export const DAILY_DURATION_MINUTES = 10;

const westAfricaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in West Africa Time, as YYYY-MM-DD: the daily test's day. */
export function westAfricaDate(now: Date): string {
  return westAfricaDay.format(now);
}

/** The moment a West Africa Time day (YYYY-MM-DD) ends: the next midnight in Lagos, which keeps UTC+1 all year. */
export function endOfWestAfricaDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00+01:00`) + 24 * 60 * 60_000);
}

/**
 * The day's questions for a subject: the same for every student on that day. Each candidate is ranked by a
 * hash of the day, the subject and its id, so the set changes daily and does not depend on the order the
 * database returns rows in.
 */
export function pickDailyQuestions(
  questionIds: readonly string[],
  day: string,
  subjectId: string,
  count = DAILY_QUESTION_COUNT,
): string[] {
  const rank = (id: string) => createHash('sha256').update(`${day}:${subjectId}:${id}`).digest('hex');
  return [...questionIds]
    .map((id) => ({ id, rank: rank(id) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .slice(0, count)
    .map(({ id }) => id);
}
