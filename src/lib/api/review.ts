/**
 * The review-deck contract of /api/v1/review (docs/learning.md, "The review deck"): the shapes the server
 * builds (`satisfies` these types) and /review-deck, /award, /profile and the home page read. Declared here
 * once.
 */

import type { ExamQuestion } from './exam.ts';

/** How many due questions one session shows at most (GET /review/due's default and largest `limit`). */
export const REVIEW_SESSION_SIZE = 20;

/**
 * The most new questions (never reviewed) that join a student's due reviews in one West Africa Time day, as
 * Anki caps new cards, and with its default: one session (REVIEW_SESSION_SIZE) of new questions a day. Each
 * new question brings a few reviews back over the next weeks, so 20 a day keeps a steady deck at about a
 * quarter of an hour; a UTME mock handed in early (hundreds of blanks) is spread over the days that follow
 * instead of burying the questions the student really got wrong. The rest wait, in order, for later days. A
 * student with an exam date ahead gets more when 20 a day would not bring them all up before it (deck.ts).
 */
export const NEW_PER_DAY = 20;

/** The longest time-taken POST /review/answer accepts, in seconds (a day): the phone sends no more. */
export const MAX_REVIEW_SECONDS = 86_400;

/** Where the student's deck stands at the moment the server answered. */
export interface ReviewCounts {
  /** Questions due now. */
  dueNow: number;
  /** Questions due later today, before midnight West Africa Time (a mistake's 10-minute step, say). */
  dueLaterToday: number;
  /** New questions past today's cap on new ones: they join the due reviews on later days, in order. */
  waiting: number;
  /** When the next question not yet due becomes due, as an ISO time; null when none is waiting. */
  nextDue: string | null;
}

/**
 * How many questions are to be reviewed today: due now, and due later before midnight (West Africa Time),
 * new ones within the day's cap. The home reminder and the Today card say this one number.
 */
export function dueToday(counts: ReviewCounts): number {
  return counts.dueNow + counts.dueLaterToday;
}

/** A question of the deck as the session shows it: the quiz's question (never the key) and where it is from. */
export interface ReviewQuestion extends ExamQuestion {
  subject: { _id: string; title: string };
  /** The syllabus topic (questions.topic); null for a question the bank has not tagged. */
  topic: string | null;
}

/** What GET /api/v1/review/due answers: the due questions, oldest mistake first, and the counts. */
export interface ReviewDue {
  questions: ReviewQuestion[];
  counts: ReviewCounts;
}

/** GET /api/v1/review/due's query: how many questions to send (0 for the counts alone, the home reminder). */
export interface ReviewDueQuery {
  limit: number;
}

/**
 * POST /api/v1/review/answer's body. `option` is null for "I don't know". `seconds` is the phone's count of
 * the time taken, which only decides between Good and Easy for a right answer: a student who fakes it moves
 * only their own reviews.
 */
export interface ReviewAnswerBody {
  question: string;
  option: string | null;
  seconds?: number;
}

/** How FSRS rated an answer: wrong or blank, right, or right and fast. */
export type ReviewRating = 'again' | 'good' | 'easy';

/** What POST /api/v1/review/answer answers: right or wrong, the key and its explanation, and what is next. */
export interface ReviewOutcome {
  question: string;
  correct: boolean;
  /** The id of the right option. */
  correctOption: string;
  /** Sanitised HTML; '' when the bank has none. */
  explanation: string;
  rating: ReviewRating;
  /** When this question comes back, as an ISO time. */
  due: string;
  /** The deck after this answer. */
  counts: ReviewCounts;
}
