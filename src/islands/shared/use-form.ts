import { useStore } from '@nanostores/preact';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'preact/compat';
import type { FieldErrors } from '../../lib/validation/form-errors.ts';
import { useRevealingSubmit } from './use-revealing-submit.ts';

/** The parts of a form store a form view subscribes to (src/lib/client/form-store.ts and look-alikes). */
interface FormStoreLike<Values extends Record<string, unknown>> {
  $values: ReadableAtom<Values>;
  $errors: ReadableAtom<FieldErrors>;
  $busy: ReadableAtom<boolean>;
  setField: <Key extends keyof Values & string>(field: Key, value: Values[Key]) => void;
  submit: () => Promise<void>;
}

/**
 * Subscribes a form view to its store: the values, errors, busy flag and whether submit is disabled,
 * `bind(field)` for a text field's props, and the submit handler (the shared rules give the messages), which
 * takes the student to the first error when the submit fails.
 */
export function useForm<Values extends Record<string, unknown>>(store: FormStoreLike<Values>) {
  const values = useStore(store.$values);
  const errors = useStore(store.$errors);
  const busy = useStore(store.$busy);
  // Until the island has hydrated, a click on submit would post the form natively, putting the typed
  // password in the URL; the button stays disabled until the handler is attached.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const onSubmit = useRevealingSubmit(store.submit);
  return {
    values,
    busy,
    /** Disables submit while sending, and before hydration. */
    submitDisabled: busy || !hydrated,
    bind: <Key extends keyof Values & string>(field: Key) => ({
      name: field,
      value: String(values[field] ?? ''),
      error: errors[field],
      onChange: (value: string) => store.setField(field, value as Values[Key]),
    }),
    error: (field: keyof Values & string) => errors[field],
    onSubmit,
  };
}
