import { QUESTION_REPORT_REASONS, REPORT_NOTE_MAX } from '../api/reports.ts';
import { optionalText } from './fields.ts';
import { z } from './zod.ts';

// The marks that reorder text on screen without showing themselves: the Arabic letter mark, the left-to-right
// and right-to-left marks, the embeddings and overrides (U+202A–U+202E) and the isolates (U+2066–U+2069). In
// a note, which editors read in a terminal (npm run reports:list), an override can make "B is right" read as
// anything; a note is plain text and needs none of them.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A note as it is stored: without bidirectional controls, with every line break a line feed, trimmed. The
 * other control characters never get this far (the text rule refuses them with a 400).
 */
export function plainNote(note: string): string {
  return note.replace(BIDI_CONTROLS, '').replace(/\r\n?/g, '\n').trim();
}

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
