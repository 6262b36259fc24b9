import type { FieldErrors } from '../../lib/validation/form-errors.ts';
import { CONTACT_FAILURE, CONTACT_SUCCESS, type ContactStore, createContactStore } from './contact-store.ts';

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

/** Shows a banner in a live region, or empties it. */
function showBanner(region: Element | null, kind: 'success' | 'error', text: string | undefined) {
  if (!region) return;
  if (!text) {
    region.replaceChildren();
    return;
  }
  const banner = document.createElement('p');
  banner.className = `banner banner-${kind}`;
  banner.textContent = text;
  region.replaceChildren(banner);
}

/**
 * Binds the pre-rendered contact form to its store: typing updates the store, the store's values, errors,
 * busy state and banners update the page. Returns the store, for tests.
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
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void store.submit();
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
  store.$status.subscribe((status) => {
    showBanner(
      form.querySelector('[data-contact-success]'),
      'success',
      status === 'success' ? CONTACT_SUCCESS : undefined,
    );
    showBanner(
      form.querySelector('[data-contact-failure]'),
      'error',
      status === 'error' ? CONTACT_FAILURE : undefined,
    );
  });
  return store;
}
