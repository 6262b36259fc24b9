import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type {
  CoinPackOffer,
  CoinsGranted,
  SubscriptionGranted,
  TestPaymentApproved,
} from '../../../lib/api/payments.ts';
import { COIN_PACKS } from '../../../lib/coin-packs.ts';
import { text } from '../../../lib/validation/fields.ts';
import {
  coinPurchaseSchema,
  subscriptionSchema,
  testCheckoutSchema,
} from '../../../lib/validation/payment.ts';
import { testCheckoutTransactions, users } from '../../db/schema.ts';
import { requireUser } from '../../http/auth.ts';
import { HttpError, notFound, statusOf } from '../../http/errors.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { ok, paged } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import { isValidPaystackSignature } from '../../http/webhook-signature.ts';
import { grantPurchase, type PurchaseClaim } from '../../services/payments/grants.ts';

async function balanceOf(c: { get: (key: 'deps') => AppEnv['Variables']['deps'] }, userId: string) {
  const [row] = await c
    .get('deps')
    .db.select({ coins: users.triviaPoints })
    .from(users)
    .where(eq(users.id, userId));
  return row?.coins ?? 0;
}

/**
 * Grants what the caller's browser reports paying for, once Paystack confirms the reference (grants.ts), and
 * reads the caller's coin balance after it.
 */
async function grantFromBrowser(c: Context<AppEnv>, reference: string, claim: PurchaseClaim) {
  const { db, clock, paystack } = c.get('deps');
  const { userId } = c.get('auth');
  const purchase = { reference, callerId: userId, claim, grantedBy: 'browser' } as const;
  const outcome = await grantPurchase(db, paystack, purchase, clock.now());
  return { outcome, triviaPoints: await balanceOf(c, userId) };
}

const webhookEventSchema = z.object({
  event: text(),
  data: z.looseObject({ reference: text().min(1).max(100) }),
});

/** Card payments: the browser's confirmation, the signed webhook, coin packs and the local test checkout. */
export function paymentRoutes(limits: RateLimits) {
  return new Hono<AppEnv>()
    .post(
      '/subscription',
      requireUser,
      limits.paymentVerify(subscriptionSchema),
      validate('json', subscriptionSchema),
      async (c) => {
        const { reference, planId } = c.req.valid('json');
        const { outcome, triviaPoints } = await grantFromBrowser(c, reference, {
          purpose: 'subscription',
          planId,
        });
        return ok(c, 'Subscription activated successfully', {
          subscription: outcome.subscription,
          coins: outcome.coins,
          triviaPoints,
        } satisfies SubscriptionGranted);
      },
    )
    .get('/coins/packs', (c) => {
      const { airtimeBillingUrl } = c.get('deps').config;
      const docs = COIN_PACKS.map(
        (pack): CoinPackOffer => ({
          _id: `pack-${pack.price}`,
          price: pack.price,
          coins: pack.coins,
          link: pack.byLink ? `${airtimeBillingUrl}?coins=${pack.coins}&amount=${pack.price}` : null,
        }),
      );
      c.header('Cache-Control', 'public, max-age=300');
      return ok(c, 'Coin packs fetched successfully', paged(docs, docs.length, 1, Math.max(docs.length, 1)));
    })
    .post(
      '/coins',
      requireUser,
      limits.paymentVerify(coinPurchaseSchema),
      validate('json', coinPurchaseSchema),
      async (c) => {
        const { reference, pack } = c.req.valid('json');
        const { outcome, triviaPoints } = await grantFromBrowser(c, reference, { purpose: 'coins', pack });
        return ok(c, `You have been given ${outcome.coins} coins`, {
          coins: outcome.coins,
          triviaPoints,
        } satisfies CoinsGranted);
      },
    )
    .post('/paystack/webhook', async (c) => {
      const { db, clock, paystack, config, logger } = c.get('deps');
      const secretKey = config.paystack.secretKey;
      const raw = await c.req.text();
      if (!secretKey || !isValidPaystackSignature(raw, c.req.header('x-paystack-signature'), secretKey)) {
        throw new HttpError(401, 'Invalid signature');
      }
      let event: z.infer<typeof webhookEventSchema>;
      try {
        event = webhookEventSchema.parse(JSON.parse(raw));
      } catch (error) {
        // Signed, so Paystack sent it, and it would send the same body again: Paystack retries anything but
        // a 200 for 72 hours, so the answer is a 200 that grants nothing, and the log keeps it for us.
        logger.warn({ err: error }, 'webhook ignored: its body is not one we can read');
        return ok(c, 'Ignored', null);
      }
      if (event.event === 'charge.success') {
        // A 200 tells Paystack to stop retrying, so it comes only once the grant is committed: a crash right
        // after it must not lose a payment. A refusal (4xx) is final and still answered 200; anything else
        // (Paystack or the database unreachable) is a 5xx that Paystack retries. Repeating a grant is safe.
        try {
          await grantPurchase(
            db,
            paystack,
            { reference: event.data.reference, grantedBy: 'webhook' },
            clock.now(),
          );
        } catch (error) {
          if ((statusOf(error) ?? 500) >= 500) throw error;
          logger.warn({ err: error, reference: event.data.reference }, 'webhook grant refused');
        }
      }
      return ok(c, 'Received', null);
    })
    .post('/test-checkout', requireUser, validate('json', testCheckoutSchema), async (c) => {
      const { db, paystack } = c.get('deps');
      if (paystack.mode !== 'test-checkout') throw notFound('This API route does not exist');
      const { reference, amount, email, metadata } = c.req.valid('json');
      await db
        .insert(testCheckoutTransactions)
        .values({ reference, amountKobo: amount, email, metadata: JSON.stringify(metadata) })
        .onConflictDoNothing();
      return ok(c, 'Test payment approved', { reference } satisfies TestPaymentApproved, 201);
    });
}
