import { describe, expect, it } from 'vitest';
import { pickDailyQuestions, westAfricaDate } from './daily.ts';

const ids = Array.from({ length: 60 }, (_, index) => `question-${index}`);

describe('westAfricaDate', () => {
  it('counts the day in West Africa Time (UTC+1)', () => {
    expect(westAfricaDate(new Date('2026-03-01T22:59:59Z'))).toBe('2026-03-01');
    expect(westAfricaDate(new Date('2026-03-01T23:00:00Z'))).toBe('2026-03-02');
  });
});

const draw = { secret: 'a'.repeat(40), day: '2026-03-02', subjectId: 'maths', userId: 'ada' };

describe('pickDailyQuestions', () => {
  it('picks 10 distinct questions, the same whatever order they come in', () => {
    const picked = pickDailyQuestions(ids, draw);
    expect(picked).toHaveLength(10);
    expect(new Set(picked).size).toBe(10);
    expect(pickDailyQuestions([...ids].reverse(), draw)).toEqual(picked);
  });

  it('changes with the day, the subject, the student and the secret', () => {
    const today = pickDailyQuestions(ids, draw);
    expect(pickDailyQuestions(ids, { ...draw, day: '2026-03-03' })).not.toEqual(today);
    expect(pickDailyQuestions(ids, { ...draw, subjectId: 'english' })).not.toEqual(today);
    expect(pickDailyQuestions(ids, { ...draw, userId: 'bola' })).not.toEqual(today);
    expect(pickDailyQuestions(ids, { ...draw, secret: 'b'.repeat(40) })).not.toEqual(today);
  });

  it('takes questions whose key the student has not been shown first', () => {
    const known = new Set(ids.slice(0, 55));
    const picked = pickDailyQuestions(ids, draw, known);
    expect(picked.slice(0, 5).sort()).toEqual(ids.slice(55).sort());
    expect(picked.slice(5).every((id) => known.has(id))).toBe(true);
  });

  it('takes every question when a subject has fewer than 10', () => {
    expect(pickDailyQuestions(ids.slice(0, 4), draw).sort()).toEqual(ids.slice(0, 4).sort());
  });
});
