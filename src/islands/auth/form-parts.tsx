/**
 * The pieces every account form repeats: the card with its heading, the submit button that says when it is
 * sending, the phone number field and the new-password pair.
 */

import type { ReactNode } from 'preact/compat';
import { PHONE_DIGITS } from '../../lib/validation/fields.ts';
import { PasswordField, TextField } from '../shared/fields.tsx';

/** What `useForm`'s `bind(field)` gives a text field. */
interface BoundField {
  name: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/** The form card, headed by what the form does; the browser's own checks are off, the store's messages show. */
export function FormCard({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <form className="card form-card" noValidate onSubmit={onSubmit}>
      <h1>{title}</h1>
      {children}
    </form>
  );
}

/**
 * The form's submit button: its label while idle, another while the form is sending. While sending it is
 * only `aria-disabled` (the store ignores a second submit), so that it keeps the focus: a disabled button
 * drops it to the page, and a toast that follows could not tell which control the student just used.
 */
export function SubmitButton({
  disabled,
  busy,
  label,
  busyLabel,
}: {
  disabled: boolean;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="form-actions">
      <button
        className="button"
        type="submit"
        disabled={disabled && !busy}
        aria-disabled={busy ? true : undefined}
      >
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/** A Nigerian phone number as the account's sign-in name: digits only, the national form. */
export function PhoneNumberField(field: BoundField) {
  return (
    <TextField
      label="Phone number"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={PHONE_DIGITS}
      placeholder="08012345678"
      {...field}
    />
  );
}

/** A new password and its confirmation, both marked for the browser's password manager as new. */
export function NewPasswordFields({
  password,
  confirm,
  label = 'Password',
}: {
  password: BoundField;
  confirm: BoundField;
  label?: string;
}) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" {...password} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...confirm} />
    </>
  );
}
