/**
 * The contract of POST /api/v1/question/report: a student tells the editors about a problem in a question
 * they have met. The reasons are the database enum too (schema.ts imports them from here), so the dialog,
 * the validation and the table can never disagree. Declared here once.
 */

/** What can be wrong with a question, in the order the dialog lists them. */
export const QUESTION_REPORT_REASONS = ['wrong-key', 'typo', 'unclear', 'missing-diagram', 'other'] as const;
export type QuestionReportReason = (typeof QUESTION_REPORT_REASONS)[number];

/** How the dialog and the editors' tools name each reason. */
export const QUESTION_REPORT_REASON_LABELS: Record<QuestionReportReason, string> = {
  'wrong-key': 'The marked answer is wrong',
  typo: 'A typo or spelling mistake',
  unclear: 'The question is unclear',
  'missing-diagram': 'A diagram or picture is missing',
  other: 'Something else',
};

/** The longest note a report may carry: room for a sentence or two about the problem, never an essay. */
export const REPORT_NOTE_MAX = 500;

/** A report as the API answers it once stored. */
export interface QuestionReport {
  _id: string;
  reason: QuestionReportReason;
  /** An ISO time. */
  createdAt: string;
}

/** The success message of a stored report, which the dialog shows where the student is looking. */
export const REPORT_SENT_MESSAGE = 'Thanks — our editors will check this question.';
/** The 409 while the student's earlier report of the question is still open. */
export const ALREADY_REPORTED_MESSAGE =
  'You have already reported this question. Our editors will check it; you can report it again once they have.';
/**
 * The 404 for a question the student has not met: unknown, or never in one of their scored tests or their
 * review deck. A test taken offline counts once it has been uploaded.
 */
export const REPORT_UNSEEN_MESSAGE =
  'You can only report a question from a test you have finished. If you took this one offline, report it after your answers are uploaded.';
