/**
 * The JAMB UTME mock's contract (/api/v1/exam/utme): its format, the shapes the server builds (`satisfies`
 * these types) and the /utme screens read. Declared here once.
 */

import type { QuizAnswer } from '../scoring.ts';
import type { ExamQuestion, RankingCredit, SavedAnswer } from './exam.ts';

/**
 * The UTME's format: Use of English (compulsory, 60 questions) and three subjects the candidate chooses (40
 * questions each), 180 questions on one two-hour clock, each subject scored out of 100 with no negative
 * marking, the sitting out of 400.
 */
export const UTME = {
  durationMinutes: 120,
  electives: 3,
  englishQuestions: 60,
  electiveQuestions: 40,
  maxScore: 100,
  maxTotal: 400,
  /** The exam type whose papers a sitting draws from, and the compulsory subject, by their slugs. */
  examTypeSlug: 'jamb',
  englishSlug: 'english',
  /** What JAMB calls the compulsory subject; the bank files it under English. */
  englishTitle: 'Use of English',
  /** A UTME question has four options, chosen with A to D. */
  optionKeys: 4,
} as const;

/** A subject's score out of 100: the share of its questions answered right, rounded. */
export function utmeSubjectScore(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct / total) * UTME.maxScore);
}

export interface UtmeSubject {
  _id: string;
  title: string;
}

/** A subject on the /utme picker, with how many questions the bank has for it. */
export interface UtmeSubjectChoice extends UtmeSubject {
  questions: number;
  /** Whether the bank has enough questions for a sitting (60 for Use of English, 40 for the others). */
  available: boolean;
}

/** What GET /api/v1/exam/utme/subjects answers: the picker's choices and the caller's unfinished sitting. */
export interface UtmeCatalogue {
  english: UtmeSubjectChoice | null;
  electives: UtmeSubjectChoice[];
  /** The caller's unfinished sitting, which GET /exam/utme resumes whatever subjects it is asked for. */
  open: { _id: string; subjects: UtmeSubject[]; endsAt: string } | null;
}

/** One subject of a sitting: its questions in the order shown, without the key. */
export interface UtmeSection {
  subject: UtmeSubject;
  questions: ExamQuestion[];
}

/** What GET /api/v1/exam/utme answers: the whole sitting, fetched once, and the answers saved so far. */
export interface UtmeSitting {
  _id: string;
  /** Minutes: always 120. */
  duration: number;
  startedAt: string;
  endsAt: string;
  /** The server's clock when it answered, so a phone whose clock is wrong can still count down right. */
  serverTime: string;
  /** Use of English first, then the three chosen subjects in the order asked for. */
  sections: UtmeSection[];
  answers: SavedAnswer[];
  /**
   * Whether the sitting can go on the mock ranking: the student's first ranked sitting, drawn wholly from
   * questions whose answers they have not been shown. False when the bank could not fill it with such
   * questions (or another sitting is ranked already): it is practice.
   */
  ranked: boolean;
}

/** One subject of a scored sitting. */
export interface UtmeSectionResult {
  subject: UtmeSubject;
  /** Out of 100. */
  score: number;
  maxScore: number;
  correctAnswer: number;
  totalQuestions: number;
  quizAnswers: QuizAnswer[];
}

/**
 * What POST /api/v1/exam/answer/utme answers, and GET /api/v1/exam/utme/result?exam=… reads again: the
 * scores and where the sitting stands among the other students' ranked mock totals (by its own ranking total
 * when it is ranked), worked out when it is read.
 */
export interface UtmeResult {
  _id: string;
  /** Out of 400. */
  total: number;
  maxTotal: number;
  /** The share (0–100, rounded) of other students' first totals below this one, ties counted half. */
  percentile: number;
  /** How many other students' first totals the percentile compares with; 0 makes it 100. */
  candidates: number;
  /**
   * Whether this sitting is on the mock ranking: the student's first sitting drawn wholly from questions
   * whose answers they had not been shown; later ones are practice.
   */
  ranked: boolean;
  /**
   * What a ranked sitting earned: `points` is its ranking total out of 400, each subject's share of right
   * answers counting only the questions whose answers the student had not been shown before the sitting was
   * scored (src/lib/ranking.ts). Null for practice.
   */
  credit: RankingCredit | null;
  startedAt: string;
  submittedAt: string;
  /** Minutes, to one decimal. */
  timeSpent: number;
  sections: UtmeSectionResult[];
}

/** A row of GET /api/v1/exam/utme/ranking: a student's ranked mock total. It carries no account id. */
export interface UtmeRankingEntry {
  rank: number;
  /** Others appear as first name and last initial ("Aisha B."); the caller sees their own full name. */
  user: { firstName: string; lastName: string; image: { url: string } | null };
  total: number;
  isMe: boolean;
}

/** What GET /api/v1/exam/utme/ranking answers: the top of the mock ranking and the caller's own place. */
export interface UtmeRanking {
  docs: UtmeRankingEntry[];
  me: { rank: number; total: number } | null;
}
