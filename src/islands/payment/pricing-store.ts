import { atom } from 'nanostores';
import { planApi } from '../../lib/api/endpoints.ts';
import type { Plan } from '../../lib/api/plans.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';
import { isPlanOnSale, paymentStateFor } from './payment-rules.ts';

/** /pricing: the plans from the server and START PLAN NOW (spec §2). */
export function createPricingStore() {
  const $plans = atom<LoadState<Plan[]>>({ status: 'loading' });

  /** Loads the plans (and Retry). */
  async function load() {
    $plans.set({ status: 'loading' });
    const result = await environment().call(planApi.list);
    $plans.set(loadedFrom(result.ok ? { ...result, data: result.data.docs } : result));
  }

  /** START PLAN NOW: /payment-mode with the plan, by way of /login for a guest. The yearly plan does nothing. */
  function startPlan(plan: Plan) {
    if (!isPlanOnSale(plan)) return;
    const state = paymentStateFor(plan);
    const { signedIn, navigate, requireSignIn } = environment();
    if (signedIn()) navigate('/payment-mode', state);
    else requireSignIn('/payment-mode', state);
  }

  return { $plans, load, startPlan };
}
