/**
 * The results and leaderboard contract of /api/v1/exam: the shapes the server builds (`satisfies` these
 * types) and the screens read. Declared here once.
 */

import type { QuizAnswer } from '../scoring.ts';

/**
 * The result of a scored attempt: what POST /api/v1/exam/answer and /answer/daily answer, and what
 * GET /api/v1/exam/result?exam=… reads again later.
 */
export interface QuizResult {
  _id: string;
  kind: 'exam' | 'daily';
  /**
   * Whether the score was added to the leaderboard total: a student's first attempt at a paper, and every
   * daily test. A later attempt at a paper is practice.
   */
  counted: boolean;
  /**
   * While a daily test's day lasts (until midnight West Africa Time) its correct answers and explanations
   * are withheld (null in quizAnswers), so that one account cannot pass that day's key to another: when
   * they open, as an ISO time. Null once they are open, and always for a full exam.
   */
  answersOpenAt: string | null;
  score: number;
  totalQuestions: number;
  correctAnswer: number;
  wrongAnswer: number;
  unanswered: number;
  scoreAccuracy: number;
  /** Minutes, to one decimal. */
  timeSpent: number;
  quizAnswers: QuizAnswer[];
}

/** A row of GET /api/v1/exam/leaderboard. It carries no account id. */
export interface LeaderboardEntry {
  rank: number;
  /** Others appear as first name and last initial ("Aisha B."); the caller sees their own full name. */
  user: { firstName: string; lastName: string; image: { url: string } | null };
  totalScore: number;
  /** This row is the caller's own. */
  isMe: boolean;
}

/** The caller's own place, sent with the board; null while they are not on it. */
export interface OwnRank {
  rank: number;
  totalScore: number;
}
