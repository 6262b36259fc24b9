/**
 * The payment rules of the spec (§2 Pricing and Payment mode, §3 Card-payment config, §4 Payment, §9) as
 * pure functions, so that each one is tested without a browser.
 */

import { paymentApi } from '../../lib/api/endpoints.ts';
import type { CoinPurchaseRequest, PaymentMetadata, SubscriptionRequest } from '../../lib/api/payments.ts';
import type { Plan } from '../../lib/api/plans.ts';
import type { User } from '../../lib/api/user.ts';

/** What a plan card lists when the plan has no features of its own (spec §2). */
export const DEFAULT_PLAN_FEATURES = [
  'One day free trial',
  'All access to all features',
  'Eligibility to win cash prizes',
] as const;

/** The features a plan card shows. */
export function planFeatures(plan: Pick<Plan, 'features'>): readonly string[] {
  const own = (plan.features ?? []).filter((feature) => feature.trim() !== '');
  return own.length > 0 ? own : DEFAULT_PLAN_FEATURES;
}

/** The yearly plan's START PLAN NOW does nothing (spec §2); the card says it is not on sale yet. */
export function isPlanOnSale(plan: Pick<Plan, 'planId'>): boolean {
  return plan.planId !== 'yearly';
}

/** The payment type the spec carries to /payment-mode: 'not-airtime' above ₦1,000, otherwise empty. */
export type PaymentType = 'not-airtime' | '';

/** 'not-airtime' when the amount exceeds 1000 naira, otherwise '' (spec §2, §9). */
export function paymentTypeFor(amount: number): PaymentType {
  return amount > 1000 ? 'not-airtime' : '';
}

/** The navigation state that START PLAN NOW hands to /payment-mode (spec §2, §3). */
export interface PaymentState {
  amount: number;
  currency: 'naira';
  paymentType: PaymentType;
  item: Pick<Plan, 'planId' | 'plan_id' | 'title'>;
}

/** The state START PLAN NOW carries for a plan. */
export function paymentStateFor(plan: Plan): PaymentState {
  return {
    amount: plan.amount,
    currency: 'naira',
    paymentType: paymentTypeFor(plan.amount),
    item: { planId: plan.planId, plan_id: plan.plan_id, title: plan.title },
  };
}

/** What /payment-mode makes of the state it was opened with (spec §2: none -> /login, no amount -> back). */
export type PaymentStateCheck =
  | { status: 'missing' }
  | { status: 'no-amount' }
  | { status: 'ok'; amount: number; item: { planId: string; title: string } };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the navigation state of /payment-mode. A state without a plan to pay for counts as no amount. */
export function checkPaymentState(value: unknown): PaymentStateCheck {
  if (!isRecord(value)) return { status: 'missing' };
  const { amount, item } = value;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return { status: 'no-amount' };
  if (!isRecord(item)) return { status: 'no-amount' };
  const planId = typeof item.planId === 'string' && item.planId ? item.planId : item.plan_id;
  if (typeof planId !== 'string' || planId === '') return { status: 'no-amount' };
  return { status: 'ok', amount, item: { planId, title: typeof item.title === 'string' ? item.title : '' } };
}

/** The payment options of /payment-mode (spec §2). */
export type PaymentOptionId = 'mtn' | 'paystack' | 'momo' | 'stripe';

export interface PaymentOption {
  id: PaymentOptionId;
  text: string;
  /** A line under the name that says what happens next. */
  hint: string;
  image: string;
}

export const PAYMENT_OPTIONS: Record<PaymentOptionId, PaymentOption> = {
  mtn: {
    id: 'mtn',
    text: 'MTN airtime',
    hint: 'Pay from your MTN airtime on the operator page',
    image: '/images/payment/airtime.svg',
  },
  paystack: {
    id: 'paystack',
    text: 'Card (Paystack)',
    hint: 'Debit card, bank transfer or USSD, in naira',
    image: '/images/payment/card.svg',
  },
  momo: {
    id: 'momo',
    text: 'Mobile money',
    hint: 'Pay from a mobile money wallet',
    image: '/images/payment/mobile-money.svg',
  },
  stripe: {
    id: 'stripe',
    text: 'Stripe',
    hint: 'International cards',
    image: '/images/payment/stripe.svg',
  },
};

/** The country the geo call gives when it cannot tell. */
export const UNKNOWN_COUNTRY = 'unknown';

/**
 * The options a visitor sees: every option in Nigeria or when the country is unknown, otherwise only stripe,
 * since the card checkout takes naira (spec §2).
 */
export function paymentOptionsFor(country: string): PaymentOption[] {
  const name = country.trim().toLowerCase();
  if (name === 'nigeria' || name === UNKNOWN_COUNTRY || name === '') {
    return [PAYMENT_OPTIONS.mtn, PAYMENT_OPTIONS.paystack, PAYMENT_OPTIONS.momo, PAYMENT_OPTIONS.stripe];
  }
  return [PAYMENT_OPTIONS.stripe];
}

