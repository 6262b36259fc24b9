import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { PasswordField } from '../shared/fields.tsx';
import { useForm } from '../shared/use-form.ts';
import { createResetPasswordStore } from './reset-password-store.ts';

/** /forgot-password: the simulated Reset Password form (spec §2). */
export default function ResetPasswordForm() {
  const [store] = useState(() => createResetPasswordStore());
  const { busy, submitDisabled, bind, onSubmit } = useForm(store);
  const done = useStore(store.$done);

  return (
    <form className="card form-card" noValidate onSubmit={onSubmit}>
      <h1>Reset Password</h1>
      {done && (
        <p className="banner banner-success" role="status">
          Password successfully updated
        </p>
      )}
      <PasswordField label="New password" autoComplete="new-password" {...bind('newPassword')} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...bind('confirmPassword')} />
      <div className="form-actions">
        <button className="button" type="submit" disabled={submitDisabled}>
          {busy ? 'Updating Password...' : 'Update Password'}
        </button>
      </div>
      <p className="form-footer">
        Forgot your password? <a href="/set-password">Get a reset token by email</a>
      </p>
    </form>
  );
}
