import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../lib/client/api.ts';

// The screens' stores act through navigation, the session and the API; these stand in for the browser.
const browser = vi.hoisted(() => ({
  token: undefined as string | undefined,
  state: undefined as unknown,
  answers: new Map<string, ApiResult<unknown>>(),
}));

vi.mock('../../lib/client/navigation.ts', () => ({
  navigate: vi.fn(),
  goBack: vi.fn(),
  readNavigationState: () => browser.state,
}));
vi.mock('../../lib/client/storage.ts', async (original) => ({
  ...(await original<typeof import('../../lib/client/storage.ts')>()),
  readToken: () => browser.token,
}));
vi.mock('../../lib/client/session.ts', async (original) => ({
  ...(await original<typeof import('../../lib/client/session.ts')>()),
  requireSignIn: vi.fn(),
  loadUser: vi.fn(async () => undefined),
  refreshUser: vi.fn(async () => undefined),
}));
vi.mock('../../lib/client/api.ts', () => ({
  reportFailure: vi.fn(),
  request: vi.fn(async (_method: string, path: string) => {
    const answer = browser.answers.get(path);
    if (!answer) throw new Error(`unexpected call to ${path}`);
    return answer;
  }),
}));

const { goBack, navigate } = await import('../../lib/client/navigation.ts');
const { $auth, refreshUser, requireSignIn } = await import('../../lib/client/session.ts');
const { createPricingStore } = await import('./pricing-store.ts');
const { createBuyCoinsStore, totalCoinMessage } = await import('./buy-coins-store.ts');
const { createPaymentModeStore, NO_OPTION_MESSAGE } = await import('./payment-mode-store.ts');

const plan = (planId: string, amount: number) => ({
  _id: `id-${planId}`,
  planId,
  plan_id: planId,
  title: planId.charAt(0).toUpperCase() + planId.slice(1),
  amount,
  perAmount: 'per week',
  frequency: 'week',
  lengthOfFrequency: 1,
  noOfCoin: 40,
  features: [],
});
const page = <T>(docs: T[]): ApiResult<unknown> => ({
  ok: true,
  message: '',
  data: { docs, totalDocs: docs.length, limit: docs.length, page: 1, totalPages: 1 },
});

const alert = vi.fn();
const open = vi.fn();

