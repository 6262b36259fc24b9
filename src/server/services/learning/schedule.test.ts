import { describe, expect, it } from 'vitest';
import {
  type CardState,
  countWords,
  dueOnDay,
  endOfWestAfricaDayOf,
  FAST_ANSWER,
  fastWithinSeconds,
  newCardState,
  Rating,
  ratingFor,
  State,
  scheduleAnswer,
  startOfWestAfricaDay,
} from './schedule.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 10:00 in Lagos (UTC+1).
const monday = new Date('2026-03-02T09:00:00Z');

/** The hour and minute a moment shows on a clock in Lagos. */
const lagosClock = (moment: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(moment);

/** Answers a card at each due date with the same rating, and returns the gaps between the answers. */
function answerOnTime(rating: Rating.Good | Rating.Easy, times: number) {
  let card = newCardState(monday);
  let at = monday;
  const gaps: number[] = [];
  for (let index = 0; index < times; index++) {
    card = scheduleAnswer(card, rating, at);
    gaps.push(card.due.getTime() - at.getTime());
    at = card.due;
  }
  return { gaps, card };
}

describe('the rating of an answer', () => {
  it('is Again for a wrong or blank answer however fast, Good when right, Easy when right and fast', () => {
    expect(ratingFor({ correct: false, seconds: 1, words: 10 })).toBe(Rating.Again);
    expect(ratingFor({ correct: true, words: 10 })).toBe(Rating.Good);
    expect(ratingFor({ correct: true, seconds: 60, words: 10 })).toBe(Rating.Good);
    expect(ratingFor({ correct: true, seconds: 5, words: 10 })).toBe(Rating.Easy);
  });

  it('gives a longer question more time to count as fast', () => {
    expect(fastWithinSeconds(0)).toBe(FAST_ANSWER.baseSeconds);
    // Twenty words of question and four one-word options: 8 + 24 / 4 = 14 seconds.
    expect(fastWithinSeconds(24)).toBe(14);
    expect(ratingFor({ correct: true, seconds: 14, words: 24 })).toBe(Rating.Easy);
    expect(ratingFor({ correct: true, seconds: 14.5, words: 24 })).toBe(Rating.Good);
    expect(ratingFor({ correct: true, seconds: 30, words: 100 })).toBe(Rating.Easy);
  });

  it('counts words across texts, LaTeX and all', () => {
    expect(countWords(['Simplify  $\\frac{1}{2} + x$', '', ' 3 ', 'two words'])).toBe(7);
  });
});

describe('the schedule', () => {
  it('brings a wrong answer back within a day, for a new card and for one the student had learnt', () => {
    const wrongAtOnce = scheduleAnswer(newCardState(monday), Rating.Again, monday);
    expect(wrongAtOnce.due.getTime() - monday.getTime()).toBe(10 * 60_000);
    expect(wrongAtOnce.state).toBe(State.Learning);

    const { card: learnt } = answerOnTime(Rating.Good, 3);
    expect(learnt.state).toBe(State.Review);
    const forgotten = scheduleAnswer(learnt, Rating.Again, learnt.due);
    expect(forgotten.due.getTime() - learnt.due.getTime()).toBeLessThan(DAY);
    expect(forgotten.state).toBe(State.Relearning);
    expect(forgotten.lapses).toBe(1);
  });

  it('spaces a run of right answers out: each gap longer than the one before', () => {
    const { gaps } = answerOnTime(Rating.Good, 5);
    expect(gaps[0]).toBeGreaterThanOrEqual(DAY);
    for (let index = 1; index < gaps.length; index++) {
      expect(gaps[index], `gap ${index + 1} after ${gaps[index - 1]} ms`).toBeGreaterThan(
        gaps[index - 1] ?? 0,
      );
    }
    // The last of five right answers in a row puts the question months away.
    expect(gaps.at(-1)).toBeGreaterThan(60 * DAY);
  });

  it('spaces a right and fast answer further than a right one, from the same card', () => {
    for (const times of [0, 1, 2]) {
      const { card, gaps } = answerOnTime(Rating.Good, times);
      const at = times === 0 ? monday : card.due;
      const good = scheduleAnswer(card, Rating.Good, at);
      const easy = scheduleAnswer(card, Rating.Easy, at);
      expect(easy.due.getTime(), `after ${gaps.length} right answers`).toBeGreaterThan(good.due.getTime());
    }
  });

  it('keeps every answer in the card: reps count up and the last review is the answer', () => {
    const answered = scheduleAnswer(newCardState(monday), Rating.Good, monday);
    expect(answered).toMatchObject({ reps: 1, lapses: 0, lastReview: monday });
    expect(answered.stability).toBeGreaterThan(0);
  });
});

describe('West Africa Time days', () => {
  it('makes a review days away due from midnight in Lagos, never at the hour of the last answer', () => {
    // Answered at 22:30 in Lagos on Monday; a later answer at 05:30 the next morning.
    for (const answeredAt of [new Date('2026-03-02T21:30:00Z'), new Date('2026-03-03T04:30:00Z')]) {
      const card = scheduleAnswer(newCardState(answeredAt), Rating.Good, answeredAt);
      expect(card.scheduledDays).toBeGreaterThanOrEqual(1);
      expect(lagosClock(card.due)).toBe('00:00');
      expect(card.due).toEqual(startOfWestAfricaDay(card.due));
      expect(card.due.getTime()).toBeGreaterThan(answeredAt.getTime());
    }
  });

  it('keeps a short step at its exact time, even past midnight in Lagos', () => {
    // 23:55 in Lagos: ten minutes later is 00:05 the next day there.
    const late = new Date('2026-03-02T22:55:00Z');
    const card = scheduleAnswer(newCardState(late), Rating.Again, late);
    expect(card.due).toEqual(new Date('2026-03-02T23:05:00Z'));
    expect(lagosClock(card.due)).toBe('00:05');
  });

  it('starts and ends a day at midnight in Lagos (23:00 UTC), whatever the hour', () => {
    const evening = new Date('2026-03-02T22:59:59Z');
    expect(startOfWestAfricaDay(evening)).toEqual(new Date('2026-03-01T23:00:00Z'));
    expect(endOfWestAfricaDayOf(evening)).toEqual(new Date('2026-03-02T23:00:00Z'));
    const midnight = new Date('2026-03-02T23:00:00Z');
    expect(startOfWestAfricaDay(midnight)).toEqual(midnight);
  });

  it('leaves a due date of less than a day alone, and moves one of days to the start of its day', () => {
    const due = new Date('2026-03-05T14:20:00Z');
    expect(dueOnDay({ due, scheduledDays: 0 })).toEqual(due);
    expect(dueOnDay({ due, scheduledDays: 3 })).toEqual(new Date('2026-03-04T23:00:00Z'));
  });
});

describe('a stored card', () => {
  it('schedules the same from its columns as from the card FSRS returned', () => {
    const first = scheduleAnswer(newCardState(monday), Rating.Good, monday);
    const stored: CardState = JSON.parse(JSON.stringify(first), (key, value) =>
      key === 'due' || key === 'lastReview' ? new Date(value) : value,
    );
    expect(scheduleAnswer(stored, Rating.Good, first.due)).toEqual(
      scheduleAnswer(first, Rating.Good, first.due),
    );
  });
});
