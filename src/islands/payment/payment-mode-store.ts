import { atom } from 'nanostores';
import { paymentApi, planApi } from '../../lib/api/endpoints.ts';
import type { Plan } from '../../lib/api/plans.ts';
import { environment } from '../shared/environment.ts';
import type { LoadState } from '../shared/load-state.ts';
import { createCheckout } from './checkout-store.ts';
import {
  airtimeBillingLink,
  checkPaymentState,
  PAYMENT_OPTIONS,
  type PaymentOption,
  type PaymentOptionId,
  paymentOptionsFor,
  UNKNOWN_COUNTRY,
} from './payment-rules.ts';

/** The alert of Proceed without a choice (spec §4, §8). */
export const NO_OPTION_MESSAGE = 'Please select a payment option before proceeding';

/**
 * The operator's airtime-billing page. It is fixed when the site is built, like the Paystack public key;
 * PUBLIC_AIRTIME_BILLING_URL must name the same page as the server's AIRTIME_BILLING_URL.
 */
const AIRTIME_BILLING_URL =
  (import.meta.env.PUBLIC_AIRTIME_BILLING_URL as string | undefined) ||
  'https://airtime.example.invalid/subscribe';

/** The plan being paid for, with the server's current price. */
export type PlanToPay = Pick<Plan, 'planId' | 'title' | 'amount'>;

/** /payment-mode: the plan and the options for the visitor's country, or `unavailable`: the plan is off sale. */
export type PaymentModeScreen = LoadState<
  /** airtimeActive: the airtime status check found a plan already active on the student's number. */
  { plan: PlanToPay; options: PaymentOption[]; airtimeActive: boolean },
  { status: 'unavailable' }
>;

async function visitorCountry(): Promise<string> {
  const result = await environment().call(paymentApi.country);
  if (result.ok) return result.data.country_name || UNKNOWN_COUNTRY;
  // Spec §7: a failed country look-up is only logged; the visitor is then treated as in Nigeria.
  console.warn('Country look-up failed:', result.message);
  return UNKNOWN_COUNTRY;
}

/** /payment-mode: the options for the visitor's country, one chosen, then Proceed (spec §2, §4). */
export function createPaymentModeStore() {
  const $screen = atom<PaymentModeScreen>({ status: 'loading' });
  const $selected = atom<PaymentOptionId | null>(null);
  const $comingSoon = atom<PaymentOption | null>(null);
  let wanted: { planId: string; title: string } | undefined;

  const checkout = createCheckout({
    onGranted(_purchase, result, message) {
      const { setCoins, toastAfterNavigation, navigate } = environment();
      setCoins(result.triviaPoints);
      toastAfterNavigation(message || 'Subscription activated successfully', 'success');
      navigate('/');
    },
  });

  /**
   * Loads the plan, the country and the student. The price comes from the server, not from the state the
   * page was opened with: a price changed since the pricing page was open would be refused after paying.
   */
  async function load() {
    if (!wanted) return;
    $screen.set({ status: 'loading' });
    const { call, loadUser, airtimeActive } = environment();
    const [plans, country] = await Promise.all([call(planApi.list), visitorCountry(), loadUser()]);
    const airtime = await airtimeActive();
    if (!plans.ok) {
      $screen.set({ status: 'failed', message: plans.message });
      return;
    }
    const plan = plans.data.docs.find((doc) => doc.planId === wanted?.planId);
    if (!plan) {
      $screen.set({ status: 'unavailable' });
      return;
    }
    $screen.set({
      status: 'ready',
      data: {
        plan: { planId: plan.planId, title: plan.title, amount: plan.amount },
        options: paymentOptionsFor(country),
        airtimeActive: airtime,
      },
    });
  }

  /** Reads the plan from navigation state: none (or signed out) goes to /login, no amount goes back. */
  function init() {
    const { readNavigationState, signedIn, navigate, goBack } = environment();
    const check = checkPaymentState(readNavigationState());
    if (!signedIn() || check.status === 'missing') {
      navigate('/login', undefined, { replace: true });
      return Promise.resolve();
    }
    if (check.status === 'no-amount') {
      goBack('/pricing');
      return Promise.resolve();
    }
    wanted = check.item;
    return load();
  }

  /** Chooses an option (the radio group). */
  function select(id: PaymentOptionId) {
    $selected.set(id);
  }

  /** Proceed: airtime opens the operator page, card opens the checkout, the rest are coming soon. */
  function proceed() {
    const screen = $screen.get();
    if (screen.status !== 'ready') return;
    const id = $selected.get();
    if (!id) {
      window.alert(NO_OPTION_MESSAGE);
      return;
    }
    const { plan } = screen.data;
    if (id === 'mtn') {
      window.open(airtimeBillingLink(AIRTIME_BILLING_URL, plan.planId), '_blank', 'noopener,noreferrer');
      $selected.set(null);
    } else if (id === 'paystack') {
      checkout.start({
        purpose: 'subscription',
        planId: plan.planId,
        title: plan.title,
        amount: plan.amount,
      });
    } else {
      $comingSoon.set(PAYMENT_OPTIONS[id]);
    }
  }

  return {
    $screen,
    $selected,
    $comingSoon,
    checkout,
    init,
    load,
    select,
    proceed,
    back: () => environment().goBack('/pricing'),
    closeComingSoon: () => $comingSoon.set(null),
  };
}
