import { describe, expect, it } from 'vitest';
import { celebrates, performance, tally } from './scoring.ts';

describe('tally', () => {
  it('gives +5 for right, -2 for wrong and 0 for blank', () => {
    expect(tally(['right', 'right', 'wrong', 'blank'])).toEqual({
      score: 8,
      totalQuestions: 4,
      correctAnswer: 2,
      wrongAnswer: 1,
      unanswered: 1,
      scoreAccuracy: 50,
    });
  });

  it('can go below zero', () => {
    expect(tally(['wrong', 'wrong', 'blank']).score).toBe(-4);
  });

  it('rounds the accuracy over all questions, blanks included', () => {
    expect(tally(['right', 'blank', 'blank']).scoreAccuracy).toBe(33);
    expect(tally(['right', 'right', 'blank']).scoreAccuracy).toBe(67);
    expect(tally([]).scoreAccuracy).toBe(0);
  });
});

describe('performance and headline', () => {
  it.each([
    [100, 'Excellently', true],
    [60, 'Excellently', true],
    [59, 'Averagely', false],
    [50, 'Averagely', false],
    [49, 'Poorly', false],
    [0, 'Poorly', false],
  ] as const)('%i%% reads %s', (accuracy, line, hurray) => {
    expect(performance(accuracy)).toBe(line);
    expect(celebrates(accuracy)).toBe(hurray);
  });
});
