import { describe, expect, it } from 'vitest';
import {
  afterSessionLine,
  deckLinkText,
  dueWhen,
  nextReviewLine,
  reminderLine,
  secondsBetween,
  sessionLine,
} from './review-deck.ts';

// 22:30 in Lagos on Monday 2 March 2026 (UTC+1).
const lateMonday = Date.parse('2026-03-02T21:30:00Z');

describe('when a review is due, in West Africa Time', () => {
  it('names the time today, then tomorrow, then the day', () => {
    expect(dueWhen('2026-03-02T21:40:00Z', lateMonday)).toBe('today at 22:40');
    // Midnight in Lagos is 23:00 UTC: the next day there.
    expect(dueWhen('2026-03-02T23:00:00Z', lateMonday)).toBe('tomorrow');
    expect(dueWhen('2026-03-04T23:00:00Z', lateMonday)).toBe('on Thursday 5 March');
    // Already due (the server's clock ran ahead of the phone's): still today.
    expect(dueWhen('2026-03-02T21:00:00Z', lateMonday)).toBe('today at 22:00');
  });

  it('tells an empty deck what comes back when, or how the deck fills', () => {
    expect(nextReviewLine({ dueNow: 0, dueLaterToday: 0, waiting: 0, nextDue: null }, lateMonday)).toMatch(
      /^Questions you get wrong or leave blank in a test come here/,
    );
    expect(
      nextReviewLine(
        { dueNow: 0, dueLaterToday: 0, waiting: 0, nextDue: '2026-03-02T23:00:00Z' },
        lateMonday,
      ),
    ).toBe('Your next review is due tomorrow (West Africa Time).');
    expect(
      nextReviewLine(
        { dueNow: 0, dueLaterToday: 2, waiting: 0, nextDue: '2026-03-02T21:40:00Z' },
        lateMonday,
      ),
    ).toBe('2 questions later today. Your next review is due today at 22:40 (West Africa Time).');
  });
});

describe('the session and the links', () => {
  it('sums a session up and says what is next', () => {
    expect(sessionLine({ answered: 0, right: 0 })).toBe('You did not answer any question this time.');
    expect(sessionLine({ answered: 1, right: 1 })).toBe('You reviewed 1 question and got 1 right.');
    expect(sessionLine({ answered: 12, right: 7 })).toBe('You reviewed 12 questions and got 7 right.');
    expect(afterSessionLine({ dueNow: 1, dueLaterToday: 0, waiting: 0, nextDue: null }, lateMonday)).toBe(
      '1 more question is due now.',
    );
    expect(afterSessionLine({ dueNow: 25, dueLaterToday: 0, waiting: 0, nextDue: null }, lateMonday)).toBe(
      '25 more questions are due now.',
    );
  });

  it('reminds only when questions are due now, counting the rest of today', () => {
    expect(
      reminderLine({ dueNow: 0, dueLaterToday: 4, waiting: 0, nextDue: '2026-03-02T21:40:00Z' }),
    ).toBeUndefined();
    expect(reminderLine({ dueNow: 1, dueLaterToday: 0, waiting: 0, nextDue: null })).toBe(
      'You have 1 question to review today.',
    );
    // New questions past the day's cap are named apart.
    expect(
      reminderLine({ dueNow: 20, dueLaterToday: 0, waiting: 386, nextDue: '2026-03-02T23:00:00Z' }),
    ).toBe('You have 20 questions to review today · 386 more waiting.');
    expect(afterSessionLine({ dueNow: 4, dueLaterToday: 0, waiting: 9, nextDue: null }, lateMonday)).toBe(
      '4 more questions are due now · 9 more waiting.',
    );
    expect(
      nextReviewLine(
        { dueNow: 0, dueLaterToday: 0, waiting: 1, nextDue: '2026-03-02T23:00:00Z' },
        lateMonday,
      ),
    ).toBe(
      '1 new question waits for the next days: up to 20 new ones join your reviews each day. Your next review is due tomorrow (West Africa Time).',
    );
    expect(deckLinkText(undefined)).toBe('Review your mistakes');
    expect(deckLinkText(0)).toBe('Review your mistakes');
    expect(deckLinkText(6)).toBe('Review your mistakes (6 due)');
  });

  it('counts the seconds an answer took, to one decimal, never below zero nor above a day', () => {
    expect(secondsBetween(1_000, 5_260)).toBe(4.3);
    expect(secondsBetween(5_000, 1_000)).toBe(0);
    expect(secondsBetween(0, 3 * 86_400_000)).toBe(86_400);
  });
});
