import { desc, eq, sql } from 'drizzle-orm';
import type { GrantedSubscription, PaymentPurpose, PurchaseMetadata } from '../../../lib/api/payments.ts';
import { findCoinPack } from '../../../lib/coin-packs.ts';
import { formatNaira } from '../../../lib/format.ts';
import { paymentMetadataSchema } from '../../../lib/validation/payment.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { payments, plans, subscriptions, users } from '../../db/schema.ts';
import { creditCoins } from '../coins.ts';
import { conflict, invalid, refused } from '../errors.ts';
import type { PaymentVerifier } from './paystack.ts';

/** What the caller claims was bought: the browser's call says it, the webhook reads it from the metadata. */
export type PurchaseClaim = { purpose: 'subscription'; planId: string } | { purpose: 'coins'; pack: number };

/** A plan's length in milliseconds; months and years follow the calendar from `from`. */
export function planEnd(from: Date, frequency: string, length: number): Date {
  const end = new Date(from);
  if (frequency === 'day') end.setUTCDate(end.getUTCDate() + length);
  else if (frequency === 'week') end.setUTCDate(end.getUTCDate() + 7 * length);
  else if (frequency === 'month') end.setUTCMonth(end.getUTCMonth() + length);
  else if (frequency === 'year') end.setUTCFullYear(end.getUTCFullYear() + length);
  else throw new Error(`Unknown plan frequency ${frequency}`);
  return end;
}

/** Refuses a purchase: bad input, a payment that is not the caller's, or one for something else. */
function refuse(
  message: string,
  kind: 'invalid' | 'refused' | 'conflict' = 'invalid',
  field = 'reference',
): never {
  const errors = [{ path: [field], message }];
  if (kind === 'conflict') throw conflict(message, field);
  throw kind === 'refused' ? refused(message, errors) : invalid(message, errors);
}

/** The price in kobo and what to grant, for a claim; refuses a plan or pack that cannot be bought by card. */
async function priceOf(db: Database, claim: PurchaseClaim) {
  if (claim.purpose === 'coins') {
    const pack = findCoinPack(claim.pack);
    if (!pack) refuse('There is no such coin pack.', 'invalid', 'pack');
    if (pack.byLink) refuse('This coin pack is bought through its link, not by card.', 'invalid', 'pack');
    return { kobo: pack.price * 100, plan: undefined, coins: pack.coins };
  }
  const [plan] = await db.select().from(plans).where(eq(plans.planId, claim.planId));
  if (!plan) refuse('This plan does not exist.', 'invalid', 'planId');
  return { kobo: plan.amount * 100, plan, coins: plan.noOfCoin };
}

/**
 * What was bought, as a student reads it: by purpose ("a subscription", "coins") when the purposes differ,
 * otherwise by plan or pack ("the Weekly plan", "the ₦5,000 coin pack").
 */
async function purchaseName(db: Database, bought: PurchaseClaim, byPurpose: boolean): Promise<string> {
  if (bought.purpose === 'coins') return byPurpose ? 'coins' : `the ${formatNaira(bought.pack)} coin pack`;
  if (byPurpose) return 'a subscription';
  const [plan] = await db.select({ title: plans.title }).from(plans).where(eq(plans.planId, bought.planId));
  return `the ${plan?.title ?? bought.planId} plan`;
}

/**
 * Refuses, with a 409 that says what the reference paid for, a claim that names another purchase: a
 * subscription's reference posted for coins (or the reverse), or another plan or pack than the one paid.
 */
async function refuseMismatch(db: Database, paid: PurchaseClaim, claimed: PurchaseClaim): Promise<void> {
  if (samePurchase(paid, claimed)) return;
  const byPurpose = paid.purpose !== claimed.purpose;
  const [was, not] = await Promise.all([
    purchaseName(db, paid, byPurpose),
    purchaseName(db, claimed, byPurpose),
  ]);
  refuse(`This payment was for ${was}, not ${not}.`, 'conflict');
}

/** The outcome of a grant: granted now, or granted earlier (by the other of browser and webhook). */
export interface GrantOutcome {
  granted: 'now' | 'earlier';
  userId: string;
  purpose: PaymentPurpose;
  coins: number;
  subscription?: GrantedSubscription;
}

/**
 * Grants a paid purchase exactly once. A claim (the browser's call) must name a plan or pack on sale by card
 * before anything else happens. The reference is then verified with Paystack (status success, NGN, the
 * amount of the price) and the buyer and the purchase checked against the metadata; a claim for another
 * purchase than the one paid is a 409 that says what was paid for, whether the reference was granted
 * before or not. One transaction records the reference (unique), starts or extends the subscription, and
 * credits the coins with a ledger row. A reference already granted changes nothing.
 */
