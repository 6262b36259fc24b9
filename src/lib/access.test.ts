import { describe, expect, it } from 'vitest';
import { accessSummary } from './access.ts';
import type { Profile } from './api/user.ts';
import { formatDayAndTime } from './format.ts';

type Subscription = Profile['subscription'];

const NOW = new Date('2025-11-24T12:00:00Z');
const trial: Subscription = {
  status: 'trial',
  planId: null,
  planTitle: null,
  endsAt: '2025-11-25T13:05:00.000Z',
};
const weekly: Subscription = {
  status: 'active',
  planId: 'weekly',
  planTitle: 'Weekly',
  endsAt: '2025-12-01T23:30:00.000Z',
};

describe('formatDayAndTime', () => {
  it('writes the day, month and 24-hour time in West Africa Time (UTC+1)', () => {
    expect(formatDayAndTime('2025-11-25T13:05:00Z')).toBe('25 Nov, 14:05');
    // 23:30 UTC is already the next day in Lagos.
    expect(formatDayAndTime('2025-12-01T23:30:00Z')).toBe('2 Dec, 00:30');
    expect(formatDayAndTime('2026-03-02T08:00:00Z')).toBe('2 Mar, 09:00');
  });
});

describe('accessSummary', () => {
  it('says when the trial ends, and offers the plans', () => {
    expect(accessSummary(trial, NOW)).toEqual({
      text: 'Trial ends 25 Nov, 14:05',
      live: true,
      offerPlans: true,
    });
  });

  it('names a bought plan and when it ends, and offers nothing', () => {
    expect(accessSummary(weekly, NOW)).toEqual({
      text: 'Weekly plan ends 2 Dec, 00:30',
      live: true,
      offerPlans: false,
    });
    expect(accessSummary({ ...weekly, planTitle: null }, NOW).text).toBe('Your plan ends 2 Dec, 00:30');
  });

  it('names the plan running now and the one bought on top of it, which starts when it ends', () => {
    const monthlyThenWeekly: Subscription = {
      ...weekly,
      endsAt: '2025-12-31T13:05:00.000Z',
      current: { planId: 'monthly', planTitle: 'Monthly', endsAt: '2025-12-24T13:05:00.000Z', plansAfter: 1 },
    };
    expect(accessSummary(monthlyThenWeekly, NOW)).toEqual({
      text: 'Monthly plan ends 24 Dec, 14:05, then Weekly plan until 31 Dec, 14:05',
      live: true,
      offerPlans: false,
    });
    const trialThenWeekly = {
      ...monthlyThenWeekly,
      current: { planId: null, planTitle: null, endsAt: '2025-11-25T13:05:00.000Z', plansAfter: 1 },
    };
    expect(accessSummary(trialThenWeekly, NOW).text).toBe(
      'Trial ends 25 Nov, 14:05, then Weekly plan until 31 Dec, 14:05',
    );
    // The trial, then a Monthly plan, then a Weekly one: the line does not hide the Monthly.
    const two = { ...trialThenWeekly, current: { ...trialThenWeekly.current, plansAfter: 2 } };
    expect(accessSummary(two, NOW).text).toBe(
      'Trial ends 25 Nov, 14:05, then 2 more plans until 31 Dec, 14:05',
    );
    // Stored before the first one ended: once it has, the plan that ends last is the one running.
    expect(accessSummary(monthlyThenWeekly, new Date('2025-12-25T00:00:00Z')).text).toBe(
      'Weekly plan ends 31 Dec, 14:05',
    );
  });

  it('says a plan or trial has ended, from the server or because its end has passed since it was stored', () => {
    expect(accessSummary({ ...weekly, status: 'expired' }, NOW)).toEqual({
      text: 'Weekly plan ended 2 Dec, 00:30',
      live: false,
      offerPlans: true,
    });
    const later = new Date('2025-11-25T13:05:00Z');
    expect(accessSummary(trial, later).text).toBe('Your free trial ended 25 Nov, 14:05');
  });

  it('says there is no plan yet, also for a session stored before the API sent one', () => {
    const none: Subscription = { status: 'none', planId: null, planTitle: null, endsAt: null };
    const expected = {
      text: 'No plan yet: full exams need a plan, and the daily test is free.',
      live: false,
      offerPlans: true,
    };
    expect(accessSummary(none, NOW)).toEqual(expected);
    expect(accessSummary(undefined, NOW)).toEqual(expected);
  });
});