const signedInUser = {
  _id: '0b7c6f0e-4a43-4f0c-9d4e-2d6f2f3f7a11',
  firstName: 'Aisha',
  lastName: 'Bello',
  email: 'aisha@example.com',
  emailVerified: true,
  pendingEmail: null,
  telephone: '08031234567',
  triviaPoints: 1280,
  image: null,
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  browser.token = 'token';
  browser.state = undefined;
  browser.answers.clear();
  vi.stubGlobal('window', { alert, open });
  $auth.set({ user: signedInUser, profile: null, isAuth: true });
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('START PLAN NOW', () => {
  it('takes a signed-in student to /payment-mode with the plan', () => {
    createPricingStore().startPlan(plan('monthly', 1500));
    expect(navigate).toHaveBeenCalledWith('/payment-mode', {
      amount: 1500,
      currency: 'naira',
      paymentType: 'not-airtime',
      item: { planId: 'monthly', plan_id: 'monthly', title: 'Monthly' },
    });
  });

  it('sends a guest to /login keeping the plan', () => {
    browser.token = undefined;
    createPricingStore().startPlan(plan('weekly', 500));
    expect(requireSignIn).toHaveBeenCalledWith(
      '/payment-mode',
      expect.objectContaining({ amount: 500, paymentType: '' }),
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does nothing for the yearly plan', () => {
    createPricingStore().startPlan(plan('yearly', 12000));
    browser.token = undefined;
    createPricingStore().startPlan(plan('yearly', 12000));
    expect(navigate).not.toHaveBeenCalled();
    expect(requireSignIn).not.toHaveBeenCalled();
  });
});

describe('Payment Mode', () => {
  async function ready(country = 'nigeria') {
    browser.state = {
      amount: 1500,
      currency: 'naira',
      paymentType: 'not-airtime',
      item: { planId: 'monthly' },
    };
    browser.answers.set('/api/v1/plan', page([plan('weekly', 500), plan('monthly', 1500)]));
    browser.answers.set('/api/v1/geo', { ok: true, message: '', data: { country_name: country } });
    const store = createPaymentModeStore();
    await store.init();
    return store;
  }

  it('goes to /login without state or without a token, and back without an amount', async () => {
    await createPaymentModeStore().init();
    expect(navigate).toHaveBeenCalledWith('/login', undefined, { replace: true });

    browser.token = undefined;
    browser.state = { amount: 500, item: { planId: 'weekly' } };
    await createPaymentModeStore().init();
    expect(navigate).toHaveBeenCalledTimes(2);

    browser.token = 'token';
    browser.state = { item: { planId: 'weekly' } };
    await createPaymentModeStore().init();
    expect(goBack).toHaveBeenCalledOnce();
  });

  it("charges the server's price, not the one in the state", async () => {
    browser.state = { amount: 1, item: { planId: 'weekly' } };
    browser.answers.set('/api/v1/plan', page([plan('weekly', 500)]));
    browser.answers.set('/api/v1/geo', { ok: true, message: '', data: { country_name: 'nigeria' } });
    const store = createPaymentModeStore();
    await store.init();
    expect(store.$screen.get()).toMatchObject({ status: 'ready', plan: { planId: 'weekly', amount: 500 } });
  });

  it('says a plan that is no longer listed is not on sale', async () => {
    browser.state = { amount: 900, item: { planId: 'daily' } };
    browser.answers.set('/api/v1/plan', page([plan('weekly', 500)]));
    browser.answers.set('/api/v1/geo', { ok: true, message: '', data: { country_name: 'nigeria' } });
    const store = createPaymentModeStore();
    await store.init();
    expect(store.$screen.get()).toEqual({ status: 'unavailable' });
  });

  it('treats a failed country look-up as unknown: every option', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    browser.state = { amount: 1500, item: { planId: 'monthly' } };
    browser.answers.set('/api/v1/plan', page([plan('monthly', 1500)]));
    browser.answers.set('/api/v1/geo', { ok: false, status: 0, message: 'offline' });
    const store = createPaymentModeStore();
    await store.init();
    const screen = store.$screen.get();
    expect(screen.status === 'ready' && screen.options.map((option) => option.id)).toEqual([
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
    browser.token = undefined;
    const store = createBuyCoinsStore();
    expect(store.choose(card)).toBe(false);
    expect(requireSignIn).toHaveBeenCalledWith('/buy-coins', { price: 5000, coins: 6000 });
  });

  it('lets a pack with a link open it, and pays for the others by card', () => {
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
    browser.state = { price: 5000, coins: 6000 };
    browser.answers.set('/api/v1/coins/packs', page([card]));
    const store = createBuyCoinsStore();
    await store.init();
    expect(store.$picked.get()).toEqual({ price: 5000, coins: 6000 });
    expect(store.$packs.get()).toEqual({ status: 'ready', items: [card] });
  });

  it('says why when the student cannot be loaded, and Retry loads the student and the packs', async () => {
    $auth.set({ user: null, profile: null, isAuth: false });
    browser.answers.set('/api/v1/coins/packs', page([card]));
    const offline = { ok: false, status: 0, message: 'We could not reach the server.' } as const;
    vi.mocked(refreshUser).mockResolvedValueOnce(offline);
    const store = createBuyCoinsStore();
    const loading = store.init();
    expect(store.$packs.get()).toEqual({ status: 'loading' });
    await loading;
    expect(store.$packs.get()).toEqual({ status: 'failed', message: 'We could not reach the server.' });

    vi.mocked(refreshUser).mockImplementationOnce(async () => {
      $auth.set({ ...$auth.get(), user: signedInUser, isAuth: true });
      return undefined;
    });
    await store.load();
    expect(refreshUser).toHaveBeenCalledTimes(2);
    expect(store.$packs.get()).toEqual({ status: 'ready', items: [card] });
  });
});
