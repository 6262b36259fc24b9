import { QUESTION_REPORT_REASONS, REPORT_NOTE_MAX } from '../api/reports.ts';
import { optionalText } from './fields.ts';
import { z } from './zod.ts';

// Control characters other than line breaks and tabs: a note is plain text, and editors read it in a
// terminal (npm run reports:list), where an escape sequence could rewrite what they see.
const ALLOWED_CONTROLS = new Set(['\n', '\r', '\t']);
function hasControlCharacter(text: string): boolean {
  for (const character of text) {
    const code = character.charCodeAt(0);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    if (control && !ALLOWED_CONTROLS.has(character)) return true;
  }
  return false;
}

export const REPORT_REASON_MESSAGE = 'Choose what is wrong with the question';
export const REPORT_NOTE_LENGTH_MESSAGE = `Keep the note to ${REPORT_NOTE_MAX} characters`;

/** The note field alone: the dialog checks it as the student types, and the body schema reuses it. */
export const reportNoteSchema = optionalText(REPORT_NOTE_MAX, {
  type: 'The note must be text',
  tooLong: REPORT_NOTE_LENGTH_MESSAGE,
})
  .refine((note) => !hasControlCharacter(note), 'The note contains characters that are not allowed')
  .default('');

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
