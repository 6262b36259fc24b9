import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { ContestStatus } from '../../../lib/api/contest.ts';
import type { Database } from '../../db/client.ts';
import { contestEntries, contests } from '../../db/schema.ts';
import { creditCoins } from '../coins.ts';
import { refused } from '../errors.ts';
import { contestStatus, findContest } from './contest-rows.ts';

/** A contest as `npm run contests -- list` shows it. */
export interface ContestListing {
  id: string;
  title: string;
  startsAt: Date;
  /** The start in West Africa Time, "2026-12-05 10:00 WAT". */
  startsAtWat: string;
  status: ContestStatus;
  entrants: number;
  maxEntrants: number;
  entryFee: number;
}

const westAfrica = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Lagos',
});

/** A moment in West Africa Time as "2026-12-05 10:00 WAT": what the editors' commands print. */
export function formatWat(at: Date): string {
  const part = Object.fromEntries(westAfrica.formatToParts(at).map((piece) => [piece.type, piece.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute} WAT`;
}

/** Every contest, the latest start first, for the editors' list. */
export async function listContests(db: Database, now = new Date()): Promise<ContestListing[]> {
  const rows = await db.select().from(contests).orderBy(desc(contests.startsAt));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    startsAt: row.startsAt,
    startsAtWat: formatWat(row.startsAt),
    // A contest past its end but not yet ranked by the finishing job still reads "finished".
    status: contestStatus(row, now),
    entrants: row.entrants,
    maxEntrants: row.maxEntrants,
    entryFee: row.entryFee,
  }));
}

/** What a cancellation did. */
export interface CancelSummary {
  id: string;
  title: string;
  /** Entries refunded, and the coins given back. */
  refunded: number;
  coins: number;
}

/**
 * Cancels a contest that has not finished, in one transaction: stamps cancelledAt and refunds each entry
 * that paid, once, with a ledger row. Entering updates the contest row only while it is not cancelled, and
 * this takes that row's lock first, so an entry either lands before (and is refunded) or is refused after.
 */
export async function cancelContest(db: Database, contestId: string, now: Date): Promise<CancelSummary> {
  return db.transaction(async (tx) => {
    const contest = await findContest(tx, contestId, 'update');
    if (contest.cancelledAt) {
      throw refused(`The contest "${contest.title}" was already cancelled; nothing was changed.`);
    }
    if (contest.finishedAt) {
      throw refused(
        `The contest "${contest.title}" has finished and its prizes are credited; it cannot be cancelled.`,
      );
    }
    await tx.update(contests).set({ cancelledAt: now }).where(eq(contests.id, contest.id));
    const paid = await tx
      .select({ userId: contestEntries.userId, fee: contestEntries.fee })
      .from(contestEntries)
      .where(
        and(
          eq(contestEntries.contestId, contest.id),
          gt(contestEntries.fee, 0),
          isNull(contestEntries.refundedAt),
        ),
      )
      .orderBy(contestEntries.seq);
    let coins = 0;
    for (const entry of paid) {
      await creditCoins(tx, {
        userId: entry.userId,
        coins: entry.fee,
        description: `Contest refund: ${contest.title}`,
        at: now,
      });
      await tx
        .update(contestEntries)
        .set({ refundedAt: now })
        .where(and(eq(contestEntries.contestId, contest.id), eq(contestEntries.userId, entry.userId)));
      coins += entry.fee;
    }
    return { id: contest.id, title: contest.title, refunded: paid.length, coins };
  });
}
