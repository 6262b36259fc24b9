/**
 * GET and PUT /api/v1/prediction/plan: the student's exam day (West Africa Time) and the three subjects they
 * will sit besides Use of English (docs/prediction.md, "The plan to exam day"). Setting a date pulls the
 * review deck in before it (learning/exam-cap.ts).
 */

import { eq } from 'drizzle-orm';
import { type ExamPlan, PREDICTION } from '../../../lib/api/prediction.ts';
import type { Database, Executor } from '../../db/client.ts';
import { examPlans } from '../../db/schema.ts';
import { invalidField } from '../errors.ts';
import { westAfricaDate } from '../exams/daily.ts';
import { jambElective, jambSubjects } from '../exams/utme.ts';
import { examDueCap, lockSchedule, pullDueIn } from '../learning/exam-cap.ts';

const DAY_MS = 86_400_000;

/** The calendar day `days` days after `day` (each YYYY-MM-DD). */
export function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (each YYYY-MM-DD): 0 on the same day, negative once `to` has passed. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The student's plan; no date and no subjects when they have set none. */
export async function examPlan(db: Executor, userId: string): Promise<ExamPlan> {
  const [row] = await db
    .select({ examDate: examPlans.examDate, subjects: examPlans.subjectIds })
    .from(examPlans)
    .where(eq(examPlans.userId, userId));
  return row ?? { examDate: null, subjects: [] };
}

/** Refuses an exam day before today (West Africa Time) or more than PREDICTION.maxDaysAhead days ahead. */
function checkExamDate(examDate: string, now: Date): void {
  const today = westAfricaDate(now);
  if (examDate < today) {
    throw invalidField(['examDate'], `The exam date has passed: choose today (${today}) or a later day.`);
  }
  const latest = dayAfter(today, PREDICTION.maxDaysAhead);
  if (examDate > latest) {
    throw invalidField(
      ['examDate'],
      `The exam date must be within ${PREDICTION.maxDaysAhead} days of today: ${latest} at the latest.`,
    );
  }
}

/**
 * Saves the student's plan (one row each) and, with a date, brings every review due after the day before the
 * exam in to it, in one transaction. A null date clears the date and keeps the subjects given.
 */
export async function setExamPlan(
  db: Database,
  userId: string,
  plan: ExamPlan,
  now: Date,
): Promise<ExamPlan> {
  if (plan.examDate !== null) checkExamDate(plan.examDate, now);
  const jamb = await jambSubjects(db);
  plan.subjects.forEach((id, index) => {
    jambElective(jamb, id, index);
  });
  return db.transaction(async (tx) => {
    await lockSchedule(tx, userId);
    const values = { examDate: plan.examDate, subjectIds: plan.subjects, updatedAt: now };
    await tx
      .insert(examPlans)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: examPlans.userId, set: values });
    await pullDueIn(tx, userId, examDueCap(plan.examDate, now));
    return { examDate: plan.examDate, subjects: plan.subjects };
  });
}
