import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { PasswordField, TextField } from '../shared/fields.tsx';
import { useForm } from '../shared/use-form.ts';
import { createSetPasswordStore } from './set-password-store.ts';

/** /set-password: the two-step reset of spec §2. */
export default function SetPasswordForm() {
  const [store] = useState(createSetPasswordStore);
  const step = useStore(store.$step);
  return step === 1 ? <RequestTokenStep store={store} /> : <NewPasswordStep store={store} />;
}

type Store = ReturnType<typeof createSetPasswordStore>;

function RequestTokenStep({ store }: { store: Store }) {
  const { busy, submitDisabled, bind, onSubmit } = useForm(store.requestToken);
  return (
    <form className="card form-card" noValidate onSubmit={onSubmit}>
      <h1>Set Password</h1>
      <p>Enter the email address of your account. We will send you a token to set a new password.</p>
      <TextField label="Email address" type="email" autoComplete="email" {...bind('email')} />
      <div className="form-actions">
        <button className="button" type="submit" disabled={submitDisabled}>
          {busy ? 'Sending...' : 'Send set Token'}
        </button>
      </div>
      <p className="form-footer">
        Remembered it? <a href="/login">Sign In</a>
      </p>
    </form>
  );
}

function NewPasswordStep({ store }: { store: Store }) {
  const { busy, submitDisabled, bind, onSubmit } = useForm(store.setPassword);
  return (
    <form className="card form-card" noValidate onSubmit={onSubmit}>
      <h1>Enter New Password</h1>
      <p>Paste the token from the email we sent you, then choose a new password.</p>
      <TextField label="Token" autoComplete="one-time-code" {...bind('token')} />
      <PasswordField label="New password" autoComplete="new-password" {...bind('newPassword')} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...bind('confirmPassword')} />
      <div className="form-actions">
        <button className="button" type="submit" disabled={submitDisabled}>
          {busy ? 'Resetting...' : 'Set Password'}
        </button>
      </div>
    </form>
  );
}
