import { and, eq, isNotNull } from 'drizzle-orm';
import type { DailyTaken } from '../../../lib/api/exam.ts';
import type { Executor } from '../../db/client.ts';
import { attempts } from '../../db/schema.ts';
import { westAfricaDate } from './daily.ts';

/** The subjects whose daily test a student has submitted today: one a subject a day, so these are closed. */
export async function dailyTaken(db: Executor, userId: string, now: Date): Promise<DailyTaken> {
  const day = westAfricaDate(now);
  const rows = await db
    .select({ subjectId: attempts.subjectId })
    .from(attempts)
    .where(
      and(
        eq(attempts.userId, userId),
        eq(attempts.kind, 'daily'),
        eq(attempts.day, day),
        isNotNull(attempts.submittedAt),
      ),
    )
    .orderBy(attempts.submittedAt);
  return { day, subjects: rows.map((row) => row.subjectId) };
}
