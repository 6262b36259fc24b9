import { useStore } from '@nanostores/preact';
import { useEffect, useRef, useState } from 'preact/compat';
import { environment } from '../shared/environment.ts';
import { ResendButton } from './EmailConfirmationNotice.tsx';
import { confirmedHeading, createVerifyEmailStore } from './email-confirmation-store.ts';
import './email-confirmation.css';

/** /verify-email: opens the link from a confirmation email and says what it did. */
export default function VerifyEmail() {
  const [store] = useState(createVerifyEmailStore);
  const state = useStore(store.$state);
  const signedIn = useStore(store.$signedIn);
  const resend = useStore(store.$resend);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const token = new URLSearchParams(environment().readSearch()).get('token') ?? '';
    void store.verify(token.trim());
  }, [store]);

  // The outcome replaces the spinner: move the focus to its heading so a screen reader reads it at once.
  useEffect(() => {
    if (state.status !== 'verifying') heading.current?.focus();
  }, [state.status]);

  if (state.status === 'verifying') {
    return (
      <div className="card form-card verify-email">
        <h1>Confirming your email</h1>
        <div className="spinner" role="status" aria-label="Confirming your email" />
      </div>
    );
  }

  if (state.status === 'confirmed') {
    return (
      <div className="card form-card verify-email">
        <h1 ref={heading} tabIndex={-1}>
          {confirmedHeading(state)}
        </h1>
        <p role="status">{state.message}</p>
        <div className="form-actions">
          {signedIn ? (
            <a className="button" href={state.purpose === 'change' ? '/profile' : '/select-exam'}>
              {state.purpose === 'change' ? 'Back to your profile' : 'Start practising'}
            </a>
          ) : (
            <a className="button" href="/login">
              Sign In
            </a>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="card form-card verify-email">
      <h1 ref={heading} tabIndex={-1}>
        We could not confirm your email
      </h1>
      <p role="alert">{state.message}</p>
      {state.offline ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void store.retry()}>
            Try again
          </button>
        </div>
      ) : signedIn ? (
        <>
          <p>Ask for a new link: it goes to the address waiting for confirmation.</p>
          <ResendButton state={resend} onResend={() => void store.resend()} />
        </>
      ) : (
        <p>
          <a href="/login">Sign in</a> to ask for a new link.
        </p>
      )}
    </div>
  );
}
