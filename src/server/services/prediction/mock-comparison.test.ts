import { describe, expect, it } from 'vitest';
import type { ScoreRange } from '../../../lib/api/prediction.ts';
import { compareMocks, type MockSitting } from './mock-comparison.ts';

const english = { _id: 'english', slug: 'english', title: 'Use of English' };
const biology = { _id: 'biology', slug: 'biology', title: 'Biology' };
const physics = { _id: 'physics', slug: 'physics', title: 'Physics' };
const chemistry = { _id: 'chemistry', slug: 'chemistry', title: 'Chemistry' };

const range = (expected: number, spread: number): ScoreRange => ({
  expected,
  low: expected - spread,
  high: expected + spread,
});

/** A sitting whose subjects each predict `expected` ± 10 and score `actual`, totals likewise ± 20. */
function sitting(
  subjects: { subject: typeof english; expected: number | null; actual: number }[],
  practice = false,
): MockSitting {
  const whole = subjects.every((entry) => entry.expected !== null);
  const sum = (pick: (entry: (typeof subjects)[number]) => number) =>
    subjects.reduce((total, entry) => total + pick(entry), 0);
  return {
    attemptId: 'a',
    userId: 'u',
    startedAt: new Date(0),
    practice,
    predicted: whole
      ? range(
          sum((entry) => entry.expected ?? 0),
          20,
        )
      : null,
    actual: sum((entry) => entry.actual),
    subjects: subjects.map(({ subject, expected, actual }) => ({
      subject,
      answers: expected === null ? 10 : 60,
      predicted: expected === null ? null : range(expected, 10),
      actual,
    })),
  };
}

describe('compareMocks', () => {
  it('counts every sitting, and measures only those that had a whole prediction before them', () => {
    const comparison = compareMocks([
      // Predicted 200, scored 210: inside the total's range; Physics 10 out, at its range's end.
      sitting([
        { subject: english, expected: 50, actual: 50 },
        { subject: physics, expected: 50, actual: 60 },
        { subject: biology, expected: 50, actual: 50 },
        { subject: chemistry, expected: 50, actual: 50 },
      ]),
      // Predicted 160, scored 200: outside. Use of English 10 out, at its range's end; the others outside.
      sitting(
        [
          { subject: english, expected: 40, actual: 50 },
          { subject: physics, expected: 40, actual: 55 },
          { subject: biology, expected: 40, actual: 25 },
          { subject: chemistry, expected: 40, actual: 70 },
        ],
        true,
      ),
      // Chemistry had too few answers: not compared, though its other subjects had predictions.
      sitting([
        { subject: english, expected: 90, actual: 0 },
        { subject: physics, expected: 90, actual: 0 },
        { subject: biology, expected: 90, actual: 0 },
        { subject: chemistry, expected: null, actual: 0 },
      ]),
    ]);
    expect(comparison.sittings).toBe(3);
    expect(comparison.compared).toBe(2);
    expect(comparison.practice).toBe(1);
    expect(comparison.total).toEqual({ compared: 2, meanError: 25, medianError: 25, coverage: 0.5 });
    expect(comparison.subjects).toEqual([
      { subject: english, compared: 2, meanError: 5, medianError: 5, coverage: 1 },
      { subject: biology, compared: 2, meanError: 7.5, medianError: 7.5, coverage: 0.5 },
      { subject: chemistry, compared: 2, meanError: 15, medianError: 15, coverage: 0.5 },
      { subject: physics, compared: 2, meanError: 12.5, medianError: 12.5, coverage: 0.5 },
    ]);
  });

  it('takes the middle error of an odd count as the median', () => {
    const at = (expected: number, actual: number) =>
      sitting([
        { subject: english, expected, actual },
        { subject: physics, expected: 50, actual: 50 },
        { subject: biology, expected: 50, actual: 50 },
        { subject: chemistry, expected: 50, actual: 50 },
      ]);
    const comparison = compareMocks([at(50, 50), at(50, 80), at(50, 54)]);
    expect(comparison.total).toMatchObject({ compared: 3, medianError: 4, meanError: 34 / 3 });
  });

  it('has no figures without a compared sitting', () => {
    expect(compareMocks([])).toEqual({ sittings: 0, compared: 0, practice: 0, total: null, subjects: [] });
  });
});
