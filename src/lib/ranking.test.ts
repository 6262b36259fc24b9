import { describe, expect, it } from 'vitest';
import { creditLine, creditReasons } from './ranking.ts';

describe('what a result says about its ranking credit', () => {
  it('says how many questions counted, for how many points, and why the others did not', () => {
    expect(creditLine({ questions: 20, points: 64, seenBefore: 0, creditedBefore: 0 }, 20)).toBe(
      'All 20 questions counted towards the Leader Board (+64 points).',
    );
    expect(creditLine({ questions: 3, points: 15, seenBefore: 2, creditedBefore: 0 }, 5)).toBe(
      '3 of 5 questions counted towards the Leader Board (+15 points). Not counted: 2 questions you had already seen the answer to. They are scored as practice.',
    );
    expect(creditLine({ questions: 0, points: 0, seenBefore: 1, creditedBefore: 9 }, 10)).toBe(
      '0 of 10 questions counted towards the Leader Board (0 points). Not counted: 1 question you had already seen the answer to, and 9 questions that already earned you points before. They are scored as practice.',
    );
    expect(creditLine(null, 10)).toBe('This test is practice: it adds nothing to the Leader Board.');
  });

  it('gives no reason when every question counted', () => {
    expect(creditReasons({ questions: 4, points: -8, seenBefore: 0, creditedBefore: 0 })).toBe('');
  });
});
