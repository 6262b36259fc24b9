/**
 * When each of an entrant's levels runs. Level 1 opens at the contest's start for everyone; each later level
 * opens the moment the one before it was handed in or ran out of time, and runs for its own minutes. So the
 * levels of every entrant run back to back, and all of them end by the contest's end (the start plus every
 * level's minutes). The server's clock decides; nothing here trusts the phone.
 */

export interface LevelAttemptTimes {
  level: number;
  startedAt: Date;
  endsAt: Date;
  submittedAt: Date | null;
}

export interface LevelWindow {
  /** From 1. */
  level: number;
  startsAt: Date;
  endsAt: Date;
}

export type EntrantProgress =
  /** The contest has not started: no level is open. */
  | { state: 'waiting'; levelsDone: 0 }
  /** A level is open now. */
  | { state: 'playing'; open: LevelWindow; levelsDone: number }
  /** Every level was handed in or ran out: `finishedAt` is when the last one ended. */
  | { state: 'done'; finishedAt: Date; levelsDone: number };

/** When a level ended for the entrant: when it was handed in, or its deadline if that came first. */
export function levelEnd(attempt: Pick<LevelAttemptTimes, 'endsAt' | 'submittedAt'>): Date {
  const { submittedAt, endsAt } = attempt;
  return submittedAt !== null && submittedAt < endsAt ? submittedAt : endsAt;
}

/**
 * Where an entrant stands at `now`: the level open to them, if any, and how many are behind them. A level
 * whose attempt was never opened (or never handed in) counts as run out at its deadline.
 */
export function entrantProgress(
  contest: { startsAt: Date; levels: readonly { minutes: number }[] },
  attempts: readonly LevelAttemptTimes[],
  now: Date,
): EntrantProgress {
  if (now < contest.startsAt) return { state: 'waiting', levelsDone: 0 };
  const byLevel = new Map(attempts.map((attempt) => [attempt.level, attempt]));
  let opensAt = contest.startsAt;
  for (const [index, { minutes }] of contest.levels.entries()) {
    const level = index + 1;
    const attempt = byLevel.get(level);
    const window = attempt
      ? { level, startsAt: attempt.startedAt, endsAt: attempt.endsAt }
      : { level, startsAt: opensAt, endsAt: new Date(opensAt.getTime() + minutes * 60_000) };
    const handedIn = attempt?.submittedAt != null;
    if (!handedIn && now < window.endsAt) return { state: 'playing', open: window, levelsDone: index };
    opensAt = attempt ? levelEnd(attempt) : window.endsAt;
  }
  return { state: 'done', finishedAt: opensAt, levelsDone: contest.levels.length };
}
