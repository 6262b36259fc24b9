import type { ExamPlan } from '../api/prediction.ts';
import { UTME } from '../api/utme.ts';
import { text } from './fields.ts';
import { z } from './zod.ts';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` (YYYY-MM-DD) names a day of the calendar: 2026-02-30 does not. */
function isCalendarDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * PUT /api/v1/prediction/plan: the exam day (West Africa Time, YYYY-MM-DD, or null to clear it) and the three
 * subjects besides Use of English. Whether the day is ahead of today is the server's to say (it knows the day).
 */
export const examPlanSchema = z
  .object({
    examDate: text({ error: 'Choose the day of your exam', trim: false })
      .regex(CALENDAR_DAY, 'The exam date must be a day, such as 2027-04-24')
      .refine(isCalendarDay, 'The exam date must be a day of the calendar')
      .nullable(),
    subjects: z
      .array(z.uuid({ error: 'Each subject must be the id of a subject' }), {
        error: `Choose ${UTME.electives} subjects`,
      })
      .length(UTME.electives, `Choose exactly ${UTME.electives} subjects besides Use of English`)
      .refine((list) => new Set(list).size === list.length, 'Choose three different subjects'),
  })
  .strict() satisfies z.ZodType<ExamPlan>;
