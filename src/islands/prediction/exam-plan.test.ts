import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/validation/form-errors.ts';
import { examDateBounds, examPlanFormSchema, togglePlanSubject, westAfricaDay } from './exam-plan.ts';

const ids = [
  '7b0f0c6e-3a52-4d3b-9a44-0d3c1d5e6f01',
  '7b0f0c6e-3a52-4d3b-9a44-0d3c1d5e6f02',
  '7b0f0c6e-3a52-4d3b-9a44-0d3c1d5e6f03',
];

describe('the exam plan form’s rules', () => {
  it('sends an empty date as none, and a day as it is', () => {
    expect(checkForm(examPlanFormSchema, { examDate: '', subjects: ids })).toEqual({
      data: { examDate: null, subjects: ids },
    });
    expect(checkForm(examPlanFormSchema, { examDate: '2027-04-24', subjects: ids }).data?.examDate).toBe(
      '2027-04-24',
    );
  });

  it('refuses what the API refuses, with its messages on the fields', () => {
    expect(
      checkForm(examPlanFormSchema, { examDate: '2027-02-30', subjects: ids.slice(0, 2) }).errors,
    ).toEqual({
      examDate: 'The exam date must be a day of the calendar',
      subjects: 'Choose exactly 3 subjects besides Use of English',
    });
    expect(
      checkForm(examPlanFormSchema, { examDate: '', subjects: [ids[0], ids[0], ids[1]] }).errors,
    ).toEqual({ subjects: 'Choose three different subjects' });
  });

  it('offers the days from today to two years ahead, in West Africa Time', () => {
    // 23:30 UTC is already the next day in Lagos.
    const lateEvening = Date.parse('2026-03-10T23:30:00.000Z');
    expect(westAfricaDay(lateEvening)).toBe('2026-03-11');
    expect(examDateBounds(lateEvening)).toEqual({ min: '2026-03-11', max: '2028-03-10' });
  });

  it('ticks up to three subjects and says why a fourth is refused', () => {
    const [a, b, c] = ['a', 'b', 'c'];
    const subject = (id: string, title = id.toUpperCase()) => ({ _id: id, title });
    expect(togglePlanSubject([a, b], subject(c))).toEqual({ subjects: [a, b, c] });
    expect(togglePlanSubject([a, b, c], subject(b))).toEqual({ subjects: [a, c] });
    expect(togglePlanSubject([a, b, c], subject('d', 'Physics'))).toEqual({
      subjects: [a, b, c],
      refused: 'You have chosen 3 subjects already. Untick one to choose Physics.',
    });
  });
});
