import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { PasswordField } from '../shared/fields.tsx';
import { createResetPasswordStore } from './reset-password-store.ts';

/** /forgot-password: the simulated Reset Password form (spec §2). */
export default function ResetPasswordForm() {
  const [store] = useState(() => createResetPasswordStore());
  const values = useStore(store.$values);
  const errors = useStore(store.$errors);
  const busy = useStore(store.$busy);
  const done = useStore(store.$done);

  return (
    <form
      className="card form-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void store.submit();
      }}
    >
      <h1>Reset Password</h1>
      {done && (
        <p className="banner banner-success" role="status">
          Password successfully updated
        </p>
      )}
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        value={values.newPassword}
        error={errors.newPassword}
        onChange={(value) => store.setField('newPassword', value)}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(value) => store.setField('confirmPassword', value)}
      />
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Updating Password...' : 'Update Password'}
        </button>
      </div>
      <p className="form-footer">
        Forgot your password? <a href="/set-password">Get a reset token by email</a>
      </p>
    </form>
  );
}
