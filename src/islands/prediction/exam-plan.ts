/**
 * The exam plan form's rules (docs/prediction.md): the form's values, checked with the API's own schema, the
 * days the date picker offers, and ticking the three subjects besides Use of English.
 */

import { PREDICTION } from '../../lib/api/prediction.ts';
import { UTME, type UtmeSubject } from '../../lib/api/utme.ts';
import { examPlanSchema } from '../../lib/validation/prediction.ts';
import { z } from '../../lib/validation/zod.ts';

/** The form's values: the date as the date input holds it ('' for none) and the subjects ticked. */
export interface ExamPlanValues extends Record<string, unknown> {
  examDate: string;
  subjects: string[];
}

/**
 * The form's values as PUT /prediction/plan takes them (an empty date is no date), then the API's schema:
 * the browser refuses what the server would, with the same messages, on the same fields.
 */
export const examPlanFormSchema = z
  .object({ examDate: z.string(), subjects: z.array(z.string()) })
  .transform((values) => ({
    examDate: values.examDate === '' ? null : values.examDate,
    subjects: values.subjects,
  }))
  .pipe(examPlanSchema);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The West Africa Time day of a moment, as YYYY-MM-DD (Lagos keeps UTC+1 all year). */
export function westAfricaDay(moment: number): string {
  return new Date(moment + HOUR).toISOString().slice(0, 10);
}

/**
 * The days the date picker offers: today to PREDICTION.maxDaysAhead days ahead, in West Africa Time. A hint
 * to the picker only: the server, whose day counts, refuses a day outside them with its reason.
 */
export function examDateBounds(now: number): { min: string; max: string } {
  return { min: westAfricaDay(now), max: westAfricaDay(now + PREDICTION.maxDaysAhead * DAY) };
}

/** What ticking or unticking a subject leads to: the new choice, or why it was refused. */
export interface PlanToggle {
  subjects: string[];
  refused?: string;
}

/** Ticks or unticks a subject; a fourth is refused with the reason. */
export function togglePlanSubject(subjects: readonly string[], subject: UtmeSubject): PlanToggle {
  if (subjects.includes(subject._id)) return { subjects: subjects.filter((id) => id !== subject._id) };
  if (subjects.length >= UTME.electives) {
    return {
      subjects: [...subjects],
      refused: `You have chosen ${UTME.electives} subjects already. Untick one to choose ${subject.title}.`,
    };
  }
  return { subjects: [...subjects, subject._id] };
}

/** The success toast. */
export const PLAN_SAVED = 'Your exam plan is saved.';
