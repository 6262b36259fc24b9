import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { PasswordField, TextField } from '../shared/fields.tsx';
import { createSetPasswordStore } from './set-password-store.ts';

/** /set-password: the two-step reset of spec §2. */
export default function SetPasswordForm() {
  const [store] = useState(createSetPasswordStore);
  const step = useStore(store.$step);
  return step === 1 ? <RequestTokenStep store={store} /> : <NewPasswordStep store={store} />;
}

type Store = ReturnType<typeof createSetPasswordStore>;

function RequestTokenStep({ store }: { store: Store }) {
  const form = store.requestToken;
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const busy = useStore(form.$busy);
  return (
    <form
      className="card form-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <h1>Set Password</h1>
      <p>Enter the email address of your account. We will send you a token to set a new password.</p>
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(value) => form.setField('email', value)}
      />
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
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
  const form = store.setPassword;
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const busy = useStore(form.$busy);
  return (
    <form
      className="card form-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <h1>Enter New Password</h1>
      <p>Paste the token from the email we sent you, then choose a new password.</p>
      <TextField
        label="Token"
        name="token"
        autoComplete="one-time-code"
        value={values.token}
        error={errors.token}
        onChange={(value) => form.setField('token', value)}
      />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        value={values.newPassword}
        error={errors.newPassword}
        onChange={(value) => form.setField('newPassword', value)}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(value) => form.setField('confirmPassword', value)}
      />
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Resetting...' : 'Set Password'}
        </button>
      </div>
    </form>
  );
}
