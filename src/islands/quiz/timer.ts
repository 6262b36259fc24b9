/** The quiz countdown (spec §4 Timer): hours, minutes and seconds left until the attempt's deadline. */

/** What the countdown shows once the time has run out. */
export const TIME_UP_TEXT = 'Time up!';

/** How often the countdown ticks (spec §9). */
export const TICK_MS = 1000;

/** The countdown of a quiz that gives no time at all (spec §4: the legacy default of 3 minutes). */
export const DEFAULT_COUNTDOWN_MINUTES = 3;

/**
 * The deadline to count down to: the attempt's `endsAt`; failing that, its start plus its duration; failing
 * that, the legacy default of 3 minutes from now.
 */
export function deadlineOf(
  attempt: { endsAt?: string | null; startedAt?: string | null; duration?: number | null },
  now: number,
): number {
  const endsAt = new Date(attempt.endsAt ?? Number.NaN).getTime();
  if (!Number.isNaN(endsAt)) return endsAt;
  const started = new Date(attempt.startedAt ?? Number.NaN).getTime();
  const minutes = attempt.duration && attempt.duration > 0 ? attempt.duration : undefined;
  if (!Number.isNaN(started) && minutes) return started + minutes * 60_000;
  return now + (minutes ?? DEFAULT_COUNTDOWN_MINUTES) * 60_000;
}

/**
 * Whole seconds left until `endsAt`, never below zero. It is computed from the deadline each time, not
 * counted down, so a reload, a sleeping phone or a throttled tab still shows the true time left.
 */
export function secondsLeft(endsAt: string | number | Date, now: number): number {
  const deadline = new Date(endsAt).getTime();
  if (Number.isNaN(deadline)) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Splits seconds into hours, minutes and seconds. */
export function splitSeconds(total: number): { hours: number; minutes: number; seconds: number } {
  const whole = Math.max(0, Math.floor(total));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
}

const two = (value: number) => String(value).padStart(2, '0');

/** 3725 -> "01:02:05"; 0 -> "Time up!". */
export function formatCountdown(total: number): string {
  if (total <= 0) return TIME_UP_TEXT;
  const { hours, minutes, seconds } = splitSeconds(total);
  return `${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`;

/** The countdown in words for screen readers: "1 hour 2 minutes 5 seconds left". */
export function describeCountdown(total: number): string {
  if (total <= 0) return TIME_UP_TEXT;
  const { hours, minutes, seconds } = splitSeconds(total);
  const parts = [
    hours > 0 ? unit(hours, 'hour') : '',
    hours > 0 || minutes > 0 ? unit(minutes, 'minute') : '',
    unit(seconds, 'second'),
  ].filter(Boolean);
  return `${parts.join(' ')} left`;
}

/** Minutes since the attempt started, to one decimal, as the submit body's `timeSpent` (spec §7). */
export function minutesSpent(startedAt: string, now: number, durationMinutes: number): number {
  const started = new Date(startedAt).getTime();
  if (Number.isNaN(started)) return 0;
  const minutes = (now - started) / 60_000;
  return Math.round(Math.min(Math.max(minutes, 0), durationMinutes) * 10) / 10;
}

/**
 * How far the phone's clock runs ahead of the server's (negative when behind), from the server time sent
 * with the attempt; added to the server's deadline it gives the deadline on the phone's clock. A phone set
 * to the wrong time would otherwise show the wrong time left. 0 when the server sent no time.
 */
export function clockOffset(serverTime: string | undefined, phoneNow: number): number {
  const server = new Date(serverTime ?? Number.NaN).getTime();
  return Number.isNaN(server) ? 0 : phoneNow - server;
}
