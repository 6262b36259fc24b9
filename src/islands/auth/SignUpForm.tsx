import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { PHONE_DIGITS } from '../../lib/validation/fields.ts';
import { CheckboxField, PasswordField, TextField } from '../shared/fields.tsx';
import { createSignUpStore } from './sign-up-store.ts';

/** /sign-up: the account form of spec §2. */
export default function SignUpForm() {
  const [store] = useState(createSignUpStore);
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
      <h1>Create your account</h1>
      <TextField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        value={values.firstName}
        error={errors.firstName}
        onChange={(value) => store.setField('firstName', value)}
      />
      <TextField
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        value={values.lastName}
        error={errors.lastName}
        onChange={(value) => store.setField('lastName', value)}
      />
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(value) => store.setField('email', value)}
      />
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
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={(value) => store.setField('password', value)}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(value) => store.setField('confirmPassword', value)}
      />
      <CheckboxField
        name="agreeTerms"
        checked={values.agreeTerms}
        error={errors.agreeTerms}
        onChange={(checked) => store.setField('agreeTerms', checked)}
        label={
          <>
            I agree to the <a href="/terms-and-conditions">terms and conditions</a>
          </>
        }
      />
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Signing up...' : 'Sign-Up'}
        </button>
      </div>
      <p className="form-footer">
        Already have an account? <a href="/login">Sign In</a>
      </p>
    </form>
  );
}
