/**
 * What the results screens read: the result of a submitted quiz (POST /api/v1/exam/answer), handed from
 * the quiz to /award and from /award to /review-answers as navigation state, and the spec's fallbacks.
 */

import type { QuizAnswer } from '../../lib/scoring.ts';

export type { QuizAnswer };

/** The result of a submitted quiz. */
export interface QuizResult {
  _id: string;
  score: number;
  totalQuestions: number;
  correctAnswer: number;
  wrongAnswer: number;
  unanswered: number;
  scoreAccuracy: number;
  timeSpent: number;
  quizAnswers: QuizAnswer[];
}

/** The state /award is opened with. */
export interface AwardState {
  result: QuizResult;
  user: { firstName: string; lastName: string };
  /** What was taken ("JAMB Mathematics 2020"), shown under the headline. */
  title?: string;
  /** The result was worked out on the phone for the built-in sample questions. */
  sample?: boolean;
}

/** The state /review-answers is opened with. */
export interface ReviewState {
  quizAnswers: QuizAnswer[];
  /** The answers are the built-in samples, not the student's. */
  sample?: boolean;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isQuizAnswer(value: unknown): value is QuizAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return (
    typeof answer.question === 'string' &&
    (answer.userAnswer === null || typeof answer.userAnswer === 'string') &&
    typeof answer.correctAnswer === 'string' &&
    typeof answer.isCorrect === 'boolean'
  );
}

/** The quiz answers in a state object; entries that are not answers are dropped. */
export function quizAnswersFromState(state: unknown): QuizAnswer[] {
  const list = (state as { quizAnswers?: unknown } | null | undefined)?.quizAnswers;
  if (!Array.isArray(list)) return [];
  return list.filter(isQuizAnswer).map((answer, index) => ({
    ...answer,
    questionId: typeof answer.questionId === 'string' ? answer.questionId : `answer-${index + 1}`,
    explanation: typeof answer.explanation === 'string' ? answer.explanation : '',
  }));
}

/** The award state, or undefined when /award was opened without a usable result (it then goes home). */
export function awardStateFromState(state: unknown): AwardState | undefined {
  const candidate = state as Partial<AwardState> | null | undefined;
  const result = candidate?.result as Partial<QuizResult> | undefined;
  if (
    !result ||
    !isNumber(result.scoreAccuracy) ||
    !isNumber(result.totalQuestions) ||
    !isNumber(result.correctAnswer)
  ) {
    return undefined;
  }
  const wrongAnswer = isNumber(result.wrongAnswer)
    ? result.wrongAnswer
    : result.totalQuestions - result.correctAnswer;
  return {
    result: {
      _id: typeof result._id === 'string' ? result._id : '',
      score: isNumber(result.score) ? result.score : 0,
      totalQuestions: result.totalQuestions,
      correctAnswer: result.correctAnswer,
      wrongAnswer,
      unanswered: isNumber(result.unanswered)
        ? result.unanswered
        : Math.max(0, result.totalQuestions - result.correctAnswer - wrongAnswer),
      scoreAccuracy: result.scoreAccuracy,
      timeSpent: isNumber(result.timeSpent) ? result.timeSpent : 0,
      quizAnswers: quizAnswersFromState(result),
    },
    user: {
      firstName: candidate?.user?.firstName ?? '',
      lastName: candidate?.user?.lastName ?? '',
    },
    ...(typeof candidate?.title === 'string' ? { title: candidate.title } : {}),
    ...(candidate?.sample ? { sample: true } : {}),
  };
}

/** The two built-in answers /review-answers shows when a result carries none (spec §2). */
export const SAMPLE_QUIZ_ANSWERS: QuizAnswer[] = [
  {
    questionId: 'sample-answer-1',
    question: '<p>What is the capital of Nigeria?</p>',
    userAnswer: '<p>Lagos</p>',
    correctAnswer: '<p>Abuja</p>',
    isCorrect: false,
    explanation: '<p>Abuja became the capital of Nigeria on 12 December 1991, taking over from Lagos.</p>',
  },
  {
    questionId: 'sample-answer-2',
    question: '<p>What is 7 × 8?</p>',
    userAnswer: '<p>56</p>',
    correctAnswer: '<p>56</p>',
    isCorrect: true,
    explanation: '<p>7 × 8 = 56: seven groups of eight.</p>',
  },
];

/** What Review Answers hands on: the result's answers, or the two samples when it has none. */
export function reviewStateFor(result: QuizResult): ReviewState {
  return result.quizAnswers.length > 0
    ? { quizAnswers: result.quizAnswers }
    : { quizAnswers: SAMPLE_QUIZ_ANSWERS, sample: true };
}

/** The Share Score text (spec §2), with the celebration emoji. */
export function shareText(scoreAccuracy: number): string {
  return `I scored ${scoreAccuracy}% on the quiz! 🎉`;
}

/** The alert after the score is copied (spec §8). */
export const SCORE_COPIED_MESSAGE = 'Score copied to clipboard! Share it with your friends!';

/** The message of /review-answers without answers (spec §2). */
export const NO_ANSWERS_MESSAGE = 'No quiz answers found. Please take a quiz first.';
