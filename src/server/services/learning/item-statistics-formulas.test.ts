import { describe, expect, it } from 'vitest';
import {
  correlation,
  discriminationIndex,
  FLAG_RULES,
  facilityIndex,
  type ItemKey,
  itemFlags,
  itemStatistics,
  paperStatistics,
  type TestResponses,
} from './item-statistics-formulas.ts';

/** Four questions q1 to q4, options a to d; the right ones are q1a, q2b, q3c and q4d. */
const items: ItemKey[] = ['a', 'b', 'c', 'd'].map((right, index) => ({
  question: `q${index + 1}`,
  options: ['a', 'b', 'c', 'd'].map((letter) => `q${index + 1}${letter}`),
  right: `q${index + 1}${right}`,
}));

/** A first attempt from the letters picked for q1 to q4 ('-' for blank). */
const test = (picks: string): TestResponses =>
  [...picks].map((pick, index) => {
    const item = items[index] as ItemKey;
    const option = pick === '-' ? null : `${item.question}${pick}`;
    return { question: item.question, option, right: option === item.right };
  });

// The hand-worked table: six students, four questions (1 = right).
//
//        q1 q2 q3 q4 | total
//   S1    1  1  1  0 |  3     picks a b c a
//   S2    1  1  1  0 |  3     picks a b c b
//   S3    1  1  0  0 |  2     picks a b a -
//   S4    1  0  0  1 |  2     picks a c d d
//   S5    0  0  0  1 |  1     picks b c a d
//   S6    0  0  0  1 |  1     picks - a - d
const table = [test('abca'), test('abcb'), test('aba-'), test('acdd'), test('bcad'), test('-a-d')];

