import { prepareErrorSummary, revealFirstError } from '../../lib/client/reveal-errors.ts';
import type { FieldErrors } from '../../lib/validation/form-errors.ts';
import {
  CONTACT_BANNERS,
  type ContactStatus,
  type ContactStore,
  createContactStore,
} from './contact-store.ts';

const TEXT_FIELDS = ['fullname', 'email', 'telephone', 'message'] as const;
type Field = (typeof TEXT_FIELDS)[number] | 'acceptTerms';

/** Shows one field's error below it, announced, and marks the input invalid; or clears both. */
function showFieldError(form: HTMLFormElement, field: Field, message: string | undefined) {
  const wrapper = form.querySelector<HTMLElement>(`[data-field="${field}"]`);
  const input = form.elements.namedItem(field);
  if (!wrapper || !(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) return;
  const errorId = `${input.id}-error`;
  const shown = wrapper.querySelector<HTMLElement>(`#${errorId}`);
  if (message) {
    // A new element with role="alert" is announced; changing the text of a shown one is too.
    const error = shown ?? document.createElement('p');
    error.id = errorId;
    error.className = 'field-error';
    error.setAttribute('role', 'alert');
    error.textContent = message;
    if (!shown) wrapper.append(error);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', errorId);
  } else {
    shown?.remove();
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}

/**
 * Shows the outcome of a send under the Submit button and moves the focus to it, which scrolls it into
 * view and has a screen reader read it; or hides it while there is none.
 */
function showStatus(banner: HTMLElement | null, status: ContactStatus) {
  if (!banner) return;
  if (status === 'idle') {
    banner.hidden = true;
    banner.textContent = '';
    return;
  }
  banner.textContent = CONTACT_BANNERS[status];
  banner.classList.toggle('banner-success', status === 'success');
  banner.classList.toggle('banner-error', status !== 'success');
  banner.hidden = false;
  banner.focus();
}

/**
 * Binds the pre-rendered contact form to its store: typing updates the store, the store's values, errors,
 * busy state and outcome update the page. Returns the store, for tests.
 */
export function mountContactForm(form: HTMLFormElement): ContactStore {
  const store = createContactStore();
  const submit = form.querySelector<HTMLButtonElement>('[data-contact-submit]');
  const terms = form.elements.namedItem('acceptTerms') as HTMLInputElement | null;
  const input = (field: (typeof TEXT_FIELDS)[number]) =>
    form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | null;

  // What the visitor typed before this script ran is kept.
  store.adopt(Object.fromEntries(new FormData(form)));

  for (const field of TEXT_FIELDS) {
    input(field)?.addEventListener('input', (event) => {
      store.setField(field, (event.target as HTMLInputElement).value);
    });
  }
  terms?.addEventListener('change', () => store.setField('acceptTerms', terms.checked));
  prepareErrorSummary(form);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // The store's subscribers below have drawn its errors by the time the submit is over.
    void store.submit().then(() => revealFirstError(form));
  });

  store.$values.subscribe((values) => {
    for (const field of TEXT_FIELDS) {
      const element = input(field);
      if (element && element.value !== values[field]) element.value = values[field];
    }
    if (terms) terms.checked = values.acceptTerms;
  });
  store.$errors.subscribe((errors: FieldErrors) => {
    for (const field of [...TEXT_FIELDS, 'acceptTerms'] as const) showFieldError(form, field, errors[field]);
  });
  store.$busy.subscribe((busy) => {
    if (!submit) return;
    submit.disabled = busy;
    submit.textContent = busy ? 'Submitting...' : 'Submit';
  });
  const banner = form.querySelector<HTMLElement>('[data-contact-status]');
  store.$status.subscribe((status) => showStatus(banner, status));
  return store;
}
