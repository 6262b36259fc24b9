import { atom } from 'nanostores';
import { request } from '../../lib/client/api.ts';
import { createFormStore } from '../../lib/client/form-store.ts';
import { contactSchema } from '../../lib/validation/contact.ts';

/** What the contact form shows after a send: nothing yet, the success banner or the error banner. */
export type ContactStatus = 'idle' | 'success' | 'error';

export const CONTACT_SUCCESS = 'Message sent successfully!';
export const CONTACT_FAILURE = 'Failed to send message. Please try again.';

/**
 * The contact form (spec §2): idle, then submitting, then the success banner with the form cleared, or the
 * error banner. Success is judged by the HTTP status alone (spec §7); the banner says it, so no toast.
 */
export function createContactStore() {
  const $status = atom<ContactStatus>('idle');
  const form = createFormStore({
    schema: contactSchema,
    initial: { fullname: '', email: '', telephone: '', message: '', acceptTerms: false },
    async send(data) {
      $status.set('idle');
      const result = await request<{ _id: string }>('POST', '/api/v1/feedback', { body: data, quiet: true });
      if (result.ok) form.reset();
      $status.set(result.ok ? 'success' : 'error');
      return undefined;
    },
  });
  /**
   * Takes over what was typed into the pre-rendered form before the island started, as the form's entries
   * (a ticked checkbox is present, an unticked one absent).
   */
  function adopt(typed: Record<string, unknown>) {
    for (const field of ['fullname', 'email', 'telephone', 'message'] as const) {
      const value = typed[field];
      if (typeof value === 'string' && value !== '') form.setField(field, value);
    }
    if (typed.acceptTerms !== undefined) form.setField('acceptTerms', true);
  }

  return { ...form, $status, adopt };
}

export type ContactStore = ReturnType<typeof createContactStore>;
