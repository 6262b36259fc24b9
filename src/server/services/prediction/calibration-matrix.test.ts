import { describe, expect, it } from 'vitest';
import { numberEvidence } from './calibration-matrix.ts';
import type { EvidenceAnswer } from './evidence.ts';

const answer = (userId: string, questionId: string, correct: boolean, options = 4): EvidenceAnswer => ({
  userId,
  questionId,
  subjectId: 'maths',
  topic: null,
  correct,
  options,
});

describe('numberEvidence', () => {
  it('numbers students and questions as they first appear, each question with 1 over its options', () => {
    const numbered = numberEvidence([
      answer('ada', 'q1', true),
      answer('ada', 'q2', false, 5),
      answer('bayo', 'q2', true, 5),
      answer('bayo', 'q3', false),
      answer('chidi', 'q1', false),
    ]);
    expect(numbered.studentIds).toEqual(['ada', 'bayo', 'chidi']);
    expect(numbered.questionIds).toEqual(['q1', 'q2', 'q3']);
    expect(numbered.matrix.studentCount).toBe(3);
    expect([...numbered.matrix.student]).toEqual([0, 0, 1, 1, 2]);
    expect([...numbered.matrix.item]).toEqual([0, 1, 1, 2, 0]);
    expect([...numbered.matrix.correct]).toEqual([1, 0, 1, 0, 0]);
    expect([...numbered.matrix.guessing]).toEqual([0.25, 0.2, 0.25]);
  });

  it('leaves out a question with fewer than two options, and a student with nothing else', () => {
    const numbered = numberEvidence([answer('ada', 'q1', true, 1), answer('bayo', 'q2', true)]);
    expect(numbered.studentIds).toEqual(['bayo']);
    expect(numbered.questionIds).toEqual(['q2']);
    expect([...numbered.matrix.student]).toEqual([0]);
  });

  it('gives an empty matrix for no evidence', () => {
    const numbered = numberEvidence([]);
    expect(numbered).toMatchObject({ studentIds: [], questionIds: [] });
    expect(numbered.matrix.studentCount).toBe(0);
    expect(numbered.matrix.guessing).toHaveLength(0);
  });
});
