import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { formatNaira } from '../../lib/format.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { CheckoutDialog } from './CheckoutDialog.tsx';
import { createPaymentModeStore } from './payment-mode-store.ts';

/** /payment-mode: Payment Mode, the options (one selectable), Proceed and Back (spec §2, §4). */
export default function PaymentMode() {
  const [store] = useState(createPaymentModeStore);
  const screen = useStore(store.$screen);
  const selected = useStore(store.$selected);
  const comingSoon = useStore(store.$comingSoon);

  useEffect(() => {
    void store.init();
  }, [store]);

  return (
    <div className="card payment-card">
      <h1>Payment Mode</h1>
      {screen.status === 'loading' && (
        <div className="spinner" role="status" aria-label="Loading payment options" />
      )}
      {screen.status === 'failed' && (
        <div className="status-message" role="alert">
          <p>{screen.message}</p>
          <button type="button" className="button" onClick={() => void store.load()}>
            Retry
          </button>
        </div>
      )}
      {screen.status === 'unavailable' && (
        <div className="status-message">
          <p>This plan is no longer on sale.</p>
          <a className="button" href="/pricing">
            See the plans
          </a>
        </div>
      )}
      {screen.status === 'ready' && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            store.proceed();
          }}
        >
          <p className="payment-summary">
            {screen.data.plan.title} plan: <strong>{formatNaira(screen.data.plan.amount)}</strong>
          </p>
          <fieldset className="payment-options">
            <legend>Choose how to pay</legend>
            {screen.data.options.map((option) => (
              <label key={option.id} className="payment-option">
                <input
                  type="radio"
                  name="payment-option"
                  value={option.id}
                  checked={selected === option.id}
                  onChange={() => store.select(option.id)}
                />
                <img src={option.image} alt="" width="56" height="40" />
                <span className="payment-option-text">
                  <span className="payment-option-name">{option.text}</span>
                  <span className="payment-option-hint">
                    {option.id === 'mtn' && screen.data.airtimeActive
                      ? 'Already active on your number'
                      : option.hint}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="payment-actions">
            <button type="button" className="button button-outline" onClick={store.back}>
              Back
            </button>
            <button type="submit" className="button">
              Proceed
            </button>
          </div>
        </form>
      )}

      <Dialog open={comingSoon !== null} title="Coming Soon!!!" onClose={store.closeComingSoon}>
        <p>
          {comingSoon?.text} payments are not available yet. We are working on it; please check back soon.
        </p>
        <div className="modal-actions">
          <button type="button" className="button" onClick={store.closeComingSoon}>
            OK
          </button>
        </div>
      </Dialog>
      <CheckoutDialog checkout={store.checkout} />
    </div>
  );
}
