import { useStore } from '@nanostores/preact';
import { useState } from 'preact/compat';
import { useForm } from '../shared/use-form.ts';
import { FormCard, NewPasswordFields, SubmitButton } from './form-parts.tsx';
import { createResetPasswordStore } from './reset-password-store.ts';

/** /forgot-password: the simulated Reset Password form (spec §2). */
export default function ResetPasswordForm() {
  const [store] = useState(() => createResetPasswordStore());
  const { busy, submitDisabled, bind, onSubmit } = useForm(store);
  const done = useStore(store.$done);

  return (
    <FormCard title="Reset Password" onSubmit={onSubmit}>
      {done && (
        <p className="banner banner-success" role="status">
          Password successfully updated
        </p>
      )}
      <NewPasswordFields
        label="New password"
        password={bind('newPassword')}
        confirm={bind('confirmPassword')}
      />
      <SubmitButton
        disabled={submitDisabled}
        busy={busy}
        label="Update Password"
        busyLabel="Updating Password..."
      />
      <p className="form-footer">
        Forgot your password? <a href="/set-password">Get a reset token by email</a>
      </p>
    </FormCard>
  );
}
