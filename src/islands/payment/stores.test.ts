import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type BrowserRecord,
  failed,
  fakeApi,
  success,
  testEnvironment,
} from '../../../tests/support/store-environment.ts';
import { plan, student } from '../../../tests/support/student-fixture.ts';
import { paymentApi, planApi } from '../../lib/api/endpoints.ts';
import type { Paged } from '../../lib/api/paged.ts';
import type { CoinPackOffer } from '../../lib/api/payments.ts';
import type { Plan } from '../../lib/api/plans.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { $auth } from '../../lib/client/session.ts';
import type { Environment } from '../shared/environment.ts';
import { createBuyCoinsStore, totalCoinMessage } from './buy-coins-store.ts';
import { createPaymentModeStore, NO_OPTION_MESSAGE } from './payment-mode-store.ts';

const page = <T>(docs: T[]): ApiResult<Paged<T>> =>
  success({ docs, totalDocs: docs.length, limit: docs.length, page: 1, totalPages: 1 }, '');

/** The API's answers for one test: the plans, the visitor's country and the coin packs. */
interface Answers {
  plans?: ApiResult<Paged<Plan>>;
  country?: ApiResult<{ country_name: string }>;
  packs?: ApiResult<Paged<CoinPackOffer>>;
}

/**
 * The stores' environment for one test: signed in or not, opened with `state`, the API answering `answers`
 * (a call with no answer fails the test). Returns what the stores did to the browser.
 */
function browser(
  options: { signedIn?: boolean; state?: unknown; answers?: Answers } = {},
  parts: Partial<Environment> = {},
): BrowserRecord {
  const { signedIn = true, state, answers = {} } = options;
  const answer = <T>(result: ApiResult<T> | undefined, name: string) => {
    if (!result) throw new Error(`unexpected call of ${name}`);
    return result;
  };
  const api = fakeApi()
    .on(planApi.list, () => answer(answers.plans, 'the plans'))
    .on(paymentApi.country, () => answer(answers.country, 'the country'))
    .on(paymentApi.coinPacks, () => answer(answers.packs, 'the coin packs'));
  return testEnvironment({
    call: api.call,
    signedIn: () => signedIn,
    readNavigationState: () => state,
    ...parts,
  });
}

const alert = vi.fn();
const open = vi.fn();

const signedInUser = student({ triviaPoints: 1280 });

