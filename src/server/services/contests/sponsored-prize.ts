/**
 * A contest's sponsored (or cash) prize: the editor's text, won by first place. Coins have no cash value
 * (the terms), and a prize of value goes only to a winner whose account confirmed being 18 or over (the
 * terms' age) and holds a paid plan that is active (the pricing page's "Eligibility to win cash prizes"; a
 * free trial is not one). A winner who cannot claim it keeps the coin prize, and the page says why.
 */

import { and, eq, isNull } from 'drizzle-orm';
import { CONTEST, type SponsoredClaim } from '../../../lib/api/contest.ts';
import type { Database, Executor } from '../../db/client.ts';
import { contestEntries, users } from '../../db/schema.ts';
import { subscriptionStatus } from '../accounts.ts';
import { conflict, refused } from '../errors.ts';
import { type Contest, findContest } from './contest-rows.ts';

type Entry = typeof contestEntries.$inferSelect;

/** Whether the entry won the contest's sponsored prize: first place, having played, once it is ranked. */
function wonSponsoredPrize(contest: Contest, entry: Entry | undefined): entry is Entry {
  return (
    contest.finishedAt !== null &&
    contest.sponsoredPrize !== null &&
    entry?.place === 1 &&
    entry.levelsDone > 0
  );
}

/** What stops the winner from claiming: the age confirmation first, then the plan. */
async function blockedBy(db: Executor, userId: string, now: Date) {
  const [user] = await db
    .select({ adultConfirmedAt: users.adultConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.adultConfirmedAt) return 'age' as const;
  return (await subscriptionStatus(db, userId, now)).status === 'active' ? null : ('plan' as const);
}

/** The sponsored prize as the contest page shows it to the entry's student: null unless they won it. */
export async function sponsoredClaim(
  db: Executor,
  contest: Contest,
  entry: Entry,
  now: Date,
): Promise<SponsoredClaim | null> {
  if (!wonSponsoredPrize(contest, entry)) return null;
  return {
    prize: contest.sponsoredPrize ?? '',
    claimedAt: entry.sponsoredClaimedAt?.toISOString() ?? null,
    blockedBy: entry.sponsoredClaimedAt ? null : await blockedBy(db, entry.userId, now),
  };
}

export const PLAN_NEEDED_MESSAGE =
  'Prizes of value go to winners with an active paid plan. Choose a plan to claim it; your coin prize is yours either way.';

/**
 * POST /contest/:id/claim: the winner confirms being 18 or over (kept on the account) and claims the prize,
 * once. Refused, with the reason, for anyone else.
 */
export async function claimSponsoredPrize(
  db: Database,
  input: { userId: string; contestId: string; adult: boolean; now: Date },
): Promise<void> {
  const { userId, contestId, adult, now } = input;
  const contest = await findContest(db, contestId);
  const [entry] = await db
    .select()
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.userId, userId)));
  if (!wonSponsoredPrize(contest, entry)) throw conflict('Only this contest’s winner can claim its prize.');
  if (entry.sponsoredClaimedAt) return;
  if (!adult) throw refused(`Confirm that you are ${CONTEST.prizeMinimumAge} or over to claim this prize.`);
  await db
    .update(users)
    .set({ adultConfirmedAt: now })
    .where(and(eq(users.id, userId), isNull(users.adultConfirmedAt)));
  if ((await subscriptionStatus(db, userId, now)).status !== 'active') throw refused(PLAN_NEEDED_MESSAGE);
  await db
    .update(contestEntries)
    .set({ sponsoredClaimedAt: now })
    .where(
      and(
        eq(contestEntries.contestId, contestId),
        eq(contestEntries.userId, userId),
        isNull(contestEntries.sponsoredClaimedAt),
      ),
    );
}
