import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { RESET_TOKEN_MINUTES } from '../../lib/api/user.ts';
import { TextField } from '../shared/fields.tsx';
import { useForm } from '../shared/use-form.ts';
import { FormCard, NewPasswordFields, SubmitButton } from './form-parts.tsx';
import { createSetPasswordStore } from './set-password-store.ts';

/** /set-password: the two-step reset of spec §2. */
export default function SetPasswordForm() {
  const [store] = useState(() => createSetPasswordStore());
  const step = useStore(store.$step);
  // After hydration, so that the first render matches the page as it was built (step 1).
  useEffect(() => store.start(), [store]);
  return step === 1 ? <RequestTokenStep store={store} /> : <NewPasswordStep store={store} />;
}

type Store = ReturnType<typeof createSetPasswordStore>;

function RequestTokenStep({ store }: { store: Store }) {
  const { busy, submitDisabled, bind, onSubmit } = useForm(store.requestToken);
  return (
    <FormCard title="Set Password" onSubmit={onSubmit}>
      <p>Enter the email address of your account. We will send you a token to set a new password.</p>
      <TextField label="Email address" type="email" autoComplete="email" {...bind('email')} />
      <SubmitButton disabled={submitDisabled} busy={busy} label="Send set Token" busyLabel="Sending..." />
      <p className="form-footer">
        Remembered it? <a href="/login">Sign In</a>
      </p>
    </FormCard>
  );
}

function NewPasswordStep({ store }: { store: Store }) {
  const { busy, submitDisabled, bind, onSubmit } = useForm(store.setPassword);
  const fromLink = useStore(store.$tokenFromLink);
  const notice = useStore(store.$notice);
  const sending = useStore(store.requestToken.$busy);
  return (
    <FormCard title="Enter New Password" onSubmit={onSubmit}>
      <p>
        {fromLink
          ? 'Your token is filled in from the email link. Choose a new password.'
          : 'Paste the token from the email we sent you, then choose a new password.'}{' '}
        The token works for {RESET_TOKEN_MINUTES} minutes.
      </p>
      <TextField label="Token" autoComplete="one-time-code" {...bind('token')} />
      <NewPasswordFields
        label="New password"
        password={bind('newPassword')}
        confirm={bind('confirmPassword')}
      />
      <SubmitButton disabled={submitDisabled} busy={busy} label="Set Password" busyLabel="Resetting..." />
      <p className="form-footer">
        No email, or the token has expired?{' '}
        <button
          type="button"
          className="link-button"
          // aria-disabled rather than disabled keeps the focus on the button while it sends.
          aria-disabled={sending}
          onClick={sending ? undefined : store.sendAgain}
        >
          {sending ? 'Sending...' : 'Send again'}
        </button>
      </p>
      <p className="form-footer" role="status" aria-live="polite">
        {notice}
      </p>
    </FormCard>
  );
}
