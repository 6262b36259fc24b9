import { createHmac } from 'node:crypto';

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

/** The daily draw's inputs: whose test, which day and subject, and the server's secret. */
export interface DailyDraw {
  secret: string;
  day: string;
  subjectId: string;
  userId: string;
}

/**
 * A student's daily test in a subject: DAILY_QUESTION_COUNT questions of the subject's whole bank, drawn
 * for that student and day, questions whose key they have not been shown (`known`) first. Each candidate
 * is ranked by an HMAC, under the server's secret, of the day, the subject, the student and its id: so the
 * set is the same however often the student asks that day and whatever order the database returns rows
 * in, differs between students (another account's test, or its key, tells little about this one), and
 * cannot be computed in advance by anyone without the secret.
 */
export function pickDailyQuestions(
  questionIds: readonly string[],
  draw: DailyDraw,
  known: ReadonlySet<string> = new Set(),
  count = DAILY_QUESTION_COUNT,
): string[] {
  const rank = (id: string) =>
    createHmac('sha256', draw.secret)
      .update(`${draw.day}:${draw.subjectId}:${draw.userId}:${id}`)
      .digest('hex');
  return [...new Set(questionIds)]
    .map((id) => ({ id, known: known.has(id), rank: rank(id) }))
    .sort((a, b) =>
      a.known !== b.known ? (a.known ? 1 : -1) : a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0,
    )
    .slice(0, count)
    .map(({ id }) => id);
}
