/**
 * The finishing job. Every app instance runs it every few seconds (contest-jobs.ts); it works only from
 * what PostgreSQL holds, so it needs no visitor, survives restarts and crashes, and any number of instances
 * may run it at once:
 * - it scores the contest levels whose time ran out without a hand-in (each once: the attempt's row lock);
 * - once a contest has ended, and its last hand-ins' grace has passed, it ranks the entrants and credits the
 *   coin prizes in ONE transaction that sets contests.finished_at, holding the contest's row FOR UPDATE:
 *   a second instance waits those few milliseconds, then finds it finished and leaves it, and a crash rolls
 *   all of it back for the next run. Waiting rather than skipping matters: the instance that scored the last
 *   open level must not skip the row while another, which still saw that level open, holds it and gives up.
 */

import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CONTEST } from '../../../lib/api/contest.ts';
import { ordinal } from '../../../lib/format.ts';
import { type Database, type Executor, rowsOf } from '../../db/client.ts';
import { contests } from '../../db/schema.ts';
import { creditCoins } from '../coins.ts';
import { type Contest, findContest } from './contest-rows.ts';
import { seededShuffle } from './entrant-order.ts';
import { scoreLevel } from './level-score.ts';

/** How many timed-out levels one run scores, so that a run stays short; the next run takes the rest. */
const LEVELS_PER_RUN = 500;
/** How many batches one run takes at most (the next run takes any left). */
const MAX_BATCHES_PER_RUN = 40;
/** How many levels one instance scores at once. */
const LEVELS_AT_ONCE = 4;

/** Scores levels whose deadline (and grace) passed without a hand-in; returns how many were due. */
export async function scoreExpiredLevels(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CONTEST.submitGraceMs).toISOString();
  const due = rowsOf<{ id: string; userId: string; contestId: string }>(
    await db.execute(sql`select id, user_id as "userId", contest_id as "contestId" from attempts
      where contest_id is not null and submitted_at is null and ends_at < ${cutoff}::timestamptz
      order by ends_at limit ${LEVELS_PER_RUN}`),
  );
  const contestsById = new Map<string, Promise<Contest>>();
  // Each instance works through the due levels in its own random order, so instances rarely meet on a row.
  const queue = seededShuffle(due, randomUUID());
  const scoreNext = async (): Promise<void> => {
    const row = queue.shift();
    if (!row) return;
    const contest = contestsById.get(row.contestId) ?? findContest(db, row.contestId);
    contestsById.set(row.contestId, contest);
    const level = { userId: row.userId, contest: await contest, attemptId: row.id, submitted: [], now };
    await scoreLevel(db, level, { skipLocked: true });
    return scoreNext();
  };
  // A few at once, leaving most of the pool to students' requests; a level another instance holds is skipped.
  await Promise.all(Array.from({ length: LEVELS_AT_ONCE }, scoreNext));
  return due.length;
}

/**
 * The time of an entrant who did not hand in every level: the levels after the last one they ended ran out
 * their whole clock. `afterLevel[k]` is the minutes of the levels after level k, in ms.
 */
function remainingMs(contest: Contest): number[] {
  const minutes = contest.levels.map((level) => level.minutes);
  return minutes.map((_, k) => minutes.slice(k).reduce((sum, m) => sum + m * 60_000, 0)).concat(0);
}

/** Ranks one ended contest and credits its prizes, unless another instance finished it first. */
async function finishContest(db: Database, contestId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [contest] = await tx
      .select()
      .from(contests)
      .where(and(eq(contests.id, contestId), isNull(contests.finishedAt), isNull(contests.cancelledAt)))
      .for('update');
    if (!contest) return false;
    const [open] = rowsOf<{ count: number }>(
      await tx.execute(sql`select count(*)::integer as count from attempts
        where contest_id = ${contestId}::uuid and submitted_at is null`),
    );
    if ((open?.count ?? 0) > 0) return false; // scoreExpiredLevels has not reached them all yet
    await tx.execute(sql`update contest_entries e
      set time_ms = case when e.levels_done = 0 then 0 else e.time_ms end
        + (${JSON.stringify(remainingMs(contest))}::jsonb ->> e.levels_done::integer)::integer
      where e.contest_id = ${contestId}::uuid and e.levels_done < ${contest.levels.length}`);
    await tx.execute(sql`update contest_entries e set place = ranked.place
      from (select user_id, row_number() over (order by points desc, time_ms, seq)::integer as place
        from contest_entries where contest_id = ${contestId}::uuid) ranked
      where e.contest_id = ${contestId}::uuid and e.user_id = ranked.user_id`);
    await creditPrizes(tx, contest, now);
    await tx.execute(sql`update contests set finished_at = ${now.toISOString()}::timestamptz
      where id = ${contestId}::uuid`);
    return true;
  });
}

/** Each coin prize as one ledger row, to the entrant in its place who played (ended at least one level). */
async function creditPrizes(tx: Executor, contest: Contest, now: Date) {
  for (const prize of [...contest.prizes].sort((a, b) => a.place - b.place)) {
    const [winner] = rowsOf<{ userId: string }>(
      await tx.execute(sql`update contest_entries set prize_coins = ${prize.coins}::integer
        where contest_id = ${contest.id}::uuid and place = ${prize.place}::integer and levels_done > 0
        returning user_id as "userId"`),
    );
    if (!winner) continue;
    await creditCoins(tx, {
      userId: winner.userId,
      coins: prize.coins,
      description: `Contest prize: ${contest.title}, ${ordinal(prize.place)} place`,
      at: now,
    });
  }
}

/** One run of the job: scores timed-out levels, then finishes the contests whose end (and grace) passed. */
export async function runContestJob(db: Database, now: Date): Promise<{ scored: number; finished: number }> {
  // Batch after batch while a whole one was due, so that many levels running out at the end of a contest
  // are scored in this run rather than one batch every CONTEST_JOB_INTERVAL_MS.
  let scored = 0;
  for (let batches = 0; batches < MAX_BATCHES_PER_RUN; batches += 1) {
    const batch = await scoreExpiredLevels(db, now);
    scored += batch;
    if (batch < LEVELS_PER_RUN) break;
  }
  const cutoff = new Date(now.getTime() - CONTEST.submitGraceMs).toISOString();
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`select id from contests
      where finished_at is null and cancelled_at is null and ends_at <= ${cutoff}::timestamptz
      order by ends_at limit 20`),
  );
  let finished = 0;
  for (const { id } of due) if (await finishContest(db, id, now)) finished += 1;
  return { scored, finished };
}