/** The airtime-billing page's origin banner: 2 for the weekly plan, 3 for the monthly one, else 1 (spec §4). */
export function originBannerValue(planId: string | undefined): 1 | 2 | 3 {
  if (planId === 'weekly') return 2;
  if (planId === 'monthly') return 3;
  return 1;
}

/** The airtime-billing page for a plan: the configured page with its origin banner value as `origin`. */
export function airtimeBillingLink(base: string, planId: string | undefined): string {
  const url = new URL(base);
  url.searchParams.set('origin', String(originBannerValue(planId)));
  return url.href;
}

/** Naira to kobo, the unit the card provider takes (spec §3, §9: the amount times 100). */
export function toKobo(naira: number): number {
  if (!Number.isFinite(naira) || naira <= 0) throw new RangeError(`Not an amount to pay: ${naira}`);
  // Rounded, because 19.99 * 100 is 1998.9999999999998 in floating point.
  return Math.round(naira * 100);
}

/**
 * A payment reference that is unique without asking the server: the time in milliseconds (the spec's
 * "timestamp string") and 48 random bits, so two tabs paying in the same millisecond still differ.
 */
export function paymentReference(now: number = Date.now(), randomBytes: Uint8Array = randomSuffix()): string {
  const suffix = Array.from(randomBytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${now}-${suffix}`;
}

function randomSuffix(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(6));
}

/** What is being bought: a plan, or a coin pack paid by card. */
export type Purchase =
  | { purpose: 'subscription'; planId: string; title: string; amount: number }
  | { purpose: 'coins'; pack: number; coins: number };

/** The naira price of a purchase. */
export function purchaseAmount(purchase: Purchase): number {
  return purchase.purpose === 'subscription' ? purchase.amount : purchase.pack;
}

/** The student who pays: the fields of the signed-in user that the checkout and its metadata need. */
export type Payer = Pick<User, '_id' | 'firstName' | 'lastName' | 'email' | 'telephone'>;

/**
 * The transaction metadata: who pays and for what, so that the signed webhook can grant the purchase even
 * when the browser never comes back, plus the spec's name, phone and custom fields for the dashboard.
 */
export function paymentMetadata(payer: Payer, purchase: Purchase): PaymentMetadata {
  const name = `${payer.firstName} ${payer.lastName}`.trim();
  return {
    userId: payer._id,
    purpose: purchase.purpose,
    ...(purchase.purpose === 'subscription' ? { planId: purchase.planId } : { pack: purchase.pack }),
    name,
    phone: payer.telephone,
    custom_fields: [
      { display_name: 'Full Name', variable_name: 'full_name', value: name },
      { display_name: 'Phone Number', variable_name: 'phone_number', value: payer.telephone },
    ],
  };
}

/** The card-payment config (spec §3): email, amount in kobo, the public key, the reference and metadata. */
export interface CardPaymentConfig {
  email: string;
  amount: number;
  currency: 'NGN';
  reference: string;
  metadata: PaymentMetadata;
  firstName: string;
  lastName: string;
  phone: string;
}

/** The card-payment config of a purchase; the public key is added by the Paystack loader. */
export function cardPaymentConfig(payer: Payer, purchase: Purchase, reference: string): CardPaymentConfig {
  return {
    email: payer.email,
    amount: toKobo(purchaseAmount(purchase)),
    // The server grants only naira payments; saying so stops a multi-currency account from charging USD.
    currency: 'NGN',
    reference,
    metadata: paymentMetadata(payer, purchase),
    firstName: payer.firstName,
    lastName: payer.lastName,
    phone: payer.telephone,
  };
}

/** The call that asks the server to grant a paid purchase: its binding and its body. */
export function grantCall(purchase: Purchase, reference: string) {
  return purchase.purpose === 'subscription'
    ? ({
        purpose: 'subscription',
        binding: paymentApi.subscribe,
        body: { reference, channel: 'paystack', planId: purchase.planId } satisfies SubscriptionRequest,
      } as const)
    : ({
        purpose: 'coins',
        binding: paymentApi.buyCoins,
        body: { reference, pack: purchase.pack } satisfies CoinPurchaseRequest,
      } as const);
}

/** The coins shown on /bought-coin: the number passed, or the spec's 80 when opened without one. */
export const DEFAULT_BOUGHT_COINS = 80;

/** The coins /bought-coin announces, from its navigation state. */
export function boughtCoins(state: unknown): number {
  const coins = isRecord(state) ? state.coins : undefined;
  return typeof coins === 'number' && Number.isInteger(coins) && coins > 0 ? coins : DEFAULT_BOUGHT_COINS;
}