describe('facilityIndex and correlation', () => {
  it('gives the mean score, and Pearson’s r where it is defined', () => {
    expect(facilityIndex([1, 0, 1, 1])).toBe(0.75);
    expect(facilityIndex([])).toBeNull();
    expect(correlation([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(correlation([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    // Undefined: one pair, or no spread on a side (everyone right, or everyone with the same rest score).
    expect(correlation([1], [2])).toBeNull();
    expect(correlation([1, 1, 1], [0, 1, 2])).toBeNull();
    expect(correlation([0, 1, 0], [2, 2, 2])).toBeNull();
  });

  it('correlates the item with the rest of the test, not with the total that contains it', () => {
    // Item scores 1, 0 with totals 2, 1: the rest scores are 1, 1, which have no spread, so D is undefined,
    // while the item against the totals would correlate perfectly.
    expect(discriminationIndex([1, 0], [2, 1])).toBeNull();
    expect(correlation([1, 0], [2, 1])).toBeCloseTo(1, 12);
  });
});

describe('paperStatistics on the hand-worked table', () => {
  const [q1, q2, q3, q4] = paperStatistics(table, items);

  it('gives each question its facility: right answers over the six students, a blank counting as wrong', () => {
    expect([q1, q2, q3, q4].map((stats) => stats?.attempts)).toEqual([6, 6, 6, 6]);
    expect([q1, q2, q3, q4].map((stats) => stats?.right)).toEqual([4, 3, 2, 3]);
    // q1 4/6, q2 3/6, q3 2/6, q4 3/6.
    expect(q1?.facility).toBeCloseTo(4 / 6, 12);
    expect(q2?.facility).toBe(0.5);
    expect(q3?.facility).toBeCloseTo(2 / 6, 12);
    expect(q4?.facility).toBe(0.5);
  });

  it('gives each question its discrimination: r between its score and the rest of the test', () => {
    // q1: x = 1 1 1 1 0 0 (mean 2/3), rest = 2 2 1 1 1 1 (mean 4/3).
    //   Σdx·dr = 2·(1/3)(2/3) + 2·(1/3)(−1/3) + 2·(−2/3)(−1/3) = 4/9 − 2/9 + 4/9 = 2/3
    //   Σdx² = 4·(1/9) + 2·(4/9) = 4/3;  Σdr² = 2·(4/9) + 4·(1/9) = 4/3;  r = (2/3) / (4/3) = 0.5
    expect(q1?.discrimination).toBeCloseTo(0.5, 12);
    // q2: x = 1 1 1 0 0 0 (mean 1/2), rest = 2 2 1 2 1 1 (mean 3/2).
    //   Σdx·dr = 0.25 + 0.25 − 0.25 − 0.25 + 0.25 + 0.25 = 0.5;  Σdx² = 1.5;  Σdr² = 1.5;  r = 0.5 / 1.5 = 1/3
    expect(q2?.discrimination).toBeCloseTo(1 / 3, 12);
    // q3: x = 1 1 0 0 0 0 (mean 1/3), rest = 2 2 2 2 1 1 (mean 5/3).
    //   Σdx·dr = 2·(2/3)(1/3) + 2·(−1/3)(1/3) + 2·(−1/3)(−2/3) = 2/3;  Σdx² = 4/3;  Σdr² = 4/3;  r = 0.5
    expect(q3?.discrimination).toBeCloseTo(0.5, 12);
    // q4, right only for the three weakest: x = 0 0 0 1 1 1 (mean 1/2), rest = 3 3 2 1 0 0 (mean 3/2).
    //   Σdx·dr = −0.5·(1.5 + 1.5 + 0.5) + 0.5·(−0.5 − 1.5 − 1.5) = −3.5
    //   Σdx² = 6·0.25 = 1.5;  Σdr² = 2.25 + 2.25 + 0.25 + 0.25 + 2.25 + 2.25 = 9.5
    //   r = −3.5 / √(1.5 · 9.5) = −3.5 / √14.25 ≈ −0.92717
    expect(q4?.discrimination).toBeCloseTo(-3.5 / Math.sqrt(14.25), 12);
    expect(q4?.discrimination).toBeCloseTo(-0.92717, 5);
  });

  it('gives each option’s share and the blanks', () => {
    // q1: a by S1–S4, b by S5, S6 blank; nobody picked c or d.
    expect(q1?.options).toEqual([
      { letter: 'A', isRight: true, picked: 4, share: 4 / 6 },
      { letter: 'B', isRight: false, picked: 1, share: 1 / 6 },
      { letter: 'C', isRight: false, picked: 0, share: 0 },
      { letter: 'D', isRight: false, picked: 0, share: 0 },
    ]);
    expect([q1?.blank, q1?.blankShare]).toEqual([1, 1 / 6]);
    expect(q4?.options.map((option) => option.picked)).toEqual([1, 1, 0, 3]);
    expect(q4?.blank).toBe(1);
  });

  it('counts only the students whose attempt showed the question', () => {
    // A seventh student whose attempt had only q1 and q2 (a paper that grew later): q3 still has 6 attempts.
    const partial = test('ab').slice(0, 2);
    const stats = paperStatistics([...table, partial], items);
    expect(stats.map((entry) => entry.attempts)).toEqual([7, 7, 6, 6]);
    expect(itemStatistics([partial], items[3] as ItemKey)).toMatchObject({
      attempts: 0,
      facility: null,
      discrimination: null,
      blankShare: null,
    });
  });
});

describe('itemFlags', () => {
  const [q1, , , q4] = paperStatistics(table, items);
  const sixIsEnough = { ...FLAG_RULES, minAttempts: 6 };

  it('flags an option nobody picked and negative discrimination, once there are enough first attempts', () => {
    if (!q1 || !q4) throw new Error('no statistics');
    expect(itemFlags(q1, 0, sixIsEnough)).toEqual(['nobody picked C, D']);
    expect(itemFlags(q4, 0, sixIsEnough)).toEqual(['negative discrimination', 'nobody picked C']);
    // Six attempts are below the default minimum (30): nothing is flagged but open reports.
    expect(itemFlags(q4, 0)).toEqual([]);
    expect(itemFlags(q4, 2)).toEqual(['2 open reports']);
    expect(itemFlags(q1, 1, sixIsEnough)).toEqual(['nobody picked C, D', '1 open report']);
  });

  it('flags a facility below 0.2 or above 0.95', () => {
    const students = (right: number, of: number) =>
      Array.from({ length: of }, (_, index) => test(index < right ? 'a' : 'b').slice(0, 1));
    const easy = itemStatistics(students(29, 30), items[0] as ItemKey);
    expect(easy.facility).toBeCloseTo(29 / 30, 12);
    // Only q1 was shown, so there is no rest of the test: the discrimination is undefined, not negative.
    expect(easy.discrimination).toBeNull();
    expect(itemFlags(easy, 0)).toEqual(['too easy', 'nobody picked C, D']);
    const hard = itemStatistics(students(5, 30), items[0] as ItemKey);
    expect(hard.facility).toBeCloseTo(5 / 30, 12);
    expect(itemFlags(hard, 0)).toEqual(['too hard', 'nobody picked C, D']);
    // 6 of 30 is exactly 0.2: not below it.
    expect(itemFlags(itemStatistics(students(6, 30), items[0] as ItemKey), 0)).toEqual([
      'nobody picked C, D',
    ]);
  });
});