export async function grantPurchase(
  db: Database,
  verifier: PaymentVerifier,
  input: { reference: string; callerId?: string; claim?: PurchaseClaim; grantedBy: 'browser' | 'webhook' },
  now: Date,
): Promise<GrantOutcome> {
  // What the browser names is checked first: a plan or pack that cannot be bought never reaches Paystack.
  const claimedPrice = input.claim ? await priceOf(db, input.claim) : undefined;

  const earlier = await findGrant(db, input.reference);
  if (earlier) {
    if (input.callerId && earlier.outcome.userId !== input.callerId)
      refuse('This payment reference has already been used.', 'conflict');
    if (input.claim) await refuseMismatch(db, earlier.bought, input.claim);
    return earlier.outcome;
  }

  const transaction = await verifier.verify(input.reference);
  if (!transaction) refuse('We could not find this payment. Check the reference and try again.');
  if (transaction.reference !== input.reference) refuse('We could not find this payment.');
  if (transaction.status !== 'success')
    refuse(`This payment was not completed (status: ${transaction.status}).`);
  if (transaction.currency !== 'NGN') refuse('This payment was not made in naira.');
  const metadata = paymentMetadataSchema.safeParse(transaction.metadata);
  if (!metadata.success) refuse('This payment does not say what it was for.');
  // Ownership comes before the purchase: another account's reference tells the caller nothing about it.
  if (input.callerId && metadata.data.userId !== input.callerId)
    refuse('This payment belongs to another account.', 'refused');

  const paid = claimFromMetadata(metadata.data);
  if (input.claim) await refuseMismatch(db, paid, input.claim);
  const claim = input.claim ?? paid;
  const price = claimedPrice ?? (await priceOf(db, claim));
  if (transaction.amount !== price.kobo) refuse('The amount paid does not match the price.');

  const granted = await db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        reference: input.reference,
        userId: metadata.data.userId,
        purpose: claim.purpose,
        planId: claim.purpose === 'subscription' ? claim.planId : null,
        coins: price.coins,
        amountKobo: transaction.amount,
        channel: transaction.channel ?? 'card',
        grantedBy: input.grantedBy,
        createdAt: now,
      })
      .onConflictDoNothing({ target: payments.reference })
      .returning({ id: payments.id });
    // Another request granted this reference between our check and now: it did the work.
    if (!payment) return undefined;

    const subscription = price.plan
      ? await extendSubscription(tx, metadata.data.userId, price.plan, input.reference, now)
      : undefined;
    if (price.coins > 0) {
      await creditCoins(tx, {
        userId: metadata.data.userId,
        coins: price.coins,
        description: price.plan
          ? `${price.plan.title} plan bonus`
          : `Coin pack (₦${transaction.amount / 100})`,
        at: now,
      });
    }
    return { subscription };
  });
  if (!granted) {
    const winner = await findGrant(db, input.reference);
    if (!winner) throw new Error('Grant vanished');
    return winner.outcome;
  }
  return {
    granted: 'now',
    userId: metadata.data.userId,
    purpose: claim.purpose,
    coins: price.coins,
    ...(granted.subscription ? { subscription: granted.subscription } : {}),
  };
}

function claimFromMetadata(metadata: PurchaseMetadata): PurchaseClaim {
  if (metadata.purpose === 'subscription' && metadata.planId)
    return { purpose: 'subscription', planId: metadata.planId };
  if (metadata.purpose === 'coins' && metadata.pack !== undefined)
    return { purpose: 'coins', pack: metadata.pack };
  return refuse('This payment does not say what it was for.');
}

function samePurchase(a: PurchaseClaim, b: PurchaseClaim): boolean {
  if (a.purpose === 'subscription') return b.purpose === 'subscription' && a.planId === b.planId;
  return b.purpose === 'coins' && a.pack === b.pack;
}

/** Starts a subscription now, or extends one that is still active from its end. */
async function extendSubscription(
  tx: Transaction,
  userId: string,
  plan: typeof plans.$inferSelect,
  reference: string,
  now: Date,
): Promise<GrantedSubscription> {
  // Locking the user's row queues concurrent purchases by the same student, so each extends the last.
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
  const [latest] = await tx
    .select({ endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  const startsAt = latest && latest.endsAt > now ? latest.endsAt : now;
  const endsAt = planEnd(startsAt, plan.frequency, plan.lengthOfFrequency);
  await tx
    .insert(subscriptions)
    .values({ userId, source: 'paystack', planId: plan.planId, reference, startsAt, endsAt });
  return { planId: plan.planId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
}

/** A reference granted earlier: its outcome, and what it bought (a pack is its naira price). */
async function findGrant(
  db: Database,
  reference: string,
): Promise<{ outcome: GrantOutcome; bought: PurchaseClaim } | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
  if (!payment) return undefined;
  const [subscription] = await db
    .select({ planId: subscriptions.planId, startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(eq(subscriptions.reference, reference));
  const bought: PurchaseClaim =
    payment.purpose === 'subscription'
      ? { purpose: 'subscription', planId: payment.planId ?? '' }
      : { purpose: 'coins', pack: payment.amountKobo / 100 };
  return {
    bought,
    outcome: {
      granted: 'earlier',
      userId: payment.userId,
      purpose: payment.purpose,
      coins: payment.coins ?? 0,
      ...(subscription
        ? {
            subscription: {
              planId: subscription.planId ?? '',
              startsAt: subscription.startsAt.toISOString(),
              endsAt: subscription.endsAt.toISOString(),
            },
          }
        : {}),
    },
  };
}
