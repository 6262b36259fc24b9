import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  appApi,
  failed,
  fakeApi,
  success,
  testEnvironment,
} from '../../../tests/support/store-environment.ts';
import { payer as aishaPays } from '../../../tests/support/student-fixture.ts';
import { createTestApp, signUpStudent } from '../../../tests/support/test-app.ts';
import { paymentApi } from '../../lib/api/endpoints.ts';
import type { PurchaseGranted } from '../../lib/api/payments.ts';
import type { User } from '../../lib/api/user.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { $auth } from '../../lib/client/session.ts';
import { type CheckoutOptions, createCheckout } from './checkout-store.ts';
import type { Payer, Purchase } from './payment-rules.ts';
import type { CheckoutCallbacks } from './paystack.ts';

const payer: Payer = aishaPays();
const weekly: Purchase = { purpose: 'subscription', planId: 'weekly', title: 'Weekly', amount: 500 };
const pack: Purchase = { purpose: 'coins', pack: 5000, coins: 6000 };
const granted: PurchaseGranted = { coins: 6000, triviaPoints: 6080 };

/** The student signed in on this browser for one test (or nobody). */
function signIn(user: Payer | null) {
  const account = user && ({ ...user, triviaPoints: 80, isAdmin: false } as unknown as User);
  $auth.set({ user: account, profile: null, isAuth: Boolean(account) });
  onTestFinished(() => $auth.set({ user: null, profile: null, isAuth: false }));
}

type Answers = {
  testCheckout?: ApiResult<{ reference: string }>[];
  subscribe?: ApiResult<PurchaseGranted>[];
  buyCoins?: ApiResult<PurchaseGranted>[];
};

/** A stand-in API that answers each payment binding with its next queued result. */
function paymentsApi(answers: Answers) {
  const next = <T>(queue: ApiResult<T>[] | undefined, name: string): ApiResult<T> => {
    const answer = queue?.shift();
    if (!answer) throw new Error(`unexpected call of ${name}`);
    return answer;
  };
  const api = fakeApi()
    .on(paymentApi.testCheckout, () => next(answers.testCheckout, 'testCheckout'))
    .on(paymentApi.subscribe, () => next(answers.subscribe, 'subscribe'))
    .on(paymentApi.buyCoins, () => next(answers.buyCoins, 'buyCoins'));
  /** What the checkout sent: each call's binding and body. */
  const sent = () =>
    api.calls.map((call) => ({ binding: call.binding, body: (call.input as { body?: unknown }).body }));
  return { ...api, sent };
}

function setup(api: ReturnType<typeof paymentsApi>, openCardCheckout?: CheckoutOptions['openCardCheckout']) {
  const onGranted = vi.fn();
  const reportFailure = vi.fn();
  testEnvironment({ call: api.call, reportFailure });
  signIn(payer);
  const checkout = createCheckout({
    openCardCheckout,
    onGranted,
    newReference: () => '1767225600000-0001abcdefff',
  });
  return { checkout, onGranted, reportFailure };
}

describe('the test checkout (no Paystack key)', () => {
  it('records the payment with the same reference, amount in kobo and metadata, then grants it', async () => {
    const api = paymentsApi({
      testCheckout: [success({ reference: 'r' })],
      buyCoins: [success(granted, 'You have been given 6000 coins')],
    });
    const { checkout, onGranted } = setup(api);
    checkout.start(pack);
    expect(checkout.$checkout.get()).toMatchObject({
      step: 'test',
      email: 'aisha@example.com',
      paying: false,
    });

    await checkout.payTest();
    expect(api.sent()).toEqual([
      {
        binding: paymentApi.testCheckout,
        body: {
          reference: '1767225600000-0001abcdefff',
          amount: 500_000,
          email: 'aisha@example.com',
          metadata: expect.objectContaining({ userId: payer._id, purpose: 'coins', pack: 5000 }),
        },
      },
      {
        binding: paymentApi.buyCoins,
        body: { reference: '1767225600000-0001abcdefff', pack: 5000 },
      },
    ]);
    expect(onGranted).toHaveBeenCalledWith(pack, granted, 'You have been given 6000 coins');
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
  });

  it('posts the subscription with channel paystack and the planId', async () => {
    const api = paymentsApi({
      testCheckout: [success({ reference: 'r' })],
      subscribe: [success(granted, 'Subscription activated successfully')],
    });
    const { checkout, onGranted } = setup(api);
    checkout.start(weekly);
    await checkout.payTest();
    expect(api.sent()[1]).toEqual({
      binding: paymentApi.subscribe,
      body: { reference: '1767225600000-0001abcdefff', channel: 'paystack', planId: 'weekly' },
    });
    expect(api.sent()[0]?.body).toMatchObject({ amount: 50_000 });
    expect(onGranted).toHaveBeenCalledOnce();
  });

  it('Cancel closes the modal and charges nothing; a second start while open is ignored', () => {
    const api = paymentsApi({});
    const { checkout } = setup(api);
    checkout.start(weekly);
    checkout.start(pack);
    expect(checkout.$checkout.get()).toMatchObject({ step: 'test', purchase: weekly });
    checkout.close();
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
    expect(api.calls).toEqual([]);
  });

  it('keeps the reference on screen when the server refuses the grant, and Check again retries it', async () => {
    const api = paymentsApi({
      testCheckout: [success({ reference: 'r' })],
      buyCoins: [failed('Paystack could not confirm your payment right now.', 502), success(granted)],
    });
    const { checkout, onGranted, reportFailure } = setup(api);
    checkout.start(pack);
    await checkout.payTest();
    expect(reportFailure).toHaveBeenCalledWith(expect.objectContaining({ status: 502 }));
    expect(checkout.$checkout.get()).toMatchObject({
      step: 'failed',
      reference: '1767225600000-0001abcdefff',
      message: 'Paystack could not confirm your payment right now.',
    });
    expect(onGranted).not.toHaveBeenCalled();

    checkout.retry();
    await vi.waitFor(() => expect(onGranted).toHaveBeenCalledOnce());
    expect(api.calls.filter((call) => call.binding === paymentApi.buyCoins)).toHaveLength(2);
  });

  it('stays on the test checkout when the stand-in refuses, so the student can try again', async () => {
    const api = paymentsApi({ testCheckout: [failed('reference is required')] });
    const { checkout, reportFailure } = setup(api);
    checkout.start(pack);
    await checkout.payTest();
    expect(reportFailure).toHaveBeenCalledOnce();
    expect(checkout.$checkout.get()).toMatchObject({ step: 'test', paying: false });
  });

  it('asks a student whose account is not loaded to sign in again, and opens nothing', () => {
    const reportFailure = vi.fn();
    testEnvironment({ reportFailure });
    signIn(null);
    const checkout = createCheckout({ onGranted: vi.fn() });
    checkout.start(weekly);
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
    expect(reportFailure).toHaveBeenCalledOnce();
  });
});

