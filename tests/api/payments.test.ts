import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentApi, planApi, userApi } from '../../src/lib/api/endpoints.ts';
import type { GrantedSubscription, SubscriptionGranted } from '../../src/lib/api/payments.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/lib/validation/fields.ts';
import { coinLedger, payments, subscriptions, users } from '../../src/server/db/schema.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import { closeRedis } from '../../src/server/redis.ts';
import { DEFAULT_PLANS, upsertPlan } from '../../src/server/services/payments/plans.ts';
import {
  STAND_IN_SECRET,
  type StandInTransaction,
  signedWebhook,
  startPaystackStandIn,
} from '../support/paystack-stand-in.ts';
import { readyRedis } from '../support/redis.ts';
import {
  createTestApp,
  expectLogs,
  type ResponseBody,
  signUpStudent,
  type TestApp,
} from '../support/test-app.ts';

const paystack = await startPaystackStandIn();
const t = await createTestApp({ PAYSTACK_SECRET_KEY: STAND_IN_SECRET, PAYSTACK_BASE_URL: paystack.baseUrl });
/** An app without Paystack keys, as in development: its checkout is the local test checkout. */
const dev = await createTestApp();

beforeAll(async () => {
  for (const plan of DEFAULT_PLANS) await upsertPlan(t.db, plan);
});

function weeklyPayment(userId: string, overrides: Partial<StandInTransaction> = {}): StandInTransaction {
  return {
    reference: `ref-${randomUUID()}`,
    status: 'success',
    amount: 500 * 100,
    currency: 'NGN',
    metadata: { userId, purpose: 'subscription', planId: 'weekly' },
    ...overrides,
  };
}

async function confirm(app: TestApp, token: string, reference: string, planId = 'weekly') {
  return app.call(paymentApi.subscribe, { token, body: { reference, channel: 'paystack', planId } });
}

/** The subscription a plan's grant answered with; a test fails if there is none. */
function subscriptionOf(response: { json: ResponseBody<SubscriptionGranted> }): GrantedSubscription {
  const { subscription } = response.json.data;
  if (!subscription)
    throw new Error(`the grant answered without a subscription: ${JSON.stringify(response.json)}`);
  return subscription;
}

async function grantsOf(userId: string) {
  const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, userId));
  const [user] = await t.db.select({ coins: users.triviaPoints }).from(users).where(eq(users.id, userId));
  return {
    paid: subs.filter((row) => row.source === 'paystack'),
    bonus: ledger.filter((row) => row.description.includes('plan bonus')),
    coins: user?.coins,
  };
}

async function webhook(transaction: StandInTransaction, signature?: string) {
  const signed = signedWebhook(transaction);
  return t.call(paymentApi.webhook, {
    body: signed.body,
    headers:
      signature === undefined
        ? { 'x-paystack-signature': signed.signature }
        : signature
          ? { 'x-paystack-signature': signature }
          : {},
  });
}

describe('GET /api/v1/plan', () => {
  it('lists the plans as a cacheable paged list', async () => {
    const response = await t.call(planApi.list);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const { docs, totalDocs } = response.json.data;
    expect(totalDocs).toBe(3);
    expect(docs.map((plan) => plan.planId)).toEqual(['weekly', 'monthly', 'yearly']);
    expect(docs[0]).toMatchObject({
      _id: expect.any(String),
      planId: 'weekly',
      plan_id: 'weekly',
      amount: 500,
      noOfCoin: 40,
    });
  });
});

