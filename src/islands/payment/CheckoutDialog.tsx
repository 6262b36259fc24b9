import { useStore } from '@nanostores/preact';
import { formatNaira, formatThousands } from '../../lib/format.ts';
import { Dialog } from '../shared/Dialog.tsx';
import type { Checkout, CheckoutStep } from './checkout-store.ts';
import { type Purchase, purchaseAmount } from './payment-rules.ts';

function purchaseName(purchase: Purchase): string {
  return purchase.purpose === 'subscription'
    ? `${purchase.title || purchase.planId} plan`
    : `${formatThousands(purchase.coins)} coins`;
}

function titleOf(state: CheckoutStep): string {
  if (state.step === 'test') return 'Test checkout';
  if (state.step === 'failed') return 'Payment not confirmed';
  return 'Card payment';
}

/** The payment modal: opening Paystack, the local test checkout, confirming, or a payment to check again. */
export function CheckoutDialog({ checkout }: { checkout: Checkout }) {
  const state = useStore(checkout.$checkout);
  const open = state.step !== 'idle' && state.step !== 'paystack';
  return (
    <Dialog open={open} title={titleOf(state)} onClose={checkout.close}>
      {state.step !== 'idle' && <Summary purchase={state.purchase} />}
      {state.step === 'preparing' && (
        <>
          <div className="spinner checkout-spinner" role="status" aria-label="Opening the secure checkout" />
          <p>Opening the secure Paystack checkout…</p>
          <div className="modal-actions">
            <button type="button" className="button button-outline" onClick={checkout.close}>
              Cancel
            </button>
          </div>
        </>
      )}
      {state.step === 'test' && (
        <>
          <p className="test-checkout-label">
            <strong>Test payment: no money moves</strong>
          </p>
          <p className="hint">
            This server has no Paystack keys, so this local checkout stands in for the card form. Pay records
            a successful test payment for {state.email}.
          </p>
          <div className="modal-actions">
            <button
              type="button"
              className="button button-outline"
              onClick={checkout.close}
              disabled={state.paying}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void checkout.payTest()}
              disabled={state.paying}
            >
              {state.paying ? 'Paying...' : 'Pay'}
            </button>
          </div>
        </>
      )}
      {state.step === 'confirming' && (
        <>
          <div className="spinner checkout-spinner" role="status" aria-label="Confirming your payment" />
          <p>Confirming your payment with the server…</p>
        </>
      )}
      {state.step === 'failed' && (
        <>
          <p role="alert">{state.message}</p>
          <p>
            Your payment reference is <strong className="reference">{state.reference}</strong>. If money left
            your account, it will be credited automatically once Paystack confirms it. If it is not, write to
            us from the <a href="/contact-us">Contact Us</a> page with this reference.
          </p>
          <div className="modal-actions">
            <button type="button" className="button button-outline" onClick={checkout.close}>
              Close
            </button>
            <button type="button" className="button" onClick={checkout.retry}>
              Check again
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

function Summary({ purchase }: { purchase: Purchase }) {
  return (
    <dl className="checkout-summary">
      <div>
        <dt>For</dt>
        <dd>{purchaseName(purchase)}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>{formatNaira(purchaseAmount(purchase))}</dd>
      </div>
    </dl>
  );
}
