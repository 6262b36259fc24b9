import { type ReactNode, useId, useState } from 'preact/compat';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password' | 'date';
  autoComplete?: string;
  /** The first and last day a date field offers (YYYY-MM-DD). */
  min?: string;
  max?: string;
  maxLength?: number;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  readOnly?: boolean;
  placeholder?: string;
}

/** A labelled input with its error below it, announced to screen readers. */
export function TextField({ label, name, value, error, onChange, type = 'text', ...rest }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        {...errorLink(id, error)}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...rest}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A password input with a Show/Hide toggle. */
export function PasswordField({ label, name, value, error, onChange, autoComplete }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          {...errorLink(id, error)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        <button
          type="button"
          aria-pressed={visible}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A checkbox with its label and error. */
export function CheckboxField({
  label,
  name,
  checked,
  error,
  onChange,
}: {
  label: ReactNode;
  name: string;
  checked: boolean;
  error?: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <div className="checkbox-field">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          {...errorLink(id, error)}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The error under a field, announced at once; its id is the one `errorLink` points the input at. */
function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field-error" id={`${id}-error`} role="alert">
      {error}
    </p>
  );
}

/** Marks an input invalid and ties it to its error, so a screen reader reads the error with the field. */
function errorLink(id: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
