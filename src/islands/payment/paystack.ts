import type { CardPaymentConfig } from './payment-rules.ts';

/** What the card checkout reports back. */
export interface CheckoutCallbacks {
  /** The checkout is on screen. */
  onLoad: () => void;
  onSuccess: (reference: string) => void;
  onCancel: () => void;
  onError: (message: string) => void;
}

/** Opens a card checkout: Paystack's, or a stand-in in tests. Aborting the signal closes it. */
export type OpenCardCheckout = (
  config: CardPaymentConfig,
  callbacks: CheckoutCallbacks,
  signal: AbortSignal,
) => Promise<void>;

const LOAD_FAILED = 'We could not open the card checkout. Check your connection and try again.';

/**
 * Paystack's inline checkout. The library is imported only when a student pays by card with the public key
 * configured, so no other page (and no development build without keys) downloads it.
 */
export function paystackCheckout(publicKey: string): OpenCardCheckout {
  return async (config, callbacks, signal) => {
    let PaystackPop: typeof import('@paystack/inline-js').default;
    try {
      ({ default: PaystackPop } = await import('@paystack/inline-js'));
    } catch {
      callbacks.onError(LOAD_FAILED);
      return;
    }
    if (signal.aborted) return;
    const popup = new PaystackPop();
    const transaction = popup.newTransaction({
      key: publicKey,
      email: config.email,
      amount: config.amount,
      currency: config.currency,
      reference: config.reference,
      firstName: config.firstName,
      lastName: config.lastName,
      phone: config.phone,
      metadata: { ...config.metadata },
      onLoad: () => callbacks.onLoad(),
      onSuccess: (result) => callbacks.onSuccess(result.reference),
      onCancel: () => callbacks.onCancel(),
      onError: (error) => callbacks.onError(error.message || LOAD_FAILED),
    });
    signal.addEventListener('abort', () => popup.cancelTransaction(transaction), { once: true });
  };
}
