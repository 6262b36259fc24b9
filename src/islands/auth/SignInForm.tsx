import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { PHONE_DIGITS } from '../../lib/validation/fields.ts';
import { PasswordField, TextField } from '../shared/fields.tsx';
import { createSignInStore } from './sign-in-store.ts';

/** /login: phone number and password (spec §2). */
export default function SignInForm() {
  const [store] = useState(createSignInStore);
  const values = useStore(store.$values);
  const errors = useStore(store.$errors);
  const busy = useStore(store.$busy);

  return (
    <form
      className="card form-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void store.submit();
      }}
    >
      <h1>Sign in</h1>
      <TextField
        label="Phone number"
        name="telephone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_DIGITS}
        placeholder="08012345678"
        value={values.telephone}
        error={errors.telephone}
        onChange={(value) => store.setField('telephone', value)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(value) => store.setField('password', value)}
      />
      <p>
        <a href="/set-password">Forgot Password?</a>
      </p>
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </div>
      <p className="form-footer">
        New here? <a href="/sign-up">Sign Up</a>
      </p>
    </form>
  );
}
