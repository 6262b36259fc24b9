/** The scoring rules (DESIGN §6, spec §1) and how a result is described (spec §2, results). */

export const POINTS_PER_RIGHT_ANSWER = 5;
export const POINTS_PER_WRONG_ANSWER = -2;
export const LIFELINE_COST = 4;

/** The grade line and headline thresholds, on the rounded accuracy. */
export const EXCELLENT_FROM = 60;
export const AVERAGE_FROM = 50;

/** One question's outcome: right, wrong, or left blank (unanswered or skipped). */
export type Outcome = 'right' | 'wrong' | 'blank';

/** Totals of a scored attempt. */
export interface Tally {
  score: number;
  totalQuestions: number;
  correctAnswer: number;
  wrongAnswer: number;
  unanswered: number;
  /** The percentage of all questions answered right, rounded. */
  scoreAccuracy: number;
}

/** Adds up outcomes: +5 right, -2 wrong, 0 blank. */
export function tally(outcomes: Outcome[]): Tally {
  const correctAnswer = outcomes.filter((outcome) => outcome === 'right').length;
  const wrongAnswer = outcomes.filter((outcome) => outcome === 'wrong').length;
  const totalQuestions = outcomes.length;
  return {
    score: correctAnswer * POINTS_PER_RIGHT_ANSWER + wrongAnswer * POINTS_PER_WRONG_ANSWER,
    totalQuestions,
    correctAnswer,
    wrongAnswer,
    unanswered: totalQuestions - correctAnswer - wrongAnswer,
    scoreAccuracy: totalQuestions === 0 ? 0 : Math.round((correctAnswer / totalQuestions) * 100),
  };
}

/** 'Excellently' at 60 or more, 'Averagely' at 50 to 59, 'Poorly' below. */
export function performance(scoreAccuracy: number): 'Excellently' | 'Averagely' | 'Poorly' {
  if (scoreAccuracy >= EXCELLENT_FROM) return 'Excellently';
  if (scoreAccuracy >= AVERAGE_FROM) return 'Averagely';
  return 'Poorly';
}

/** True when the result earns HURRAY!!! and confetti. */
export function celebrates(scoreAccuracy: number): boolean {
  return scoreAccuracy >= EXCELLENT_FROM;
}

/** One question of a scored attempt, as /review-answers shows it; question and answers are sanitised HTML. */
export interface QuizAnswer {
  questionId: string;
  /** The passage the question is about, when it has one. */
  passage?: string;
  question: string;
  /** null when the question was left blank. */
  userAnswer: string | null;
  /** null while the answers are withheld (a daily test, until its day ends: see QuizResult). */
  correctAnswer: string | null;
  /** null while the answers are withheld, as correctAnswer: a right/wrong flag gives the key away too. */
  isCorrect: boolean | null;
  /** null while the answers are withheld, as correctAnswer. */
  explanation: string | null;
}
