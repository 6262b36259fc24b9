/**
 * After a submit that failed validation (the form's own checks or the server's 400), every form of the app
 * takes the student to the first field marked invalid and tells a screen reader how many there are. On a
 * phone the errors of a long form otherwise sit above the screen while the button seems to do nothing.
 * Forms mark a field invalid with `aria-invalid="true"` (src/islands/shared/fields.tsx, contact-form.ts),
 * so the page itself says which fields failed, whatever store the form keeps its errors in.
 */

import type { ApiErrorItem } from '../errors.ts';
import type { FieldErrors } from '../validation/form-errors.ts';

const SUMMARY_ATTRIBUTE = 'data-form-error-summary';

/** What the live region says after a failed submit: "1 error: check the field marked", or none. */
export function errorSummary(count: number): string {
  if (count <= 0) return '';
  return count === 1 ? '1 error: check the field marked' : `${count} errors: check the fields marked`;
}

/**
 * The server's errors that belong to fields of this form (the first message of each), or undefined when
 * none does, so that the caller reports the failure another way.
 */
export function serverFieldErrors(
  result: { status: number; errors?: ApiErrorItem[] | undefined },
  fields: readonly string[],
): FieldErrors | undefined {
  if (result.status !== 400 || !result.errors) return undefined;
  const errors: FieldErrors = {};
  for (const item of result.errors) {
    const field = String(item.path[0] ?? '');
    if (fields.includes(field)) errors[field] ??= item.message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * The form's live region, made empty when the form appears: a region added together with its text is not
 * read by every screen reader. It sits inside the form, so that a form in a modal dialog (whose outside is
 * inert) is still heard.
 */
export function prepareErrorSummary(form: HTMLElement): HTMLElement {
  const found = form.querySelector<HTMLElement>(`[${SUMMARY_ATTRIBUTE}]`);
  if (found) return found;
  const region = document.createElement('p');
  region.setAttribute(SUMMARY_ATTRIBUTE, '');
  region.setAttribute('role', 'status');
  region.className = 'visually-hidden';
  form.append(region);
  return region;
}

const CONTROLS = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** The control to focus for an invalid element: itself, or for a group (a fieldset of radios) its choice. */
function focusTarget(invalid: HTMLElement): HTMLElement {
  if (invalid.matches(CONTROLS)) return invalid;
  return (
    invalid.querySelector<HTMLElement>('input:checked:not([disabled])') ??
    invalid.querySelector<HTMLElement>(CONTROLS) ??
    invalid
  );
}

/**
 * Focuses the form's first invalid field, scrolled to the middle of the screen with its label and error
 * (clear of the fixed header), and announces how many fields are invalid. Returns that number.
 */
export function revealFirstError(form: HTMLElement): number {
  const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].filter(
    (field) => !field.closest('[hidden]'),
  );
  const region = prepareErrorSummary(form);
  const message = errorSummary(invalid.length);
  // Emptied first, so that the same count after a second failed submit is read again.
  region.textContent = '';
  const first = invalid[0];
  if (!first) return 0;
  // At once rather than smoothly: the focus and the announcement must not wait for an animation.
  (first.closest('.field') ?? first).scrollIntoView({ block: 'center' });
  focusTarget(first).focus({ preventScroll: true });
  requestAnimationFrame(() => {
    region.textContent = message;
  });
  return invalid.length;
}
