import { describe, expect, it } from 'vitest';
import {
  clockOffset,
  DEFAULT_COUNTDOWN_MINUTES,
  deadlineOf,
  describeCountdown,
  formatCountdown,
  minutesSpent,
  secondsLeft,
  splitSeconds,
  TIME_UP_TEXT,
} from './timer.ts';

describe('the countdown', () => {
  const endsAt = '2026-03-02T10:10:00.000Z';
  const at = (iso: string) => new Date(iso).getTime();

  it('counts the seconds left to the deadline, rounding a part second up and never below zero', () => {
    expect(secondsLeft(endsAt, at('2026-03-02T10:00:00.000Z'))).toBe(600);
    expect(secondsLeft(endsAt, at('2026-03-02T10:09:59.200Z'))).toBe(1);
    expect(secondsLeft(endsAt, at('2026-03-02T10:10:00.000Z'))).toBe(0);
    expect(secondsLeft(endsAt, at('2026-03-02T11:00:00.000Z'))).toBe(0);
    expect(secondsLeft('not a date', 0)).toBe(0);
  });

  it('resumes from the deadline: a reload five minutes in shows five minutes left', () => {
    expect(formatCountdown(secondsLeft(endsAt, at('2026-03-02T10:05:00.000Z')))).toBe('00:05:00');
  });

  it('shows hours, minutes and seconds, then Time up!', () => {
    expect(splitSeconds(3725)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
    expect(formatCountdown(3725)).toBe('01:02:05');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(0)).toBe(TIME_UP_TEXT);
    expect(TIME_UP_TEXT).toBe('Time up!');
  });

  it('says the time left in words for screen readers', () => {
    expect(describeCountdown(3725)).toBe('1 hour 2 minutes 5 seconds left');
    expect(describeCountdown(61)).toBe('1 minute 1 second left');
    expect(describeCountdown(9)).toBe('9 seconds left');
    expect(describeCountdown(0)).toBe('Time up!');
  });

  it('reports minutes spent to one decimal, within the duration', () => {
    const startedAt = '2026-03-02T10:00:00.000Z';
    expect(minutesSpent(startedAt, at('2026-03-02T10:02:30.000Z'), 10)).toBe(2.5);
    expect(minutesSpent(startedAt, at('2026-03-02T11:00:00.000Z'), 10)).toBe(10);
    expect(minutesSpent(startedAt, at('2026-03-02T09:59:00.000Z'), 10)).toBe(0);
  });

  it('counts to endsAt, else the start plus the duration, else 3 minutes from now (legacy default)', () => {
    const now = at('2026-03-02T10:00:00.000Z');
    expect(deadlineOf({ endsAt, startedAt: '2026-03-02T09:00:00.000Z', duration: 5 }, now)).toBe(at(endsAt));
    expect(deadlineOf({ startedAt: '2026-03-02T09:58:00.000Z', duration: 5 }, now)).toBe(
      at('2026-03-02T10:03:00.000Z'),
    );
    expect(deadlineOf({ duration: 2 }, now)).toBe(now + 2 * 60_000);
    expect(deadlineOf({ endsAt: 'garbage' }, now)).toBe(now + DEFAULT_COUNTDOWN_MINUTES * 60_000);
    expect(DEFAULT_COUNTDOWN_MINUTES).toBe(3);
  });
});

describe('clockOffset', () => {
  it('is how far the phone runs ahead of the server, so the deadline follows the phone clock', () => {
    const server = Date.parse('2026-03-02T09:00:00Z');
    expect(clockOffset('2026-03-02T09:00:00Z', server + 120_000)).toBe(120_000);
    expect(clockOffset('2026-03-02T09:00:00Z', server - 30_000)).toBe(-30_000);
    expect(clockOffset(undefined, server)).toBe(0);
  });
});
