import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { appApi, failed, fakeApi, testEnvironment } from '../../../tests/support/store-environment.ts';
import { plan } from '../../../tests/support/student-fixture.ts';
import { createTestApp } from '../../../tests/support/test-app.ts';
import { planApi } from '../../lib/api/endpoints.ts';
import { seedDatabase } from '../../server/services/seed.ts';
import type { Environment } from '../shared/environment.ts';
import { createPricingStore } from './pricing-store.ts';

/** /pricing's environment for one test: signed in or not. */
function browser(options: { signedIn?: boolean } = {}, parts: Partial<Environment> = {}) {
  return testEnvironment({ signedIn: () => options.signedIn ?? true, ...parts });
}

describe('START PLAN NOW', () => {
  it('takes a signed-in student to /payment-mode with the plan', () => {
    const record = browser();
    createPricingStore().startPlan(plan('monthly', 1500));
    expect(record.navigations).toEqual([
      {
        path: '/payment-mode',
        state: {
          amount: 1500,
          currency: 'naira',
          paymentType: 'not-airtime',
          item: { planId: 'monthly', plan_id: 'monthly', title: 'Monthly' },
        },
      },
    ]);
  });

  it('sends a guest to /login keeping the plan', () => {
    const requireSignIn = vi.fn();
    const record = browser({ signedIn: false }, { requireSignIn });
    createPricingStore().startPlan(plan('weekly', 500));
    expect(requireSignIn).toHaveBeenCalledWith(
      '/payment-mode',
      expect.objectContaining({ amount: 500, paymentType: '' }),
    );
    expect(record.navigations).toEqual([]);
  });

  it('does nothing for the yearly plan', () => {
    const record = browser();
    createPricingStore().startPlan(plan('yearly', 12000));
    const guest = browser({ signedIn: false });
    createPricingStore().startPlan(plan('yearly', 12000));
    expect(record.navigations).toEqual([]);
    expect(guest.navigations).toEqual([]);
  });

  it('lists the plans the API offers', async () => {
    const t = await createTestApp();
    await seedDatabase(t.db, pino({ level: 'silent' }));
    browser({}, { call: appApi(t) });
    const store = createPricingStore();
    await store.load();
    const plans = store.$plans.get();
    expect(plans.status === 'ready' && plans.data.map((offered) => offered.planId)).toEqual(
      expect.arrayContaining(['weekly', 'monthly']),
    );
  });

  it('says why the plans could not be loaded', async () => {
    browser({}, { call: fakeApi().on(planApi.list, () => failed('We could not reach the server.', 0)).call });
    const store = createPricingStore();
    await store.load();
    expect(store.$plans.get()).toEqual({ status: 'failed', message: 'We could not reach the server.' });
  });
});
