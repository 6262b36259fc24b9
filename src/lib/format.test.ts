import { describe, expect, it } from 'vitest';
import { countOf, formatDateTime, formatNaira, formatThousands, ordinal, padTwo } from './format.ts';

describe('format', () => {
  it('writes English ordinals, with 11th to 13th taking th', () => {
    const ranks = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 113, 121];
    expect(ranks.map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
      '113th',
      '121st',
    ]);
  });

  it('formats naira with comma thousands and no decimals', () => {
    expect(formatNaira(1000)).toBe('₦1,000');
    expect(formatNaira(12500.4)).toBe('₦12,500');
    expect(formatThousands(1234567)).toBe('1,234,567');
  });

  it('pads counts to two digits', () => {
    expect([0, 7, 10, 123].map(padTwo)).toEqual(['00', '07', '10', '123']);
  });

  it('counts in words with the right plural, unpadded', () => {
    expect([0, 1, 2, 12].map((count) => countOf(count, 'question'))).toEqual([
      '0 questions',
      '1 question',
      '2 questions',
      '12 questions',
    ]);
    expect(countOf(2, 'box', 'boxes')).toBe('2 boxes');
  });

  it('shows times in West Africa Time', () => {
    expect(formatDateTime('2026-03-02T23:30:00Z')).toMatch(/3 Mar 2026.*00:30/);
  });
});
