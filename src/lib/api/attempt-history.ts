/**
 * The test-history contract of GET /api/v1/exam/history (a `Paged<AttemptHistoryEntry>`, newest submitted
 * first): the caller's submitted attempts as the server builds them and /profile's "My tests" lists them.
 * Declared here once.
 */

/** The kinds of attempt the history lists: every kind a student can submit. */
export const ATTEMPT_HISTORY_KINDS = ['exam', 'daily', 'utme', 'topic'] as const;
export type AttemptHistoryKind = (typeof ATTEMPT_HISTORY_KINDS)[number];

/** How many tests /profile's "My tests" asks for at a time; "Show more" asks for the next page. */
export const ATTEMPT_HISTORY_PAGE_SIZE = 10;

/** One submitted attempt of the caller. */
export interface AttemptHistoryEntry {
  _id: string;
  /**
   * A full exam, a daily test, a UTME mock sitting or a topic practice. A UTME sitting's review is
   * /utme/result?exam=<_id>; every other kind's is /review-answers?exam=<_id>.
   */
  kind: AttemptHistoryKind;
  /**
   * What the screen calls it: "WAEC · Mathematics · 2021" for an exam, "Daily test · Mathematics · 2 Mar
   * 2026" for a daily test (its West Africa Time day), "UTME mock · Use of English, Mathematics, Physics,
   * Biology" for a sitting, "Topic practice · Mathematics · Fractions" for a topic practice.
   */
  title: string;
  /**
   * The points (+5 right, −2 wrong, 0 blank) of an exam, daily test or topic practice; a UTME sitting's
   * total out of 400 (each subject the share right, out of 100).
   */
  score: number;
  /** The most `score` could have been: 5 a question, or 400 for a UTME sitting. */
  maxScore: number;
  correctAnswer: number;
  totalQuestions: number;
  /** Whether the score was added to the leaderboard total (see QuizResult.counted); never for a sitting. */
  counted: boolean;
  /** Taken on the phone from a downloaded paper with no data, and uploaded later (POST /exam/offline). */
  offline: boolean;
  /** ISO times; for an attempt taken offline, the ones the phone recorded and uploaded. */
  startedAt: string;
  submittedAt: string;
}
