import { describe, expect, it, vi } from 'vitest';
import type { PurchaseGranted } from '../../lib/api/payments.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { type CheckoutDeps, createCheckout } from './checkout-store.ts';
import type { Payer, Purchase } from './payment-rules.ts';
import type { CheckoutCallbacks } from './paystack.ts';

const payer: Payer = {
  _id: '0b7c6f0e-4a43-4f0c-9d4e-2d6f2f3f7a11',
  firstName: 'Aisha',
  lastName: 'Bello',
  email: 'aisha@example.com',
  telephone: '08031234567',
};
const weekly: Purchase = { purpose: 'subscription', planId: 'weekly', title: 'Weekly', amount: 500 };
const pack: Purchase = { purpose: 'coins', pack: 5000, coins: 6000 };
const granted: PurchaseGranted = { coins: 6000, triviaPoints: 6080 };

type Call = { method: string; path: string; body: unknown };

/** A fake API that answers each path with the next queued result and records every call. */
function fakeApi(answers: Record<string, ApiResult<unknown>[]>) {
  const calls: Call[] = [];
  const request = (async (method: string, path: string, options: { body?: unknown } = {}) => {
    calls.push({ method, path, body: options.body });
    const next = answers[path]?.shift();
    if (!next) throw new Error(`unexpected call ${method} ${path}`);
    return next;
  }) as CheckoutDeps['request'];
  return { calls, request };
}

const ok = <T>(data: T, message = ''): ApiResult<T> => ({ ok: true, data, message });
const refused = (message: string, status = 400): ApiResult<never> => ({ ok: false, status, message });

function setup(api: ReturnType<typeof fakeApi>, openCardCheckout?: CheckoutDeps['openCardCheckout']) {
  const onGranted = vi.fn();
  const reportFailure = vi.fn();
  const checkout = createCheckout({
    request: api.request,
    reportFailure,
    payer: () => payer,
    openCardCheckout,
    onGranted,
    newReference: () => '1767225600000-0001abcdefff',
  });
  return { checkout, onGranted, reportFailure };
}

describe('the test checkout (no Paystack key)', () => {
  it('records the payment with the same reference, amount in kobo and metadata, then grants it', async () => {
    const api = fakeApi({
      '/api/v1/test-checkout': [ok({ reference: 'r' })],
      '/api/v1/coins': [ok(granted, 'You have been given 6000 coins')],
    });
    const { checkout, onGranted } = setup(api);
    checkout.start(pack);
    expect(checkout.$checkout.get()).toMatchObject({
      step: 'test',
      email: 'aisha@example.com',
      paying: false,
    });

    await checkout.payTest();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/test-checkout',
        body: {
          reference: '1767225600000-0001abcdefff',
          amount: 500_000,
          email: 'aisha@example.com',
          metadata: expect.objectContaining({ userId: payer._id, purpose: 'coins', pack: 5000 }),
        },
      },
      {
        method: 'POST',
        path: '/api/v1/coins',
        body: { reference: '1767225600000-0001abcdefff', pack: 5000 },
      },
    ]);
    expect(onGranted).toHaveBeenCalledWith(pack, granted, 'You have been given 6000 coins');
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
  });

  it('posts the subscription with channel paystack and the planId', async () => {
    const api = fakeApi({
      '/api/v1/test-checkout': [ok({ reference: 'r' })],
      '/api/v1/subscription': [ok(granted, 'Subscription activated successfully')],
    });
    const { checkout, onGranted } = setup(api);
    checkout.start(weekly);
    await checkout.payTest();
    expect(api.calls[1]).toEqual({
      method: 'POST',
      path: '/api/v1/subscription',
      body: { reference: '1767225600000-0001abcdefff', channel: 'paystack', planId: 'weekly' },
    });
    expect(api.calls[0]?.body).toMatchObject({ amount: 50_000 });
    expect(onGranted).toHaveBeenCalledOnce();
  });

  it('Cancel closes the modal and charges nothing; a second start while open is ignored', () => {
    const api = fakeApi({});
    const { checkout } = setup(api);
    checkout.start(weekly);
    checkout.start(pack);
    expect(checkout.$checkout.get()).toMatchObject({ step: 'test', purchase: weekly });
    checkout.close();
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
    expect(api.calls).toEqual([]);
  });

  it('keeps the reference on screen when the server refuses the grant, and Check again retries it', async () => {
    const api = fakeApi({
      '/api/v1/test-checkout': [ok({ reference: 'r' })],
      '/api/v1/coins': [refused('Paystack could not confirm your payment right now.', 502), ok(granted)],
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
    expect(api.calls.filter((call) => call.path === '/api/v1/coins')).toHaveLength(2);
  });

  it('stays on the test checkout when the stand-in refuses, so the student can try again', async () => {
    const api = fakeApi({ '/api/v1/test-checkout': [refused('reference is required')] });
    const { checkout, reportFailure } = setup(api);
    checkout.start(pack);
    await checkout.payTest();
    expect(reportFailure).toHaveBeenCalledOnce();
    expect(checkout.$checkout.get()).toMatchObject({ step: 'test', paying: false });
  });

  it('asks a student whose account is not loaded to sign in again, and opens nothing', () => {
    const reportFailure = vi.fn();
    const checkout = createCheckout({ payer: () => undefined, reportFailure, onGranted: vi.fn() });
    checkout.start(weekly);
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
    expect(reportFailure).toHaveBeenCalledOnce();
  });
});

describe('the Paystack checkout', () => {
  function fakePaystack() {
    const opened: { config: unknown; callbacks: CheckoutCallbacks; signal: AbortSignal }[] = [];
    const open: CheckoutDeps['openCardCheckout'] = async (config, callbacks, signal) => {
      opened.push({ config, callbacks, signal });
    };
    return { opened, open };
  }

  it('shows the modal, hands Paystack the kobo amount, hides the modal over its window and grants on success', async () => {
    const paystack = fakePaystack();
    const api = fakeApi({ '/api/v1/subscription': [ok(granted, 'Subscription activated successfully')] });
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
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/subscription',
        body: { reference: '1767225600000-0001abcdefff', channel: 'paystack', planId: 'weekly' },
      },
    ]);
  });

  it('closing the checkout closes the modal and grants nothing', () => {
    const paystack = fakePaystack();
    const api = fakeApi({});
    const { checkout } = setup(api, paystack.open);
    checkout.start(weekly);
    paystack.opened[0]?.callbacks.onLoad();
    paystack.opened[0]?.callbacks.onCancel();
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
    expect(api.calls).toEqual([]);
  });

  it('cancelling while Paystack loads aborts it, and a late load changes nothing', () => {
    const paystack = fakePaystack();
    const { checkout } = setup(fakeApi({}), paystack.open);
    checkout.start(weekly);
    checkout.close();
    expect(paystack.opened[0]?.signal.aborted).toBe(true);
    paystack.opened[0]?.callbacks.onLoad();
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
  });

  it('reports a checkout that fails to load', () => {
    const paystack = fakePaystack();
    const { checkout, reportFailure } = setup(fakeApi({}), paystack.open);
    checkout.start(pack);
    paystack.opened[0]?.callbacks.onError('We could not open the card checkout.');
    expect(checkout.$checkout.get()).toEqual({ step: 'idle' });
    expect(reportFailure).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'We could not open the card checkout.' }),
    );
  });
});
