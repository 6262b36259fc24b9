import { QUESTION_REPORT_REASONS, REPORT_NOTE_MAX } from '../api/reports.ts';
import { optionalText } from './fields.ts';
import { z } from './zod.ts';

export const REPORT_REASON_MESSAGE = 'Choose what is wrong with the question';
export const REPORT_NOTE_LENGTH_MESSAGE = `Keep the note to ${REPORT_NOTE_MAX} characters`;

/** The note field alone: the dialog checks it as the student types, and the body schema reuses it. */
export const reportNoteSchema = optionalText(REPORT_NOTE_MAX, {
  type: 'The note must be text',
  tooLong: REPORT_NOTE_LENGTH_MESSAGE,
  multiLine: true,
}).default('');

/**
 * POST /api/v1/question/report: which question, why, and an optional plain-text note. The dialog checks it
 * before sending and the route checks it again.
 */
export const questionReportSchema = z
  .object({
    question: z.uuid({ error: 'question must be the id of a question' }),
    reason: z.enum(QUESTION_REPORT_REASONS, { error: REPORT_REASON_MESSAGE }),
    note: reportNoteSchema,
  })
  .strict();
export type QuestionReportInput = z.input<typeof questionReportSchema>;
