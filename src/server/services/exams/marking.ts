/** Marking answers against a paper's key: shared by every kind of attempt, whatever its scoring rule. */

import type { Outcome, QuizAnswer } from '../../../lib/scoring.ts';
import type { SavedAnswer } from './attempt-rows.ts';
import type { AnswerKeyEntry } from './papers.ts';

/**
 * Marks saved answers against the answer key, question by question in the order of `questionIds`: each
 * one's outcome, and what /review-answers shows of it.
 */
export function markAnswers(
  questionIds: readonly string[],
  key: Map<string, AnswerKeyEntry>,
  answers: SavedAnswer[],
) {
  const chosen = new Map(answers.map((answer) => [answer.question, answer.option]));
  const outcomes: Outcome[] = [];
  const quizAnswers: QuizAnswer[] = [];
  for (const questionId of questionIds) {
    const entry = key.get(questionId);
    if (!entry) continue;
    const right = entry.options.find((option) => option.isCorrect);
    const picked = entry.options.find((option) => option.id === chosen.get(questionId));
    const isCorrect = picked !== undefined && picked.id === right?.id;
    outcomes.push(picked === undefined ? 'blank' : isCorrect ? 'right' : 'wrong');
    quizAnswers.push({
      questionId,
      ...(entry.passage ? { passage: entry.passage } : {}),
      question: entry.question,
      userAnswer: picked?.html ?? null,
      correctAnswer: right?.html ?? '',
      isCorrect,
      explanation: entry.explanation,
    });
  }
  return { outcomes, quizAnswers };
}