describe('the Paystack checkout', () => {
  function fakePaystack() {
    const opened: { config: unknown; callbacks: CheckoutCallbacks; signal: AbortSignal }[] = [];
    const open: CheckoutOptions['openCardCheckout'] = async (config, callbacks, signal) => {
      opened.push({ config, callbacks, signal });
    };
    return { opened, open };
  }

  it('shows the modal, hands Paystack the kobo amount, hides the modal over its window and grants on success', async () => {
    const paystack = fakePaystack();
    const api = paymentsApi({ subscribe: [success(granted, 'Subscription activated successfully')] });
    const { checkout, onGranted } = setup(api, paystack.open);
    checkout.start(weekly);
    expect(checkout.$checkout.get()).toMatchObject({ step: 'preparing' });
    const [opened] = paystack.opened;
    expect(opened?.config).toMatchObject({
      amount: 50_000,
      currency: 'NGN',
      email: 'aisha@example.com',
      reference: '1767225600000-0001abcdefff',
      metadata: { userId: payer._id, purpose: 'subscription', planId: 'weekly', name: 'Aisha Bello' },
    });

    opened?.callbacks.onLoad();
    expect(checkout.$checkout.get()).toMatchObject({ step: 'paystack' });
    // The dialog closing under Paystack's window must not end the payment.
    checkout.close();
    expect(checkout.$checkout.get()).toMatchObject({ step: 'paystack' });

    opened?.callbacks.onSuccess('1767225600000-0001abcdefff');
    await vi.waitFor(() => expect(onGranted).toHaveBeenCalledOnce());
    expect(api.sent()).toEqual([
      {
        binding: paymentApi.subscribe,
        body: { reference: '1767225600000-0001abcdefff', channel: 'paystack', planId: 'weekly' },
      },
    ]);
  });

  it('closing the checkout closes the modal and grants nothing', () => {
    const paystack = fakePaystack();
    const api = paymentsApi({});
    const { checkout } = setup(api, paystack.open);
    checkout.start(weekly);
    paystack.opened[0]?.callbacks.onLoad();
    paystack.opened[0]?.callbacks.onCancel();
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
    expect(api.calls).toEqual([]);
  });

  it('cancelling while Paystack loads aborts it, and a late load changes nothing', () => {
    const paystack = fakePaystack();
    const { checkout } = setup(paymentsApi({}), paystack.open);
    checkout.start(weekly);
    checkout.close();
    expect(paystack.opened[0]?.signal.aborted).toBe(true);
    paystack.opened[0]?.callbacks.onLoad();
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
  });

  it('reports a checkout that fails to load', () => {
    const paystack = fakePaystack();
    const { checkout, reportFailure } = setup(paymentsApi({}), paystack.open);
    checkout.start(pack);
    paystack.opened[0]?.callbacks.onError('We could not open the card checkout.');
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
    expect(reportFailure).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'We could not open the card checkout.' }),
    );
  });
});

describe('the test checkout, against the API', () => {
  it('records the payment on the stand-in, then the server grants the coin pack', async () => {
    const t = await createTestApp();
    const { token, user } = await signUpStudent(t);
    testEnvironment({ call: appApi(t, token) });
    signIn({ ...payer, _id: user._id, email: user.email });
    const onGranted = vi.fn();
    const checkout = createCheckout({ openCardCheckout: undefined, onGranted });
    const coins: Purchase = { purpose: 'coins', pack: 1000, coins: 1000 };
    checkout.start(coins);
    await checkout.payTest();
    expect(onGranted).toHaveBeenCalledOnce();
    expect(onGranted.mock.calls[0]?.[1]).toMatchObject({
      coins: 1000,
      triviaPoints: user.triviaPoints + 1000,
    });
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
  });
});
