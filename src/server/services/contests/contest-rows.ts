/** A contest as stored, and the small pieces every part of running one shares. */

import { and, eq, sql } from 'drizzle-orm';
import type { ContestStatus } from '../../../lib/api/contest.ts';
import type { Executor } from '../../db/client.ts';
import { attempts, contests } from '../../db/schema.ts';
import { notFound } from '../errors.ts';
import type { LevelAttemptTimes } from './level-windows.ts';

export type Contest = typeof contests.$inferSelect;

/** Where a contest stands at `now`. */
export function contestStatus(contest: Contest, now: Date): ContestStatus {
  if (contest.cancelledAt) return 'cancelled';
  if (now < contest.startsAt) return 'upcoming';
  return now < contest.endsAt ? 'live' : 'finished';
}

/** The contest, or a 404 that names it. `lock` takes its row for this transaction. */
export async function findContest(
  db: Executor,
  contestId: string,
  lock?: 'update' | 'share',
): Promise<Contest> {
  const query = db.select().from(contests).where(eq(contests.id, contestId));
  const [contest] = lock ? await query.for(lock) : await query;
  if (!contest) throw notFound('This contest does not exist.');
  return contest;
}

/** An entrant's level attempts, as the level clock reads them. */
export async function levelAttempts(
  db: Executor,
  contestId: string,
  userId: string,
): Promise<(LevelAttemptTimes & { id: string })[]> {
  const rows = await db
    .select({
      id: attempts.id,
      level: attempts.contestLevel,
      startedAt: attempts.startedAt,
      endsAt: attempts.endsAt,
      submittedAt: attempts.submittedAt,
    })
    .from(attempts)
    .where(and(eq(attempts.contestId, contestId), eq(attempts.userId, userId)))
    .orderBy(attempts.contestLevel);
  return rows.map((row) => ({ ...row, level: row.level ?? 0 }));
}

/** The contest's own paper, which holds its reserved questions. */
export function contestPaperId(contestId: string) {
  return sql<string>`(select p.id from papers p where p.contest_id = ${contestId}::uuid)`;
}
