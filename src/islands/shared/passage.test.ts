import { describe, expect, it } from 'vitest';
import { opensPassage } from './passage.ts';

const comprehension = '<p>Walk along any drainage channel in Lagos…</p>';
const cloze = '<p>The ___ of the market…</p>';

describe('opensPassage', () => {
  const questions = [
    { passage: comprehension },
    { passage: comprehension },
    { passage: comprehension },
    {},
    { passage: cloze },
    { passage: comprehension },
  ];

  it('opens a passage on the first of its questions and folds it on the ones after', () => {
    expect(questions.map((_, index) => opensPassage(questions, index))).toEqual([
      true,
      false,
      false,
      false,
      true,
      // The same text again after others is a new run: the student has lost sight of it.
      true,
    ]);
  });

  it('is false past the end and for a question without a passage', () => {
    expect(opensPassage(questions, 3)).toBe(false);
    expect(opensPassage(questions, 9)).toBe(false);
    expect(opensPassage([], 0)).toBe(false);
  });
});
