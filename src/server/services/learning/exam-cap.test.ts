import { describe, expect, it } from 'vitest';
import { cappedDue, examDueCap } from './exam-cap.ts';

// The cap an exam date puts on the deck's due dates, in West Africa Time (UTC+1): midnight starting the day
// before the exam, or the moment itself once that day has begun, and none after the exam day.

describe('examDueCap', () => {
  it('is the start of the day before the exam while that is ahead', () => {
    expect(examDueCap('2026-03-05', new Date('2026-03-02T09:00:00Z'))).toEqual(
      new Date('2026-03-03T23:00:00Z'),
    );
    // 23:30 UTC on the 2nd is already the 3rd in Lagos; the cap does not move.
    expect(examDueCap('2026-03-05', new Date('2026-03-02T23:30:00Z'))).toEqual(
      new Date('2026-03-03T23:00:00Z'),
    );
  });

  it('is the moment itself on the day before and on the exam day, and gone after it', () => {
    for (const moment of ['2026-03-03T23:00:00Z', '2026-03-04T12:00:00Z', '2026-03-05T22:59:59Z']) {
      expect(examDueCap('2026-03-05', new Date(moment))).toEqual(new Date(moment));
    }
    expect(examDueCap('2026-03-05', new Date('2026-03-05T23:00:00Z'))).toBeNull();
    expect(examDueCap(null, new Date('2026-03-02T09:00:00Z'))).toBeNull();
  });
});

describe('cappedDue', () => {
  it('brings a due date after the cap forward to it and leaves an earlier one', () => {
    const cap = new Date('2026-03-03T23:00:00Z');
    expect(cappedDue(new Date('2026-03-10T23:00:00Z'), cap)).toEqual(cap);
    expect(cappedDue(new Date('2026-03-02T09:10:00Z'), cap)).toEqual(new Date('2026-03-02T09:10:00Z'));
    expect(cappedDue(new Date('2026-03-10T23:00:00Z'), null)).toEqual(new Date('2026-03-10T23:00:00Z'));
  });
});
