import { useState } from 'preact/compat';
import { CheckboxField, TextField } from '../shared/fields.tsx';
import { useForm } from '../shared/use-form.ts';
import { FormCard, NewPasswordFields, PhoneNumberField, SubmitButton } from './form-parts.tsx';
import { createSignUpStore } from './sign-up-store.ts';

/** /sign-up: the account form of spec §2. */
export default function SignUpForm() {
  const [store] = useState(createSignUpStore);
  const { values, busy, submitDisabled, bind, error, onSubmit } = useForm(store);

  return (
    <FormCard title="Create your account" onSubmit={onSubmit}>
      <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
      <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
      <TextField label="Email address" type="email" autoComplete="email" {...bind('email')} />
      <PhoneNumberField {...bind('telephone')} />
      <NewPasswordFields password={bind('password')} confirm={bind('confirmPassword')} />
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
      <SubmitButton disabled={submitDisabled} busy={busy} label="Sign-Up" busyLabel="Signing up..." />
      <p className="form-footer">
        Already have an account? <a href="/login">Sign In</a>
      </p>
    </FormCard>
  );
}
