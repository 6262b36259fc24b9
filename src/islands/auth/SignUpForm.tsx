import { useState } from 'react';
import { PHONE_DIGITS } from '../../lib/validation/fields.ts';
import { CheckboxField, PasswordField, TextField } from '../shared/fields.tsx';
import { useForm } from '../shared/use-form.ts';
import { createSignUpStore } from './sign-up-store.ts';

/** /sign-up: the account form of spec §2. */
export default function SignUpForm() {
  const [store] = useState(createSignUpStore);
  const { values, busy, submitDisabled, bind, error, onSubmit } = useForm(store);

  return (
    <form className="card form-card" noValidate onSubmit={onSubmit}>
      <h1>Create your account</h1>
      <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
      <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
      <TextField label="Email address" type="email" autoComplete="email" {...bind('email')} />
      <TextField
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_DIGITS}
        placeholder="08012345678"
        {...bind('telephone')}
      />
      <PasswordField label="Password" autoComplete="new-password" {...bind('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...bind('confirmPassword')} />
      <CheckboxField
        name="agreeTerms"
        checked={values.agreeTerms}
        error={error('agreeTerms')}
        onChange={(checked) => store.setField('agreeTerms', checked)}
        label={
          <>
            I agree to the <a href="/terms-and-conditions">terms and conditions</a>
          </>
        }
      />
      <div className="form-actions">
        <button className="button" type="submit" disabled={submitDisabled}>
          {busy ? 'Signing up...' : 'Sign-Up'}
        </button>
      </div>
      <p className="form-footer">
        Already have an account? <a href="/login">Sign In</a>
      </p>
    </form>
  );
}
