/**
 * The results and leaderboard contract of /api/v1/exam: the shapes the server builds (`satisfies` these
 * types) and the screens read. Declared here once.
 */

import type { QuizAnswer, Tally } from '../scoring.ts';

/** The lifelines a student can buy on a question (spec §4): the database enum, the API and the quiz. */
export const LIFELINE_KINDS = ['fifty-fifty', 'skip'] as const;
export type LifelineKind = (typeof LIFELINE_KINDS)[number];

export interface ExamOption {
  _id: string;
  option: string;
  optionType: 'text' | 'image' | 'media' | 'file';
  file: { url: string } | null;
}

/** A question as the quiz shows it: nothing in it gives the answer away. */
export interface ExamQuestion {
  _id: string;
  /** The passage (comprehension, cloze, extract) the question is about, as sanitised HTML; absent for none. */
  passage?: string;
  question: string;
  questionType: 'text' | 'image' | 'diagram';
  file: { url: string } | null;
  options: ExamOption[];
}

/** A lifeline used in an attempt; a 50-50 names the two options it hid. */
export interface LifelineUse {
  question: string;
  kind: LifelineKind;
  hiddenOptions: string[];
}

/** An answer saved to an attempt. */
export interface SavedAnswer {
  question: string;
  option: string;
}

/**
 * An attempt as GET /api/v1/exam, /exam/daily and /exam/topic return it: the questions (never the answer
 * key), the clock and the saved progress.
 */
export interface ExamPayload {
  _id: string;
  /**
   * A full exam, a daily test, a practice of one topic (GET /exam/topic), or a contest's level
   * (GET /contest/:id/level, whose heading names the contest, its subject and the level).
   */
  kind: 'exam' | 'daily' | 'topic' | 'contest';
  /** Minutes. */
  duration: number;
  startedAt: string;
  endsAt: string;
  /** The server's clock when it answered, so a phone whose clock is wrong can still count down right. */
  serverTime: string;
  submitted: boolean;
  /** What the quiz is titled by; a topic practice also names its topic. */
  heading: { examType: string; subject: string; year: string; topic?: string } | null;
  questions: ExamQuestion[];
  answers: SavedAnswer[];
  lifelines: LifelineUse[];
}

/** What POST /api/v1/exam/lifeline answers: the lifeline used and the coins left. */
export interface LifelineOutcome {
  kind: LifelineKind;
  question: string;
  hiddenOptions: string[];
  triviaPoints: number;
}

/**
 * The result of a scored attempt: what POST /api/v1/exam/answer and /answer/daily answer, and what
 * GET /api/v1/exam/result?exam=… reads again later.
 */
export interface QuizResult extends Tally {
  _id: string;
  kind: 'exam' | 'daily' | 'topic';
  /**
   * Whether the score was added to the leaderboard total: a student's first attempt at a paper, and every
   * daily test. A later attempt at a paper is practice, and so is every attempt at a paper the student has
   * downloaded for offline use (they hold its key), uploaded ones included, and every topic practice.
   */
  counted: boolean;
  /**
   * What a counted attempt earned on the Leader Board: only the questions whose key the student had not
   * been shown before earn points, each once. Null for practice.
   */
  credit: RankingCredit | null;
  /**
   * A daily test's correct answers, explanations and right/wrong flags are withheld (null in quizAnswers)
   * until the last submission that day's tests allow (midnight West Africa Time plus the test's duration
   * and grace), so that one account cannot pass a key to another: when they open, as an ISO time. Null once
   * they are open, and always for a full exam.
   */
  answersOpenAt: string | null;
  /** Minutes, to one decimal. */
  timeSpent: number;
  quizAnswers: QuizAnswer[];
}

/**
 * The doors through which a student can be shown a question's key (shown_keys.via): a scored attempt's
 * result (an exam, a topic practice, a daily test once its answers open), a UTME result, a downloaded paper,
 * an answer in the review deck, a contest's review once the contest has ended.
 */
export const SHOWN_VIA = ['result', 'daily', 'utme', 'download', 'review', 'contest'] as const;
export type ShownVia = (typeof SHOWN_VIA)[number];

/**
 * What a scored attempt earned on its ranking (the rule: src/lib/ranking.ts). `questions` earned credit;
 * the others did not because their key had been shown to the student before (`seenBefore`) or because they
 * had already earned credit once (`creditedBefore`). `points` is what the attempt added to the Leader Board
 * (+5/−2 on the credited questions only); for a UTME sitting it is the ranking total out of 400.
 */
export interface RankingCredit {
  questions: number;
  points: number;
  seenBefore: number;
  creditedBefore: number;
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

/**
 * What GET /api/v1/exam/daily/taken answers: the subjects whose daily test the caller has submitted today
 * (West Africa Time), each of which is closed to them until midnight.
 */
export interface DailyTaken {
  /** Today in West Africa Time, as YYYY-MM-DD. */
  day: string;
  /** The ids of the subjects already taken today. */
  subjects: string[];
}
