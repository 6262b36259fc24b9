import { describe, expect, it } from 'vitest';
import { mockDayPlan } from '../bench/mock-day.ts';

// The mock day's timetable: bench:exam-day reads each phase's CPU time between its bounds, so every step
// must fall inside its own phase, and the compression must touch only the quiet stretches.

/** A repeatable stand-in for Math.random (a linear congruential generator). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const options = {
  students: 2000,
  answers: 10,
  scale: 15,
  sittingMinutes: 30,
  finishMinutes: 5,
  timedOutPercent: 25,
};

describe('mockDayPlan', () => {
  it('divides the 30 minutes before the start and the sitting by the scale, and keeps the start minute real', () => {
    const { phases } = mockDayPlan(options, seeded(1));
    const bounds = phases.map((phase) => [phase.step, phase.from, phase.to]);
    // 30 min / 15 = 120 s; a real minute; 24 min / 15 = 96 s; 5 min / 15 = 20 s and the real minute of deadlines.
    expect(bounds).toEqual([
      ['sign in', 0, 120],
      ['fetch paper', 120, 180],
      ['save answer', 180, 276],
      ['submit', 276, 356],
    ]);
    expect(phases.map((phase) => phase.realSeconds)).toEqual([1800, 60, 1440, 360]);
  });

  it('puts each student step inside its own phase, answers in order', () => {
    const { phases, students } = mockDayPlan(options, seeded(2));
    const phase = (step: string) => phases.find((candidate) => candidate.step === step);
    const inside = (at: number, step: string) =>
      at >= (phase(step)?.from ?? Number.NaN) && at < (phase(step)?.to ?? Number.NaN);
    for (const student of students) {
      expect(inside(student.signInAt, 'sign in')).toBe(true);
      expect(inside(student.fetchAt, 'fetch paper')).toBe(true);
      expect(student.answerAt).toHaveLength(10);
      expect(student.answerAt.every((at) => inside(at, 'save answer'))).toBe(true);
      expect([...student.answerAt].sort((a, b) => a - b)).toEqual(student.answerAt);
      expect(inside(student.submitAt, 'submit')).toBe(true);
    }
  });

  it('spreads the sign-ins evenly and times out about the share asked, each at its own deadline', () => {
    const { students } = mockDayPlan(options, seeded(3));
    const firstHalf = students.filter((student) => student.signInAt < 60).length;
    expect(firstHalf).toBe(1000);
    const timedOut = students.filter((student) => student.timedOut);
    expect(timedOut.length).toBeGreaterThan(400);
    expect(timedOut.length).toBeLessThan(600);
    // A timed-out student's deadline is the sitting's end plus the moment it fetched the paper.
    for (const student of timedOut) expect(student.submitAt - student.fetchAt).toBeCloseTo(296 - 120, 6);
  });
});