describe('POST /api/v1/subscription', () => {
  it.each([
    ['planId', { planId: 'weekly\u0000' }],
    ['planId', { planId: '\u001b[2Jweekly' }],
    ['reference', { reference: 'ref-abcdef\u0000' }],
  ])('answers 400 to a control character in %s, and grants nothing', async (field, change) => {
    const { token, user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    const response = await t.call(paymentApi.subscribe, {
      token,
      body: { reference: transaction.reference, channel: 'paystack', planId: 'weekly', ...change },
    });
    expect(response.status, response.text).toBe(400);
    expect(response.json.errors).toEqual([{ path: [field], message: UNSTORABLE_TEXT_MESSAGE }]);
    expect((await grantsOf(user._id)).paid).toHaveLength(0);
  });

  it('answers 400 to a NUL in the reference of POST /api/v1/coins', async () => {
    const { token } = await signUpStudent(t);
    const response = await t.call(paymentApi.buyCoins, {
      token,
      body: { reference: `ref-${randomUUID()}\u0000`, pack: 100 },
    });
    expect(response.status, response.text).toBe(400);
    expect(response.json.errors).toEqual([{ path: ['reference'], message: UNSTORABLE_TEXT_MESSAGE }]);
  });

  it('grants a verified payment: the subscription (after the trial day), the bonus coins and their ledger row', async () => {
    const { token, user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    const response = await confirm(t, token, transaction.reference);
    expect(response.status, response.text).toBe(200);
    expect(response.json.message).toBe('Subscription activated successfully');
    // The trial is still running, so the paid week starts when it ends.
    const trialEnd = t.clock.now().getTime() + 86_400_000;
    expect(response.json.data.subscription).toEqual({
      planId: 'weekly',
      startsAt: new Date(trialEnd).toISOString(),
      endsAt: new Date(trialEnd + 7 * 86_400_000).toISOString(),
    });
    expect(response.json.data.triviaPoints).toBe(120);
    const grants = await grantsOf(user._id);
    expect(grants.paid).toHaveLength(1);
    expect(grants.bonus).toMatchObject([{ type: 'credit', coins: 40, coinsAfter: 120 }]);
    const me = await t.call(userApi.current, { token });
    expect(me.json.data.profile.subscription).toMatchObject({ status: 'active', planId: 'weekly' });
  });

  it.each(['failed', 'abandoned', 'reversed'] as const)(
    'refuses a %s payment and grants nothing',
    async (status) => {
      const { token, user } = await signUpStudent(t);
      const transaction = weeklyPayment(user._id, { status });
      paystack.record(transaction);
      const response = await confirm(t, token, transaction.reference);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(`This payment was not completed (status: ${status}).`);
      expect((await grantsOf(user._id)).paid).toHaveLength(0);
    },
  );

  it.each([
    ['a wrong amount', { amount: 400 * 100 }, 'The amount paid does not match the price.'],
    ['a wrong currency', { currency: 'GHS' }, 'This payment was not made in naira.'],
  ])('refuses %s', async (_, overrides, message) => {
    const { token, user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id, overrides);
    paystack.record(transaction);
    const response = await confirm(t, token, transaction.reference);
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(message);
    expect((await grantsOf(user._id)).paid).toHaveLength(0);
  });

  it('refuses an unknown reference and an unknown plan', async () => {
    const { token, user } = await signUpStudent(t);
    expect((await confirm(t, token, 'ref-never-paid')).status).toBe(400);
    const transaction = weeklyPayment(user._id, {
      metadata: { userId: user._id, purpose: 'subscription', planId: 'daily' },
    });
    paystack.record(transaction);
    const response = await confirm(t, token, transaction.reference, 'daily');
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('This plan does not exist.');
  });

  it('refuses a payment made for another plan than the one claimed, saying which plan it paid for', async () => {
    const { token, user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    const response = await confirm(t, token, transaction.reference, 'monthly');
    expect(response.status).toBe(409);
    expect(response.json.message).toBe('This payment was for the Weekly plan, not the Monthly plan.');
    expect((await grantsOf(user._id)).paid).toHaveLength(0);
    // Once granted for its own plan, the same answer for the other plan.
    expect((await confirm(t, token, transaction.reference)).status).toBe(200);
    const again = await confirm(t, token, transaction.reference, 'monthly');
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This payment was for the Weekly plan, not the Monthly plan.');
    expect((await grantsOf(user._id)).paid).toHaveLength(1);
  });

  it('grants a reference once: the same student gets the same answer, another student a 409', async () => {
    const { token, user } = await signUpStudent(t);
    const other = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    const first = await confirm(t, token, transaction.reference);
    const again = await confirm(t, token, transaction.reference);
    expect(again.status).toBe(200);
    expect(again.json.data.subscription).toEqual(first.json.data.subscription);
    const stolen = await confirm(t, other.token, transaction.reference);
    expect(stolen.status).toBe(409);
    const grants = await grantsOf(user._id);
    expect(grants.paid).toHaveLength(1);
    expect(grants.bonus).toHaveLength(1);
    expect((await grantsOf(other.user._id)).paid).toHaveLength(0);
  });

  it("refuses to grant another account's fresh payment to the caller", async () => {
    const owner = await signUpStudent(t);
    const thief = await signUpStudent(t);
    const transaction = weeklyPayment(owner.user._id);
    paystack.record(transaction);
    const response = await confirm(t, thief.token, transaction.reference);
    expect(response.status).toBe(403);
    expect((await grantsOf(thief.user._id)).paid).toHaveLength(0);
    expect((await grantsOf(owner.user._id)).paid).toHaveLength(0);
  });

  it('extends a subscription that is still active from its end', async () => {
    const { token, user } = await signUpStudent(t);
    const first = weeklyPayment(user._id);
    const second = weeklyPayment(user._id);
    paystack.record(first);
    paystack.record(second);
    const one = await confirm(t, token, first.reference);
    t.clock.advance(2 * 86_400_000);
    const two = await confirm(t, token, second.reference);
    t.clock.advance(-2 * 86_400_000);
    expect(subscriptionOf(two).startsAt).toBe(subscriptionOf(one).endsAt);
    expect(subscriptionOf(two).endsAt).toBe(
      new Date(new Date(subscriptionOf(one).endsAt).getTime() + 7 * 86_400_000).toISOString(),
    );
  });

  it('validates the body', async () => {
    const { token } = await signUpStudent(t);
    const response = await t.request('POST', '/api/v1/subscription', {
      token,
      body: { reference: 'x', channel: 'cash' },
    });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((error: { path: string[] }) => error.path[0])).toEqual(
      expect.arrayContaining(['reference', 'channel', 'planId']),
    );
    expect((await t.request('POST', '/api/v1/subscription', { body: {} })).status).toBe(401);
  });
});

describe('POST /api/v1/paystack/webhook', () => {
  it('grants a payment the browser never confirmed', async () => {
    const { user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    const response = await webhook(transaction);
    expect(response.status).toBe(200);
    // The webhook answers only once its grant is committed, so there is nothing to wait for.
    expect((await grantsOf(user._id)).paid).toHaveLength(1);
    expect((await grantsOf(user._id)).bonus).toHaveLength(1);
  });

  it('arriving before the browser: the browser call then changes nothing', async () => {
    const { token, user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    await webhook(transaction);
    expect((await grantsOf(user._id)).paid).toHaveLength(1);
    const response = await confirm(t, token, transaction.reference);
    expect(response.status).toBe(200);
    const grants = await grantsOf(user._id);
    expect(grants.paid).toHaveLength(1);
    expect(grants.bonus).toHaveLength(1);
  });

  it('arriving after the browser changes nothing', async () => {
    const { token, user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    await confirm(t, token, transaction.reference);
    await webhook(transaction);
    const grants = await grantsOf(user._id);
    expect(grants.paid).toHaveLength(1);
    expect(grants.bonus).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, transaction.reference));
    expect(payment?.grantedBy).toBe('browser');
  });

  it.each([
    ['a forged signature', 'f'.repeat(128)],
    ['no signature', ''],
  ])('answers 401 to %s and grants nothing', async (_, signature) => {
    const { user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    const response = await webhook(transaction, signature);
    expect(response.status).toBe(401);
    expect((await grantsOf(user._id)).paid).toHaveLength(0);
  });

  it.each([
    ['a NUL', 'weekly\u0000'],
    ['an escape sequence', '\u001b[2Jweekly'],
    ['a C1 control', 'week\u0085ly'],
  ])(
    'answers 200 to a signed webhook whose metadata planId holds %s, and grants nothing',
    async (_, planId) => {
      // A 200, or Paystack would send the same body again for days; the refusal is logged.
      expectLogs(/webhook grant refused/);
      const { user } = await signUpStudent(t);
      const transaction = weeklyPayment(user._id, {
        metadata: { userId: user._id, purpose: 'subscription', planId },
      });
      paystack.record(transaction);
      const response = await webhook(transaction);
      expect(response.status, response.text).toBe(200);
      expect(await grantsOf(user._id)).toMatchObject({ paid: [], bonus: [] });
      expect(await t.db.select().from(payments).where(eq(payments.reference, transaction.reference))).toEqual(
        [],
      );
    },
  );

  it('answers 200 to a signed webhook whose reference holds a NUL, and grants nothing', async () => {
    expectLogs(/webhook ignored: its body is not one we can read/);
    const { user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id, { reference: `ref-${randomUUID()}\u0000` });
    paystack.record(transaction);
    const response = await webhook(transaction);
    expect(response.status, response.text).toBe(200);
    expect((await grantsOf(user._id)).paid).toHaveLength(0);
  });

  it('grants nothing for a signed webhook whose verification fails', async () => {
    expectLogs(/webhook grant refused/);
    const { user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record({ ...transaction, status: 'failed' });
    await webhook(transaction);
    expect((await grantsOf(user._id)).paid).toHaveLength(0);
  });
});

describe('coin packs', () => {
  it('lists the seven packs, with purchase links on the first four', async () => {
    const response = await t.call(paymentApi.coinPacks);
    const { docs } = response.json.data;
    expect(docs.map((pack) => [pack.price, pack.coins])).toEqual([
      [50, 30],
      [100, 70],
      [200, 175],
      [500, 480],
      [1000, 1000],
      [5000, 6000],
      [10000, 20000],
    ]);
    expect(docs.map((pack) => pack.link !== null)).toEqual([true, true, true, true, false, false, false]);
  });

  it('credits a verified card payment for a pack, once, with a ledger row', async () => {
    const { token, user } = await signUpStudent(t);
    const transaction: StandInTransaction = {
      reference: `ref-${randomUUID()}`,
      status: 'success',
      amount: 5000 * 100,
      currency: 'NGN',
      metadata: { userId: user._id, purpose: 'coins', pack: 5000 },
    };
    paystack.record(transaction);
    const response = await t.call(paymentApi.buyCoins, {
      token,
      body: { reference: transaction.reference, pack: 5000 },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.message).toBe('You have been given 6000 coins');
    expect(response.json.data).toEqual({ coins: 6000, triviaPoints: 6080 });
    await t.call(paymentApi.buyCoins, { token, body: { reference: transaction.reference, pack: 5000 } });
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user._id));
    expect(ledger.filter((row) => row.coins === 6000)).toHaveLength(1);
  });

  it('refuses a pack that is bought by link, and an amount that does not match', async () => {
    const { token, user } = await signUpStudent(t);
    const cheap: StandInTransaction = {
      reference: `ref-${randomUUID()}`,
      status: 'success',
      amount: 50 * 100,
      currency: 'NGN',
      metadata: { userId: user._id, purpose: 'coins', pack: 50 },
    };
    paystack.record(cheap);
    const byLink = await t.call(paymentApi.buyCoins, {
      token,
      body: { reference: cheap.reference, pack: 50 },
    });
    expect(byLink.status).toBe(400);
    const short = {
      ...cheap,
      reference: `ref-${randomUUID()}`,
      amount: 1000,
      metadata: { userId: user._id, purpose: 'coins', pack: 10000 },
    };
    paystack.record(short);
    const underpaid = await t.call(paymentApi.buyCoins, {
      token,
      body: { reference: short.reference, pack: 10000 },
    });
    expect(underpaid.status).toBe(400);
    expect(underpaid.json.message).toBe('The amount paid does not match the price.');
  });
});

describe('the local test checkout', () => {
  it('is closed when Paystack keys are set', async () => {
    const { token } = await signUpStudent(t);
    const response = await t.call(paymentApi.testCheckout, {
      token,
      body: { reference: 'test-123456', amount: 50000, email: 'a@example.com', metadata: {} },
    });
    expect(response.status).toBe(404);
  });

  it('stands in for Paystack without keys, through the same verified grant', async () => {
    for (const plan of DEFAULT_PLANS) await upsertPlan(dev.db, plan);
    const { token, user } = await signUpStudent(dev);
    const reference = `test-${randomUUID()}`;
    const checkout = await dev.call(paymentApi.testCheckout, {
      token,
      body: {
        reference,
        amount: 150000,
        email: 'a@example.com',
        metadata: { userId: user._id, purpose: 'subscription', planId: 'monthly' },
      },
    });
    expect(checkout.status).toBe(201);
    expect(checkout.json.data).toEqual({ reference });
    const granted = await confirm(dev, token, reference, 'monthly');
    expect(granted.status, granted.text).toBe(200);
    expect(subscriptionOf(granted).planId).toBe('monthly');
  });
});

describe('GET /api/v1/geo', () => {
  it.each([
    ['NG', 'nigeria'],
    ['gh', 'ghana'],
    ['XX', 'unknown'],
    ['', 'unknown'],
    ['<script>', 'unknown'],
  ])('reads %j from the country header as %s', async (code, name) => {
    const response = await t.call(paymentApi.country, { headers: code ? { 'cf-ipcountry': code } : {} });
    expect(response.json.data).toEqual({ country_name: name });
  });
});

describe('POST /api (msisdn)', () => {
  it('answers only whether an airtime plan is running on the number', async () => {
    const { body, user } = await signUpStudent(t);
    const userId = user._id;
    const post = (form: string) =>
      t.request('POST', '/api', {
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    // A trial is not billed to the number: the mtn option must not read "Already active".
    const trial = await post(`action=GRW&msisdn=${body.telephone}`);
    expect(trial.status).toBe(200);
    expect(trial.json.data).toEqual({ active: false });

    const now = t.clock.now();
    const day = 86_400_000;
    await t.db.insert(subscriptions).values([
      // One that ended, and one that waits for later: neither is running.
      {
        userId,
        source: 'airtime',
        startsAt: new Date(now.getTime() - 9 * day),
        endsAt: new Date(now.getTime() - day),
      },
      {
        userId,
        source: 'airtime',
        startsAt: new Date(now.getTime() + day),
        endsAt: new Date(now.getTime() + 8 * day),
      },
    ]);
    expect((await post(`action=GRW&msisdn=${body.telephone}`)).json.data).toEqual({ active: false });
    await t.db.insert(subscriptions).values({
      userId,
      source: 'airtime',
      startsAt: new Date(now.getTime() - day),
      endsAt: new Date(now.getTime() + 6 * day),
    });
    expect((await post(`action=GRW&msisdn=${body.telephone}`)).json.data).toEqual({ active: true });
    const international = await post(`action=GRW&msisdn=234${body.telephone.slice(1)}`);
    expect(international.json.data).toEqual({ active: true });
    expect((await post('action=GRW&msisdn=09000000000')).json.data).toEqual({ active: false });
    expect((await post('action=GRW&msisdn=')).json.data).toEqual({ active: false });
    expect((await post('action=XYZ&msisdn=')).status).toBe(400);
  });
});

function coinPayment(userId: string, pack = 1000): StandInTransaction {
  return {
    reference: `ref-${randomUUID()}`,
    status: 'success',
    amount: pack * 100,
    currency: 'NGN',
    metadata: { userId, purpose: 'coins', pack },
  };
}

async function buyCoins(app: TestApp, token: string, reference: string, pack = 1000) {
  return app.call(paymentApi.buyCoins, { token, body: { reference, pack } });
}

/** Every grant of a student: payments recorded, paid subscriptions, ledger rows and the balance. */
async function everythingOf(userId: string) {
  const recorded = await t.db.select().from(payments).where(eq(payments.userId, userId));
  const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, userId));
  return { recorded: recorded.length, ledger: ledger.length, ...(await grantsOf(userId)) };
}

describe('the plan or pack named is checked before Paystack is asked', () => {
  it.each([
    ['an unknown plan', 'subscription', { planId: 'daily' }, 'This plan does not exist.'],
    ['an unknown pack', 'coins', { pack: 777 }, 'There is no such coin pack.'],
    ['a pack sold by link', 'coins', { pack: 50 }, 'This coin pack is bought through its link, not by card.'],
  ] as const)('refuses %s with 400 and never calls Paystack', async (_, endpoint, named, message) => {
    const { token, user } = await signUpStudent(t);
    // Even a payment that exists: the request is wrong before its reference matters.
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    const calls = paystack.verifyCalls;
    const body =
      endpoint === 'subscription'
        ? { reference: transaction.reference, channel: 'paystack', ...named }
        : { reference: transaction.reference, ...named };
    const response = await t.request('POST', `/api/v1/${endpoint}`, { token, body });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ success: false, message });
    expect(paystack.verifyCalls).toBe(calls);
    expect((await everythingOf(user._id)).recorded).toBe(0);
  });

  it('answers a bad request 400 while Paystack is unreachable, and a good one as before (502)', async () => {
    // Nothing listens on port 1.
    const cut = await createTestApp(
      { PAYSTACK_SECRET_KEY: STAND_IN_SECRET, PAYSTACK_BASE_URL: 'http://127.0.0.1:1' },
      { db: t.db },
    );
    const { token, user } = await signUpStudent(cut);
    const transaction = weeklyPayment(user._id);
    const unknownPlan = await confirm(cut, token, transaction.reference, 'daily');
    expect(unknownPlan.status).toBe(400);
    expect(unknownPlan.json.message).toBe('This plan does not exist.');
    const unknownPack = await buyCoins(cut, token, transaction.reference, 777);
    expect(unknownPack.status).toBe(400);
    const good = await confirm(cut, token, transaction.reference);
    expect(good.status).toBe(502);
    expect(good.json.message).toBe(
      'We could not reach Paystack to confirm your payment. Please try again shortly.',
    );
  });
});

describe('a reference posted to the endpoint of another purchase', () => {
  it('a new subscription reference posted for coins: 409 saying what it paid for, nothing granted', async () => {
    const { token, user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    const before = await everythingOf(user._id);
    const response = await buyCoins(t, token, transaction.reference);
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({
      success: false,
      message: 'This payment was for a subscription, not coins.',
    });
    expect(await everythingOf(user._id)).toEqual(before);
    // The reference still grants what it paid for.
    expect((await confirm(t, token, transaction.reference)).status).toBe(200);
  });

  it('a new coins reference posted for a subscription: 409, nothing granted', async () => {
    const { token, user } = await signUpStudent(t);
    const transaction = coinPayment(user._id);
    paystack.record(transaction);
    const before = await everythingOf(user._id);
    const response = await confirm(t, token, transaction.reference);
    expect(response.status).toBe(409);
    expect(response.json.message).toBe('This payment was for coins, not a subscription.');
    expect(await everythingOf(user._id)).toEqual(before);
  });

  it('a granted subscription reference posted for coins: 409, nothing more granted', async () => {
    const { token, user } = await signUpStudent(t);
    const transaction = weeklyPayment(user._id);
    paystack.record(transaction);
    expect((await confirm(t, token, transaction.reference)).status).toBe(200);
    const before = await everythingOf(user._id);
    const calls = paystack.verifyCalls;
    const response = await buyCoins(t, token, transaction.reference);
    expect(response.status).toBe(409);
    expect(response.json.message).toBe('This payment was for a subscription, not coins.');
    expect(await everythingOf(user._id)).toEqual(before);
    expect(paystack.verifyCalls).toBe(calls);
  });

  it('a granted coins reference posted for a subscription: 409, nothing more granted', async () => {
    const { token, user } = await signUpStudent(t);
    const transaction = coinPayment(user._id, 5000);
    paystack.record(transaction);
    expect((await buyCoins(t, token, transaction.reference, 5000)).status).toBe(200);
    const before = await everythingOf(user._id);
    const response = await confirm(t, token, transaction.reference);
    expect(response.status).toBe(409);
    expect(response.json.message).toBe('This payment was for coins, not a subscription.');
    expect(await everythingOf(user._id)).toEqual(before);
    // Another pack than the one paid is named by its price.
    const otherPack = await buyCoins(t, token, transaction.reference, 1000);
    expect(otherPack.status).toBe(409);
    expect(otherPack.json.message).toBe(
      'This payment was for the ₦5,000 coin pack, not the ₦1,000 coin pack.',
    );
  });

  it('a coins reference granted by the webhook, then posted for a subscription: 409', async () => {
    const { token, user } = await signUpStudent(t);
    const transaction = coinPayment(user._id);
    paystack.record(transaction);
    await webhook(transaction);
    expect((await everythingOf(user._id)).recorded).toBe(1);
    const response = await confirm(t, token, transaction.reference);
    expect(response.status).toBe(409);
    expect(response.json.message).toBe('This payment was for coins, not a subscription.');
  });
});

const VERIFY_LIMIT = RATE_LIMIT_POLICY.paymentVerifyAccount.points;

describe('verify calls per account', () => {
  it(`refuses a student's verify call past ${VERIFY_LIMIT} a minute with 429; another student is unaffected`, async () => {
    const greedy = await signUpStudent(t);
    const other = await signUpStudent(t);
    // Unknown references, alternating endpoints: each is a real question to Paystack.
    for (let call = 0; call < VERIFY_LIMIT; call++) {
      const reference = `ref-unknown-${randomUUID()}`;
      const response =
        call % 2 ? await confirm(t, greedy.token, reference) : await buyCoins(t, greedy.token, reference);
      expect(response.status).toBe(400);
    }
    const calls = paystack.verifyCalls;
    for (const refused of [
      await confirm(t, greedy.token, `ref-unknown-${randomUUID()}`),
      await buyCoins(t, greedy.token, `ref-unknown-${randomUUID()}`),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.text).toBe('Too many payment checks from this account. Try again in a minute.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(paystack.verifyCalls).toBe(calls);
    // An invalid body still gets its own 400, uncounted.
    const invalid = await t.request('POST', '/api/v1/coins', { token: greedy.token, body: { pack: 1000 } });
    expect(invalid.status).toBe(400);
    // The other student's payment goes through.
    const transaction = weeklyPayment(other.user._id);
    paystack.record(transaction);
    expect((await confirm(t, other.token, transaction.reference)).status).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

// Counting in Redis needs a Redis server (TEST_REDIS_URL): skipped without one (CI has one).
describe.skipIf(!redisUrl)('verify calls counted in Redis (TEST_REDIS_URL)', () => {
  it('adds up the calls made at two instances', async () => {
    const redis = await readyRedis(redisUrl ?? '');
    const prefix = `test-payments-${randomUUID()}`;
    try {
      const environment = { PAYSTACK_SECRET_KEY: STAND_IN_SECRET, PAYSTACK_BASE_URL: paystack.baseUrl };
      const instanceA = await createTestApp(environment, { db: t.db, redis, rateLimitPrefix: prefix });
      const instanceB = await createTestApp(environment, { db: t.db, redis, rateLimitPrefix: prefix });
      const { token } = await signUpStudent(instanceA);
      for (let call = 0; call < VERIFY_LIMIT; call++) {
        const instance = call % 2 ? instanceB : instanceA;
        const response = await confirm(instance, token, `ref-unknown-${randomUUID()}`);
        expect(response.status).toBe(400);
      }
      for (const instance of [instanceA, instanceB]) {
        expect((await confirm(instance, token, `ref-unknown-${randomUUID()}`)).status).toBe(429);
      }
    } finally {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await closeRedis(redis);
    }
  });
});
