/**
 * The payments contract: the bodies of POST /api/v1/subscription, /coins and /test-checkout (the zod
 * schemas in `lib/validation/payment.ts` check them), the metadata a card payment carries, and what the
 * server answers. The server's handlers `satisfies` these types; the payment screens import them.
 */

import type {
  cardPaymentMetadataSchema,
  coinPurchaseSchema,
  customFieldSchema,
  paymentMetadataSchema,
  subscriptionSchema,
  testCheckoutSchema,
} from '../validation/payment.ts';
import type { z } from '../validation/zod.ts';

/** What the grant reads from a payment's metadata: whose it is and what it is for. */
export type PurchaseMetadata = z.output<typeof paymentMetadataSchema>;
/** What a payment buys. */
export type PaymentPurpose = PurchaseMetadata['purpose'];
/** One Paystack dashboard field of the metadata. */
export type CustomField = z.output<typeof customFieldSchema>;
/** The metadata of a card payment, as the browser builds it. */
export type PaymentMetadata = z.output<typeof cardPaymentMetadataSchema>;

/** The body of POST /api/v1/subscription, after a card payment for a plan. */
export type SubscriptionRequest = z.input<typeof subscriptionSchema>;
/** The body of POST /api/v1/coins, after a card payment for a coin pack. */
export type CoinPurchaseRequest = z.input<typeof coinPurchaseSchema>;
/** The body of POST /api/v1/test-checkout, the local stand-in for Paystack's checkout. */
export type TestCheckoutRequest = z.input<typeof testCheckoutSchema>;

/** A subscription a payment started or extended. Times are ISO strings. */
export interface GrantedSubscription {
  planId: string;
  startsAt: string;
  endsAt: string;
}

/**
 * What POST /api/v1/subscription answers: the subscription, the plan's bonus coins and the new balance.
 * The subscription is missing only for a reference that was granted earlier without one.
 */
export interface SubscriptionGranted {
  subscription?: GrantedSubscription;
  coins: number;
  triviaPoints: number;
}

/** What POST /api/v1/coins answers: the coins credited and the new balance. */
export interface CoinsGranted {
  coins: number;
  triviaPoints: number;
}

/** What either grant answers. */
export type PurchaseGranted = SubscriptionGranted | CoinsGranted;

/** A coin pack as GET /api/v1/coins/packs lists it; a pack with a link is bought on that page, not by card. */
export interface CoinPackOffer {
  _id: string;
  /** The price in naira, which also names the pack. */
  price: number;
  coins: number;
  link: string | null;
}

/** What POST /api/v1/test-checkout answers once the stand-in has recorded the payment. */
export interface TestPaymentApproved {
  reference: string;
}
