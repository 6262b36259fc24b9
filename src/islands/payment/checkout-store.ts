import { atom } from 'nanostores';
import type { PurchaseGranted, TestCheckoutRequest, TestPaymentApproved } from '../../lib/api/payments.ts';
import { type ApiResult, reportFailure, request } from '../../lib/client/api.ts';
import { $auth } from '../../lib/client/session.ts';
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

export interface CheckoutDeps {
  request: typeof request;
  reportFailure: typeof reportFailure;
  /** The signed-in student, or undefined. */
  payer: () => Payer | undefined;
  /** Paystack's checkout, or undefined for the local test checkout (no public key: development). */
  openCardCheckout: OpenCardCheckout | undefined;
  /** Called once the server has granted the purchase: the screen moves on. */
  onGranted: (purchase: Purchase, result: PurchaseGranted, message: string) => void;
  newReference: () => string;
}

const NO_PAYER = 'Sign in again to pay: we could not load your account.';

/** The card checkout shared by /payment-mode and /buy-coins: Paystack, or the labelled test checkout. */
export function createCheckout(overrides: Partial<CheckoutDeps> & Pick<CheckoutDeps, 'onGranted'>) {
  const publicKey = import.meta.env.PUBLIC_PAYSTACK_PUBLIC_KEY as string | undefined;
  const deps: CheckoutDeps = {
    request,
    reportFailure,
    payer: () => $auth.get().user ?? undefined,
    openCardCheckout: publicKey ? paystackCheckout(publicKey) : undefined,
    newReference: () => paymentReference(),
    ...overrides,
  };
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
    const payer = deps.payer();
    if (!payer) {
      deps.reportFailure({ ok: false, status: 401, message: NO_PAYER });
      return;
    }
    const reference = deps.newReference();
    const config = cardPaymentConfig(payer, purchase, reference);
    if (!deps.openCardCheckout) {
      $checkout.set({ step: 'test', purchase, reference, email: payer.email, paying: false });
      return;
    }
    $checkout.set({ step: 'preparing', purchase, reference });
    abort = new AbortController();
    void deps.openCardCheckout(
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
          deps.reportFailure({ ok: false, status: 0, message });
        },
      },
      abort.signal,
    );
  }

  /** The test checkout's Pay: records a successful "payment" on the local stand-in, then asks for the grant. */
  async function payTest() {
    const current = $checkout.get();
    if (current.step !== 'test' || current.paying) return;
    const payer = deps.payer();
    if (!payer) return;
    $checkout.set({ ...current, paying: true });
    const config = cardPaymentConfig(payer, current.purchase, current.reference);
    const paid = await deps.request<TestPaymentApproved>('POST', '/api/v1/test-checkout', {
      body: {
        reference: config.reference,
        amount: config.amount,
        email: config.email,
        metadata: config.metadata,
      } satisfies TestCheckoutRequest,
      quiet: true,
    });
    if (!paid.ok) {
      if (isCurrent(current.reference)) $checkout.set({ ...current, paying: false });
      deps.reportFailure(paid);
      return;
    }
    // Paid, even if the student closed the modal meanwhile: the purchase is theirs.
    await confirm(current.purchase, current.reference);
  }

  /** Asks the server to verify the reference and grant the purchase (safe to repeat: it grants once). */
  async function confirm(purchase: Purchase, reference: string) {
    $checkout.set({ step: 'confirming', purchase, reference });
    const call = grantCall(purchase, reference);
    const result: ApiResult<PurchaseGranted> = await deps.request<PurchaseGranted>('POST', call.path, {
      body: call.body,
      quiet: true,
    });
    if (result.ok) {
      if (isCurrent(reference)) $checkout.set({ step: 'idle' });
      deps.onGranted(purchase, result.data, result.message);
      return;
    }
    deps.reportFailure(result);
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

  return { $checkout, start, payTest, retry, close, usesTestCheckout: !deps.openCardCheckout };
}

export type Checkout = ReturnType<typeof createCheckout>;
