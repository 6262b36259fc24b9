import { describe, expect, it } from 'vitest';
import { pickDailyQuestions, westAfricaDate } from './daily.ts';

const ids = Array.from({ length: 60 }, (_, index) => `question-${index}`);

describe('westAfricaDate', () => {
  it('counts the day in West Africa Time (UTC+1)', () => {
    expect(westAfricaDate(new Date('2026-03-01T22:59:59Z'))).toBe('2026-03-01');
    expect(westAfricaDate(new Date('2026-03-01T23:00:00Z'))).toBe('2026-03-02');
  });
});

describe('pickDailyQuestions', () => {
  it('picks 10 distinct questions, the same whatever order they come in', () => {
    const picked = pickDailyQuestions(ids, '2026-03-02', 'maths');
    expect(picked).toHaveLength(10);
    expect(new Set(picked).size).toBe(10);
    expect(pickDailyQuestions([...ids].reverse(), '2026-03-02', 'maths')).toEqual(picked);
  });

  it('changes with the day and the subject', () => {
    const today = pickDailyQuestions(ids, '2026-03-02', 'maths');
    expect(pickDailyQuestions(ids, '2026-03-03', 'maths')).not.toEqual(today);
    expect(pickDailyQuestions(ids, '2026-03-02', 'english')).not.toEqual(today);
  });

  it('takes every question when a subject has fewer than 10', () => {
    expect(pickDailyQuestions(ids.slice(0, 4), '2026-03-02', 'maths').sort()).toEqual(ids.slice(0, 4).sort());
  });
});
