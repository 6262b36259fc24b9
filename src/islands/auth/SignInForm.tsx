import { useState } from 'preact/compat';
import { PasswordField } from '../shared/fields.tsx';
import { useForm } from '../shared/use-form.ts';
import { FormCard, PhoneNumberField, SubmitButton } from './form-parts.tsx';
import { createSignInStore } from './sign-in-store.ts';

/** /login: phone number and password (spec §2). */
export default function SignInForm() {
  const [store] = useState(createSignInStore);
  const { busy, submitDisabled, bind, onSubmit } = useForm(store);

  return (
    <FormCard title="Sign in" onSubmit={onSubmit}>
      <PhoneNumberField {...bind('telephone')} />
      <PasswordField label="Password" autoComplete="current-password" {...bind('password')} />
      <p>
        <a href="/set-password">Forgot Password?</a>
      </p>
      <SubmitButton disabled={submitDisabled} busy={busy} label="Sign In" busyLabel="Signing in..." />
      <p className="form-footer">
        New here? <a href="/sign-up">Sign Up</a>
      </p>
    </FormCard>
  );
}
