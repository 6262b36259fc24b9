/**
 * The review deck never schedules past the student's exam (docs/learning.md, "The review deck"): with an exam
 * date ahead, no question may fall due on or after the exam day, so every one comes back before it. Due dates
 * are capped at the start (West Africa Time) of the day before the exam, or at the moment itself once that
 * has begun; after the exam day, the cap is gone and FSRS schedules as it would.
 */

import { sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { westAfricaDate } from '../exams/daily.ts';
import { westAfricaMidnight } from '../exams/daily-key.ts';

const DAY_MS = 86_400_000;

/** The latest moment a question may fall due, for an exam on `examDate` (YYYY-MM-DD); null for no cap. */
export function examDueCap(examDate: string | null, now: Date): Date | null {
  if (examDate === null || westAfricaDate(now) > examDate) return null;
  // Lagos keeps UTC+1 all year: the day before starts exactly a day before the exam day does.
  const eve = new Date(westAfricaMidnight(examDate).getTime() - DAY_MS);
  return eve > now ? eve : now;
}

/** `due`, brought forward to the cap when it falls after it. */
export function cappedDue(due: Date, cap: Date | null): Date {
  return cap !== null && due > cap ? cap : due;
}

/**
 * Serialises, per student, what writes a due date against the exam date: answering a review and setting the
 * plan each take this lock first in their transaction. Without it a review answered while the date moves
 * could read the old date after the plan's UPDATE had passed its card by (the card being answered is due,
 * so that UPDATE never waits for it) and schedule it past the new exam day.
 */
export async function lockSchedule(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`exam-schedule:${userId}`}, 0))`);
}

/** The student's exam day (YYYY-MM-DD), or null when they have set none. */
export async function examDateOf(db: Executor, userId: string): Promise<string | null> {
  const result = (await db.execute(
    sql`select exam_date::text as "examDate" from exam_plans where user_id = ${userId}::uuid`,
  )) as unknown as { rows: { examDate: string | null }[] };
  return result.rows[0]?.examDate ?? null;
}

/** Brings every card of the student due after the cap forward to it, in one statement; returns how many. */
export async function pullDueIn(tx: Executor, userId: string, cap: Date | null): Promise<number> {
  if (cap === null) return 0;
  const at = cap.toISOString();
  const result = (await tx.execute(sql`update review_cards set due = ${at}::timestamptz
    where user_id = ${userId}::uuid and due > ${at}::timestamptz`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return result.rowCount ?? result.affectedRows ?? 0;
}
