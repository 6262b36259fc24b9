import { useStore } from '@nanostores/preact';
import { useEffect, useId, useState } from 'preact/compat';
import { TRIAL_DAYS, WELCOME_COINS } from '../../lib/api/user.ts';
import { createConfirmationNoticeStore, type ResendState } from './email-confirmation-store.ts';
import './email-confirmation.css';

/**
 * Tells a signed-in student that their email waits for confirmation (and what that holds back), with a
 * one-tap resend. Renders nothing for a confirmed account, a guest, or before hydration (the account lives
 * in this browser's storage, which the pre-rendered page cannot know).
 */
export default function EmailConfirmationNotice() {
  const [store] = useState(createConfirmationNoticeStore);
  const awaited = useStore(store.$awaited);
  const resend = useStore(store.$resend);
  const [mounted, setMounted] = useState(false);
  const headingId = useId();

  useEffect(() => {
    setMounted(true);
    store.init();
  }, [store]);

  if (!mounted || !awaited) return null;
  return (
    <section className="confirm-notice" aria-labelledby={headingId}>
      {awaited.kind === 'sign-up' ? (
        <>
          <h2 id={headingId}>Confirm your email address</h2>
          <p>
            We sent a link to <strong>{awaited.email}</strong>. Your {TRIAL_DAYS}-day free trial of full exams
            and your {WELCOME_COINS} welcome coins start once you open it. Until then you can take the free
            daily test, and your scores stay off the leaderboard.
          </p>
        </>
      ) : (
        <>
          <h2 id={headingId}>Confirm your new email address</h2>
          <p>
            We sent a link to <strong>{awaited.email}</strong>. Your account keeps using{' '}
            <strong>{awaited.current}</strong> until you open it.
          </p>
        </>
      )}
      <ResendButton state={resend} onResend={() => void store.resend()} />
    </section>
  );
}

/** The Resend link button and, announced politely, what became of the last tap. */
export function ResendButton({ state, onResend }: { state: ResendState; onResend: () => void }) {
  const sending = state.status === 'sending';
  return (
    <div className="confirm-resend">
      <button
        type="button"
        className="button button-outline"
        // aria-disabled rather than disabled keeps the focus on the button while it sends.
        onClick={sending ? undefined : onResend}
        aria-disabled={sending}
      >
        {sending ? 'Sending...' : 'Resend link'}
      </button>
      <p
        className={`confirm-resend-result${state.status === 'failed' ? ' is-error' : ''}`}
        role="status"
        aria-live="polite"
      >
        {state.status === 'sent' || state.status === 'failed' ? state.message : ''}
      </p>
    </div>
  );
}
