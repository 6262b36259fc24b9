import { useState } from 'react';
import { PHONE_DIGITS } from '../../lib/validation/fields.ts';
import { PasswordField, TextField } from '../shared/fields.tsx';
import { useForm } from '../shared/use-form.ts';
import { createSignInStore } from './sign-in-store.ts';

/** /login: phone number and password (spec §2). */
export default function SignInForm() {
  const [store] = useState(createSignInStore);
  const { busy, submitDisabled, bind, onSubmit } = useForm(store);

  return (
    <form className="card form-card" noValidate onSubmit={onSubmit}>
      <h1>Sign in</h1>
      <TextField
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_DIGITS}
        placeholder="08012345678"
        {...bind('telephone')}
      />
      <PasswordField label="Password" autoComplete="current-password" {...bind('password')} />
      <p>
        <a href="/set-password">Forgot Password?</a>
      </p>
      <div className="form-actions">
        <button className="button" type="submit" disabled={submitDisabled}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </div>
      <p className="form-footer">
        New here? <a href="/sign-up">Sign Up</a>
      </p>
    </form>
  );
}
