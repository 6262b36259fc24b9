/** A subject's evidence (evidence.ts) numbered for the item-response model (irt.ts). */

import type { EvidenceAnswer } from './evidence.ts';
import type { ResponseMatrix } from './irt.ts';

/** The matrix, and the ids behind its numbers: student s is studentIds[s], question i is questionIds[i]. */
export interface NumberedEvidence {
  matrix: ResponseMatrix;
  studentIds: string[];
  questionIds: string[];
}

/**
 * Numbers the students and questions in the order they first appear, and gives each question its guessing
 * floor, 1 over its options. A question with fewer than two options has no wrong answer to guess, and the
 * model no curve for it: its answers are left out (the import never stores one).
 */
export function numberEvidence(answers: readonly EvidenceAnswer[]): NumberedEvidence {
  const counted = answers.filter((answer) => answer.options >= 2);
  const students = new Map<string, number>();
  const questions = new Map<string, number>();
  const guessing: number[] = [];
  const student = new Int32Array(counted.length);
  const item = new Int32Array(counted.length);
  const correct = new Uint8Array(counted.length);
  counted.forEach((answer, index) => {
    let s = students.get(answer.userId);
    if (s === undefined) {
      s = students.size;
      students.set(answer.userId, s);
    }
    let i = questions.get(answer.questionId);
    if (i === undefined) {
      i = questions.size;
      questions.set(answer.questionId, i);
      guessing.push(1 / answer.options);
    }
    student[index] = s;
    item[index] = i;
    correct[index] = answer.correct ? 1 : 0;
  });
  return {
    matrix: { studentCount: students.size, student, item, correct, guessing: Float64Array.from(guessing) },
    studentIds: [...students.keys()],
    questionIds: [...questions.keys()],
  };
}
