/**
 * What the review deck's screens say (docs/learning.md, "The review deck"): when the next review is due, the
 * session's summary, the home page's reminder and the links to the deck. Times are in West Africa Time, as
 * the server keeps the deck's days.
 */

import { dueToday, MAX_REVIEW_SECONDS, NEW_PER_DAY, type ReviewCounts } from '../../lib/api/review.ts';
import { countOf } from '../../lib/format.ts';

export const OFFLINE_MESSAGE =
  'Reviews need a connection: your answers are marked and scheduled on the server, so that the deck follows you to any phone. Connect and try again.';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The number of the West Africa Time day a moment falls in (Lagos keeps UTC+1 all year). */
function westAfricaDay(moment: number): number {
  return Math.floor((moment + HOUR) / DAY);
}

const lagosTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Lagos',
});
const lagosDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'Africa/Lagos',
});

/** When a review is due, in words: "today at 14:20", "tomorrow", "on Thursday 26 March". */
export function dueWhen(iso: string, now: number): string {
  const due = Date.parse(iso);
  const days = westAfricaDay(due) - westAfricaDay(now);
  if (days <= 0) return `today at ${lagosTime.format(due)}`;
  if (days === 1) return 'tomorrow';
  return `on ${lagosDate.format(due)}`;
}

/** The empty deck's line under "No reviews due": what comes back when, or how the deck fills. */
export function nextReviewLine(counts: ReviewCounts, now: number): string {
  if (counts.nextDue === null) {
    return 'Questions you get wrong or leave blank in a test come here, to be practised again just before you would forget them.';
  }
  const later = counts.dueLaterToday > 0 ? `${countOf(counts.dueLaterToday, 'question')} later today. ` : '';
  const waiting =
    counts.waiting > 0
      ? `${countOf(counts.waiting, 'new question')} ${counts.waiting === 1 ? 'waits' : 'wait'} for the next days: up to ${NEW_PER_DAY} new ones join your reviews each day. `
      : '';
  return `${later}${waiting}Your next review is due ${dueWhen(counts.nextDue, now)} (West Africa Time).`;
}

/** How a review session went. */
export interface SessionTally {
  answered: number;
  right: number;
}

/** The summary's headline: how many were reviewed and how many were right. */
export function sessionLine(tally: SessionTally): string {
  if (tally.answered === 0) return 'You did not answer any question this time.';
  return `You reviewed ${countOf(tally.answered, 'question')} and got ${tally.right} right.`;
}

/** What the summary says comes next: more due now, or when the next review is due. */
export function afterSessionLine(counts: ReviewCounts, now: number): string {
  if (counts.dueNow > 0)
    return `${countOf(counts.dueNow, 'more question')} ${counts.dueNow === 1 ? 'is' : 'are'} due now${waitingClause(counts)}.`;
  return nextReviewLine(counts, now);
}

/** How many new questions wait past today's cap, as a clause: "386 more waiting"; empty when none wait. */
export function waitingClause(counts: ReviewCounts): string {
  return counts.waiting > 0 ? ` · ${counts.waiting} more waiting` : '';
}

/**
 * The home page's reminder, when anything is due now; undefined when nothing is. New questions past the
 * day's cap are named apart, so that a test handed in early reads as today's share and what waits.
 */
export function reminderLine(counts: ReviewCounts): string | undefined {
  if (counts.dueNow === 0) return undefined;
  return `You have ${countOf(dueToday(counts), 'question')} to review today${waitingClause(counts)}.`;
}

/** The link to the deck from /award and /profile: with the count when questions are due. */
export function deckLinkText(dueNow: number | undefined): string {
  return dueNow ? `Review your mistakes (${dueNow} due)` : 'Review your mistakes';
}

/**
 * Seconds between two moments, to one decimal, as POST /review/answer takes them: a question left on screen
 * for days (a phone put away) is sent as the most the API accepts, not refused.
 */
export function secondsBetween(startedAt: number, answeredAt: number): number {
  return Math.min(MAX_REVIEW_SECONDS, Math.max(0, Math.round((answeredAt - startedAt) / 100) / 10));
}
