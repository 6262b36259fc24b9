import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentApi } from '../../src/lib/api/endpoints.ts';
import { coinLedger, payments, subscriptions } from '../../src/server/db/schema.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import { DEFAULT_PLANS, upsertPlan } from '../../src/server/services/payments/plans.ts';
import { STAND_IN_SECRET, signedWebhook, startPaystackStandIn } from '../support/paystack-stand-in.ts';
import { createTestApp, signUpStudent } from '../support/test-app.ts';
import { testDatabaseKind } from '../support/test-database.ts';

const paystack = await startPaystackStandIn();
const t = await createTestApp({ PAYSTACK_SECRET_KEY: STAND_IN_SECRET, PAYSTACK_BASE_URL: paystack.baseUrl });

// PGlite runs one query at a time, so this race needs PostgreSQL (the api-postgres project, run by CI).
describe.runIf(testDatabaseKind === 'postgres')('payment races on PostgreSQL', () => {
  it('50 concurrent grants of one reference, browser calls and webhooks mixed, grant once', async () => {
    for (const plan of DEFAULT_PLANS) await upsertPlan(t.db, plan);
    const { token, user } = await signUpStudent(t);
    const transaction = {
      reference: `ref-${randomUUID()}`,
      status: 'success' as const,
      amount: 1500 * 100,
      currency: 'NGN',
      metadata: { userId: user._id, purpose: 'subscription', planId: 'monthly' },
    };
    paystack.record(transaction);
    const signed = signedWebhook(transaction);
    // The browser calls stay within one student's verify limit; the webhooks fill the rest, interleaved.
    const browserEvery = Math.ceil(50 / RATE_LIMIT_POLICY.paymentVerifyAccount.points);
    const calls = Array.from({ length: 50 }, (_, index) =>
      index % browserEvery === 0
        ? t.call(paymentApi.subscribe, {
            token,
            body: { reference: transaction.reference, channel: 'paystack', planId: 'monthly' },
          })
        : t.call(paymentApi.webhook, {
            body: signed.body,
            headers: { 'x-paystack-signature': signed.signature },
          }),
    );
    const responses = await Promise.all(calls);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    // Every 200 comes after its grant committed; the pause would let any stray late grant show up.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const paid = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user._id));
    expect(paid.filter((row) => row.source === 'paystack')).toHaveLength(1);
    const bonus = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user._id));
    expect(bonus.filter((row) => row.description.includes('plan bonus'))).toHaveLength(1);
    expect(await t.db.$count(payments, eq(payments.reference, transaction.reference))).toBe(1);
  });
});
