/**
 * Entering a contest: once per account, only for a confirmed account, only before the start and while there
 * are places, paying the fee as one coin-ledger row. All of it is one transaction that first takes the
 * contest's row, so entries, the entrant cap and a cancellation (which takes the same row) queue on it
 * across instances.
 */

import { and, eq, sql } from 'drizzle-orm';
import { PaymentCode } from '../../../lib/errors.ts';
import type { Database, Executor } from '../../db/client.ts';
import { contestEntries, contests, users } from '../../db/schema.ts';
import { debitCoins } from '../coins.ts';
import { conflict, notFound, paymentRequired, refused } from '../errors.ts';
import type { Contest } from './contest-rows.ts';

export const UNCONFIRMED_MESSAGE = 'Confirm your email address to enter contests.';

/** Why the contest cannot take an entry now: cancelled, started or full. */
function closedReason(contest: Contest, now: Date): string {
  if (contest.cancelledAt) return 'This contest was cancelled.';
  if (now >= contest.startsAt) return 'Entries closed when the contest started.';
  return 'This contest is full: every place has been taken.';
}

/** Takes a place in the contest (its row lock held until the end of the transaction), or says why not. */
async function takePlace(tx: Executor, contestId: string, now: Date): Promise<Contest> {
  const [taken] = await tx
    .update(contests)
    .set({ entrants: sql`${contests.entrants} + 1` })
    .where(
      and(
        eq(contests.id, contestId),
        sql`${contests.cancelledAt} is null`,
        sql`${contests.startsAt} > ${now.toISOString()}::timestamptz`,
        sql`${contests.entrants} < ${contests.maxEntrants}`,
      ),
    )
    .returning();
  if (taken) return taken;
  const [contest] = await tx.select().from(contests).where(eq(contests.id, contestId));
  if (!contest) throw notFound('This contest does not exist.');
  throw conflict(closedReason(contest, now));
}

/**
 * Enters the student in the contest from `address` (kept for the editors' fair-play report). Returns the
 * coin balance after the fee. A student whose coins do not cover the fee gets a 402 and is not entered.
 */
export async function enterContest(
  db: Database,
  input: { userId: string; contestId: string; address: string; now: Date },
): Promise<{ contest: Contest; balance: number }> {
  const { userId, contestId, address, now } = input;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ verifiedAt: users.emailVerifiedAt, balance: users.triviaPoints })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.verifiedAt) throw refused(UNCONFIRMED_MESSAGE);
    const contest = await takePlace(tx, contestId, now);
    const [entered] = await tx
      .insert(contestEntries)
      .values({ contestId, userId, enteredAt: now, fee: contest.entryFee, address })
      .onConflictDoNothing()
      .returning({ seq: contestEntries.seq });
    if (!entered) throw conflict('You have already entered this contest.');
    if (contest.entryFee === 0) return { contest, balance: user.balance };
    const balance = await debitCoins(tx, {
      userId,
      coins: contest.entryFee,
      description: `Contest entry: ${contest.title}`,
      at: now,
    });
    if (balance === undefined) throw paymentRequired(PaymentCode.insufficientCoins, 'You are out of coin!');
    return { contest, balance };
  });
}