beforeEach(() => {
  vi.stubGlobal('window', { alert, open });
  $auth.set({ user: signedInUser, profile: null, isAuth: true });
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('Payment Mode', () => {
  const monthly = {
    amount: 1500,
    currency: 'naira',
    paymentType: 'not-airtime',
    item: { planId: 'monthly' },
  };
  const listed = page([plan('weekly', 500), plan('monthly', 1500)]);

  async function ready(country = 'nigeria') {
    browser({ state: monthly, answers: { plans: listed, country: success({ country_name: country }) } });
    const store = createPaymentModeStore();
    await store.init();
    return store;
  }

  it('goes to /login without state or without a token, and back without an amount', async () => {
    const navigate = vi.fn();
    browser({}, { navigate });
    await createPaymentModeStore().init();
    expect(navigate).toHaveBeenCalledWith('/login', undefined, { replace: true });

    browser({ signedIn: false, state: { amount: 500, item: { planId: 'weekly' } } }, { navigate });
    await createPaymentModeStore().init();
    expect(navigate).toHaveBeenCalledTimes(2);

    // Back is the browser's history, or /pricing when the page was opened directly.
    const record = browser({ state: { item: { planId: 'weekly' } } }, { navigate });
    await createPaymentModeStore().init();
    expect(record.wentBack).toEqual(['/pricing']);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it("charges the server's price, not the one in the state", async () => {
    browser({
      state: { amount: 1, item: { planId: 'weekly' } },
      answers: { plans: page([plan('weekly', 500)]), country: success({ country_name: 'nigeria' }) },
    });
    const store = createPaymentModeStore();
    await store.init();
    expect(store.$screen.get()).toMatchObject({
      status: 'ready',
      data: { plan: { planId: 'weekly', amount: 500 } },
    });
  });

  it('shows the airtime option as already active when the airtime status check said so, else its hint', async () => {
    const store = await ready();
    expect(store.$screen.get()).toMatchObject({ status: 'ready', data: { airtimeActive: false } });

    browser(
      { state: monthly, answers: { plans: listed, country: success({ country_name: 'nigeria' }) } },
      { airtimeActive: async () => true },
    );
    const active = createPaymentModeStore();
    await active.init();
    expect(active.$screen.get()).toMatchObject({ status: 'ready', data: { airtimeActive: true } });
  });

  it('says a plan that is no longer listed is not on sale', async () => {
    browser({
      state: { amount: 900, item: { planId: 'daily' } },
      answers: { plans: page([plan('weekly', 500)]), country: success({ country_name: 'nigeria' }) },
    });
    const store = createPaymentModeStore();
    await store.init();
    expect(store.$screen.get()).toEqual({ status: 'unavailable' });
  });

  it('treats a failed country look-up as unknown: every option', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    browser({
      state: { amount: 1500, item: { planId: 'monthly' } },
      answers: { plans: page([plan('monthly', 1500)]), country: failed('offline', 0) },
    });
    const store = createPaymentModeStore();
    await store.init();
    const screen = store.$screen.get();
    expect(screen.status === 'ready' && screen.data.options.map((option) => option.id)).toEqual([
      'mtn',
      'paystack',
      'momo',
      'stripe',
    ]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('alerts when Proceed comes without a choice', async () => {
    const store = await ready();
    store.proceed();
    expect(alert).toHaveBeenCalledWith(NO_OPTION_MESSAGE);
    expect(alert).toHaveBeenCalledWith('Please select a payment option before proceeding');
  });

  it('opens the airtime page with the plan banner in a new tab, then clears the choice', async () => {
    const store = await ready();
    store.select('mtn');
    store.proceed();
    // The page itself is PUBLIC_AIRTIME_BILLING_URL, or the example default.
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/[^?]+\?(.+&)?origin=3$/),
      '_blank',
      'noopener,noreferrer',
    );
    expect(store.$selected.get()).toBeNull();
  });

  it('shows Coming Soon for momo and stripe, and the checkout for the card', async () => {
    const store = await ready();
    store.select('momo');
    store.proceed();
    expect(store.$comingSoon.get()?.id).toBe('momo');
    store.closeComingSoon();
    store.select('stripe');
    store.proceed();
    expect(store.$comingSoon.get()?.id).toBe('stripe');
    store.closeComingSoon();

    store.select('paystack');
    store.proceed();
    expect(store.checkout.$checkout.get()).toMatchObject({
      step: 'test',
      purchase: { purpose: 'subscription', planId: 'monthly', amount: 1500 },
    });
  });
});

describe('Buy coins', () => {
  const card = { _id: 'pack-5000', price: 5000, coins: 6000, link: null };
  const byLink = {
    _id: 'pack-50',
    price: 50,
    coins: 30,
    link: 'https://airtime.example.invalid/subscribe?coins=30',
  };

  it('sends a guest choosing a pack to /login with the price and coins', () => {
    const requireSignIn = vi.fn();
    browser({ signedIn: false }, { requireSignIn });
    const store = createBuyCoinsStore();
    expect(store.choose(card)).toBe(false);
    expect(requireSignIn).toHaveBeenCalledWith('/buy-coins', { price: 5000, coins: 6000 });
  });

  it('lets a pack with a link open it, and pays for the others by card', () => {
    browser();
    const store = createBuyCoinsStore();
    expect(store.choose(byLink)).toBe(true);
    expect(store.checkout.$checkout.get()).toEqual({ step: 'idle' });
    expect(store.choose(card)).toBe(false);
    expect(store.checkout.$checkout.get()).toMatchObject({
      step: 'test',
      purchase: { purpose: 'coins', pack: 5000, coins: 6000 },
    });
  });

  it('alerts the remaining coins', () => {
    createBuyCoinsStore().showTotal();
    expect(alert).toHaveBeenCalledWith('You have 1,280 coins remaining');
    expect(totalCoinMessage(80)).toBe('You have 80 coins remaining');
  });

  it('remembers the pack a guest chose before signing in', async () => {
    browser({ state: { price: 5000, coins: 6000 }, answers: { packs: page([card]) } });
    const store = createBuyCoinsStore();
    await store.init();
    expect(store.$picked.get()).toEqual({ price: 5000, coins: 6000 });
    expect(store.$packs.get()).toEqual({ status: 'ready', data: [card] });
  });

  it('says why when the student cannot be loaded, and Retry loads the student and the packs', async () => {
    $auth.set({ user: null, profile: null, isAuth: false });
    // The first refresh of the student fails (no connection); the second brings them.
    const loads: (() => ReturnType<Environment['refreshUser']>)[] = [
      async () => failed('We could not reach the server.', 0),
      async () => {
        $auth.set({ ...$auth.get(), user: signedInUser, isAuth: true });
        return undefined;
      },
    ];
    const refreshUser = vi.fn(() => loads.shift()?.() ?? Promise.resolve(undefined));
    browser({ answers: { packs: page([card]) } }, { refreshUser });
    const store = createBuyCoinsStore();
    const loading = store.init();
    expect(store.$packs.get()).toEqual({ status: 'loading' });
    await loading;
    expect(store.$packs.get()).toEqual({ status: 'failed', message: 'We could not reach the server.' });

    await store.load();
    expect(refreshUser).toHaveBeenCalledTimes(2);
    expect(store.$packs.get()).toEqual({ status: 'ready', data: [card] });
  });

  it('puts the new balance in the header and announces the coins once a card payment is granted', async () => {
    const setCoins = vi.fn();
    const api = fakeApi()
      .on(paymentApi.testCheckout, () => success({ reference: 'r' }))
      .on(paymentApi.buyCoins, () => success({ coins: 6000, triviaPoints: 7280 }));
    const record = testEnvironment({ call: api.call, signedIn: () => true, setCoins });
    const store = createBuyCoinsStore();
    store.choose(card);
    await store.checkout.payTest();
    expect(setCoins).toHaveBeenCalledExactlyOnceWith(7280);
    expect(record.navigations).toEqual([{ path: '/bought-coin', state: { coins: 6000 } }]);
  });
});
