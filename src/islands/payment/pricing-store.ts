import { atom } from 'nanostores';
import type { Paged } from '../../lib/api/paged.ts';
import type { Plan } from '../../lib/api/plans.ts';
import { request } from '../../lib/client/api.ts';
import { navigate } from '../../lib/client/navigation.ts';
import { requireSignIn } from '../../lib/client/session.ts';
import { readToken } from '../../lib/client/storage.ts';
import { isPlanOnSale, paymentStateFor } from './payment-rules.ts';

/** A list loaded from the API, as a screen shows it. */
export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; items: T[] }
  | { status: 'failed'; message: string };

/** /pricing: the plans from the server and START PLAN NOW (spec §2). */
export function createPricingStore() {
  const $plans = atom<Loaded<Plan>>({ status: 'loading' });

  /** Loads the plans (and Retry). */
  async function load() {
    $plans.set({ status: 'loading' });
    const result = await request<Paged<Plan>>('GET', '/api/v1/plan');
    $plans.set(
      result.ok
        ? { status: 'ready', items: result.data.docs }
        : { status: 'failed', message: result.message },
    );
  }

  /** START PLAN NOW: /payment-mode with the plan, by way of /login for a guest. The yearly plan does nothing. */
  function startPlan(plan: Plan) {
    if (!isPlanOnSale(plan)) return;
    const state = paymentStateFor(plan);
    if (readToken()) navigate('/payment-mode', state);
    else requireSignIn('/payment-mode', state);
  }

  return { $plans, load, startPlan };
}
