import { atom } from 'nanostores';
import { paymentApi } from '../../lib/api/endpoints.ts';
import type { PurchaseGranted } from '../../lib/api/payments.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { $auth } from '../../lib/client/session.ts';
import { environment } from '../shared/environment.ts';
import {
  cardPaymentConfig,
  grantCall,
  type Payer,
  type Purchase,
  paymentReference,
} from './payment-rules.ts';
import { type OpenCardCheckout, paystackCheckout } from './paystack.ts';

/**
 * Where a card payment stands. The modal shows every step but `paystack`, when Paystack's own window is on
 * screen: a modal <dialog> would sit above it in the top layer and make it inert.
 */
export type CheckoutStep =
  | { step: 'idle' }
  | { step: 'preparing'; purchase: Purchase; reference: string }
  | { step: 'paystack'; purchase: Purchase; reference: string }
  | { step: 'test'; purchase: Purchase; reference: string; email: string; paying: boolean }
  | { step: 'confirming'; purchase: Purchase; reference: string }
  | { step: 'failed'; purchase: Purchase; reference: string; message: string };

/** What the screen hands the checkout; the browser's parts come from the store environment. */
export interface CheckoutOptions {
  /** Called once the server has granted the purchase: the screen moves on. */
  onGranted: (purchase: Purchase, result: PurchaseGranted, message: string) => void;
  /**
   * Paystack's checkout, or undefined for the local test checkout. Left out: Paystack when the site was
   * built with a public key, the test checkout without one (development).
   */
  openCardCheckout?: OpenCardCheckout | undefined;
  /** A new payment reference; by default from the clock and random bytes. */
  newReference?: () => string;
}

/** The signed-in student, or undefined when their account is not loaded. */
const payer = (): Payer | undefined => $auth.get().user ?? undefined;

/** Asks the server to grant a paid purchase (safe to repeat: it grants once). */
function grant(purchase: Purchase, reference: string): Promise<ApiResult<PurchaseGranted>> {
  const { call } = environment();
  const grantOf = grantCall(purchase, reference);
  return grantOf.purpose === 'subscription'
    ? call(grantOf.binding, { body: grantOf.body, quiet: true })
    : call(grantOf.binding, { body: grantOf.body, quiet: true });
}

const NO_PAYER = 'Sign in again to pay: we could not load your account.';

/** The card checkout shared by /payment-mode and /buy-coins: Paystack, or the labelled test checkout. */
export function createCheckout(options: CheckoutOptions) {
  const publicKey = import.meta.env.PUBLIC_PAYSTACK_PUBLIC_KEY as string | undefined;
  const { onGranted } = options;
  const openCardCheckout =
    'openCardCheckout' in options
      ? options.openCardCheckout
      : publicKey
        ? paystackCheckout(publicKey)
        : undefined;
  const newReference = options.newReference ?? (() => paymentReference(environment().now()));
  const $checkout = atom<CheckoutStep>({ step: 'idle' });
  let abort: AbortController | undefined;

  /** True while this reference is still the payment on screen (the student may have moved on). */
  const isCurrent = (reference: string) => {
    const current = $checkout.get();
    return current.step !== 'idle' && current.reference === reference;
  };

  /** Pays for a purchase: opens the modal, makes a reference, then opens the card checkout. */
  function start(purchase: Purchase) {
    if ($checkout.get().step !== 'idle') return;
    const student = payer();
    if (!student) {
      environment().reportFailure({ ok: false, status: 401, message: NO_PAYER });
      return;
    }
    const reference = newReference();
    const config = cardPaymentConfig(student, purchase, reference);
    if (!openCardCheckout) {
      $checkout.set({ step: 'test', purchase, reference, email: student.email, paying: false });
      return;
    }
    $checkout.set({ step: 'preparing', purchase, reference });
    abort = new AbortController();
    void openCardCheckout(
      config,
      {
        onLoad: () => {
          if (isCurrent(reference)) $checkout.set({ step: 'paystack', purchase, reference });
        },
        onSuccess: (paidReference) => void confirm(purchase, paidReference || reference),
        onCancel: () => {
          if (isCurrent(reference)) $checkout.set({ step: 'idle' });
        },
        onError: (message) => {
          if (!isCurrent(reference)) return;
          $checkout.set({ step: 'idle' });
          environment().reportFailure({ ok: false, status: 0, message });
        },
      },
      abort.signal,
    );
  }

  /** The test checkout's Pay: records a successful "payment" on the local stand-in, then asks for the grant. */
  async function payTest() {
    const current = $checkout.get();
    if (current.step !== 'test' || current.paying) return;
    const student = payer();
    if (!student) return;
    $checkout.set({ ...current, paying: true });
    const config = cardPaymentConfig(student, current.purchase, current.reference);
    const paid = await environment().call(paymentApi.testCheckout, {
      body: {
        reference: config.reference,
        amount: config.amount,
        email: config.email,
        metadata: config.metadata,
      },
      quiet: true,
    });
    if (!paid.ok) {
      if (isCurrent(current.reference)) $checkout.set({ ...current, paying: false });
      environment().reportFailure(paid);
      return;
    }
    // Paid, even if the student closed the modal meanwhile: the purchase is theirs.
    await confirm(current.purchase, current.reference);
  }

  /** Asks the server to verify the reference and grant the purchase (safe to repeat: it grants once). */
  async function confirm(purchase: Purchase, reference: string) {
    $checkout.set({ step: 'confirming', purchase, reference });
    const result = await grant(purchase, reference);
    if (result.ok) {
      if (isCurrent(reference)) $checkout.set({ step: 'idle' });
      onGranted(purchase, result.data, result.message);
      return;
    }
    environment().reportFailure(result);
    // Closed while confirming, and a new payment started since: that one owns the modal now.
    const current = $checkout.get();
    if (current.step !== 'idle' && current.reference !== reference) return;
    $checkout.set({ step: 'failed', purchase, reference, message: result.message });
  }

  /** Check again: repeats the grant of a payment the server could not confirm. */
  function retry() {
    const current = $checkout.get();
    if (current.step === 'failed') void confirm(current.purchase, current.reference);
  }

  /**
   * Closes the modal (Cancel, Escape, Close). A call under way carries on: a payment that went through is
   * still granted, and a failure still opens the modal with its reference. Paystack closes its own window.
   */
  function close() {
    const current = $checkout.get();
    if (current.step === 'paystack' || current.step === 'idle') return;
    if (current.step === 'preparing') abort?.abort();
    $checkout.set({ step: 'idle' });
  }

  return { $checkout, start, payTest, retry, close, usesTestCheckout: !openCardCheckout };
}

export type Checkout = ReturnType<typeof createCheckout>;
