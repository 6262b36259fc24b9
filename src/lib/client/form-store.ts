import { atom, map } from 'nanostores';
import { checkForm, type FieldErrors } from '../validation/form-errors.ts';
import type { z } from '../validation/zod.ts';
import type { ApiResult } from './api.ts';
import { serverFieldErrors } from './reveal-errors.ts';

/** What a submit handler reports back: field errors to show beside the inputs, or nothing. */
export type SubmitOutcome = { fieldErrors?: FieldErrors } | undefined;

/**
 * The state of one form: its values, the first error of each field, and whether it is busy. Editing a field
 * clears that field's error (spec §5). `submit` validates with the shared schema before calling `send`.
 */
export function createFormStore<Schema extends z.ZodType, Values extends Record<string, unknown>>(options: {
  schema: Schema;
  initial: Values;
  send: (data: z.output<Schema>) => Promise<SubmitOutcome>;
  /** Extra checks the schema cannot make, run after it passes. */
  check?: (values: Values) => FieldErrors;
}) {
  const $values = map<Values>({ ...options.initial });
  const $errors = map<FieldErrors>({});
  const $busy = atom(false);

  function setField<Key extends keyof Values & string>(field: Key, value: Values[Key]) {
    $values.set({ ...$values.get(), [field]: value });
    if ($errors.get()[field]) $errors.setKey(field, undefined);
  }

  async function submit(): Promise<void> {
    if ($busy.get()) return;
    const result = checkForm(options.schema, $values.get());
    const extra = result.errors ? {} : (options.check?.($values.get()) ?? {});
    const errors = { ...result.errors, ...extra };
    $errors.set(errors);
    if (Object.values(errors).some(Boolean) || !result.data) return;
    $busy.set(true);
    try {
      const outcome = await options.send(result.data);
      if (outcome?.fieldErrors) $errors.set(outcome.fieldErrors);
    } finally {
      $busy.set(false);
    }
  }

  function reset() {
    $values.set({ ...options.initial });
    $errors.set({});
  }

  /**
   * The field errors of a failed call for this form's fields (a 400 the shared rules did not foresee), to
   * return from `send`; undefined when the failure is not about a field, to be reported another way.
   */
  function fieldErrorsOf(result: Extract<ApiResult<unknown>, { ok: false }>): FieldErrors | undefined {
    return serverFieldErrors(result, Object.keys(options.initial));
  }

  return { $values, $errors, $busy, setField, submit, reset, fieldErrorsOf };
}

export type FormStore = ReturnType<typeof createFormStore>;
