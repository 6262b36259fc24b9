/**
 * What the contest screens show, worked out from the API's shapes without a browser: the list's groups,
 * fees, prizes, countdowns and the lines about the caller's own entry.
 */
import type {
  ContestEntry,
  ContestLevelInfo,
  ContestPrize,
  ContestStatus,
  ContestSummary,
} from '../../lib/api/contest.ts';
import { countOf, formatThousands, ordinal } from '../../lib/format.ts';

/** The list of /contests in its three parts, each in the order the API sends. */
export interface ContestGroups {
  live: ContestSummary[];
  upcoming: ContestSummary[];
  /** Finished and cancelled contests. */
  past: ContestSummary[];
}

/** Splits the list into live, upcoming and past contests, keeping the API's order within each. */
export function groupContests(contests: readonly ContestSummary[]): ContestGroups {
  const groups: ContestGroups = { live: [], upcoming: [], past: [] };
  for (const contest of contests) {
    if (contest.status === 'live') groups.live.push(contest);
    else if (contest.status === 'upcoming') groups.upcoming.push(contest);
    else groups.past.push(contest);
  }
  return groups;
}

/** "Free", or the entry fee in coins: "20 coins". */
export function feeText(entryFee: number): string {
  return entryFee === 0 ? 'Free' : `${formatThousands(entryFee)} ${entryFee === 1 ? 'coin' : 'coins'}`;
}

/** "Enter (20 coins)" or "Enter for free". */
export function enterLabel(entryFee: number): string {
  return entryFee === 0 ? 'Enter for free' : `Enter (${feeText(entryFee)})`;
}

/** "1st place: 500 coins". */
export function prizeText(prize: ContestPrize): string {
  return `${ordinal(prize.place)} place: ${feeText(prize.coins)}`;
}

/** "Level 1: 10 questions, 5 minutes". */
export function levelText(level: ContestLevelInfo, index: number): string {
  return `Level ${index + 1}: ${countOf(level.questions, 'question')}, ${countOf(level.minutes, 'minute')}`;
}

/** "12 of 10,000 places taken": how many have entered. */
export function entrantsText(contest: Pick<ContestSummary, 'entrants' | 'maxEntrants'>): string {
  const entered = formatThousands(contest.entrants);
  return `${entered} of ${formatThousands(contest.maxEntrants)} places taken`;
}

/** What the status badge says. */
export const STATUS_LABEL: Record<ContestStatus, string> = {
  live: 'Live now',
  upcoming: 'Upcoming',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

/**
 * How far the phone's clock runs ahead of the server's, from the server time an answer carried, so that a
 * countdown on a phone set to the wrong time is still right. 0 when the time cannot be read.
 */
export function serverOffset(serverTime: string, phoneNow: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : phoneNow - server;
}

/** Milliseconds from `now` (the server's clock) until `iso`, never below zero. */
export function msUntil(iso: string, now: number): number {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`;

/**
 * A countdown in words, to the second when it is close: "2 days 3 hours", "1 hour 5 minutes",
 * "4 minutes 9 seconds", "9 seconds"; "now" at zero.
 */
export function countdownText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  if (total <= 0) return 'now';
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0)
    return minutes > 0 ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  if (minutes > 0)
    return seconds > 0 ? `${unit(minutes, 'minute')} ${unit(seconds, 'second')}` : unit(minutes, 'minute');
  return unit(seconds, 'second');
}

/** "1 min 05 s" style total time on a board row: "3 min 20 s", "45 s". */
export function secondsText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return minutes > 0 ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${rest} s`;
}

/** "5 points", "-2 points", "1 point". */
export function pointsText(points: number): string {
  return `${formatThousands(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}

/** The line about the caller's own entry on a contest's card or page; '' for none. */
export function entryLine(status: ContestStatus, entry: ContestEntry | null): string {
  if (!entry) return '';
  if (status === 'cancelled') return 'You entered; the contest was cancelled and your fee refunded.';
  if (status === 'upcoming') return 'You have entered. Level 1 opens at the start.';
  const place = entry.place === null ? '' : `${ordinal(entry.place)} place, `;
  if (status === 'live') {
    return `You are ${place}${pointsText(entry.points)} so far; ${entry.levelsDone} of your levels handed in.`;
  }
  const prize = entry.prizeCoins ? ` You won ${feeText(entry.prizeCoins)}.` : '';
  return entry.place === null
    ? `You entered and scored ${pointsText(entry.points)}.${prize}`
    : `You finished ${ordinal(entry.place)} with ${pointsText(entry.points)}.${prize}`;
}

/** Whether the caller's entry has a level to play now. */
export function canPlay(contest: Pick<ContestSummary, 'status' | 'entry'>): boolean {
  return contest.status === 'live' && contest.entry?.openLevel != null;
}

/** Whether a student may still enter: before the start, not entered, and places left. */
export function canEnter(contest: Pick<ContestSummary, 'status' | 'entry' | 'entrants' | 'maxEntrants'>) {
  return contest.status === 'upcoming' && !contest.entry && contest.entrants < contest.maxEntrants;
}
