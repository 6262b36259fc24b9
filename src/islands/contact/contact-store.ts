import { atom } from 'nanostores';
import { siteApi } from '../../lib/api/endpoints.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { createFormStore } from '../../lib/client/form-store.ts';
import { contactSchema } from '../../lib/validation/contact.ts';
import { environment } from '../shared/environment.ts';

/** What the contact form shows after a send: nothing yet, sent, not sent, or not sent because offline. */
export type ContactStatus = 'idle' | 'success' | 'error' | 'offline';

export const CONTACT_SUCCESS = 'Message sent successfully!';
export const CONTACT_FAILURE = 'Failed to send message. Please try again.';
export const CONTACT_OFFLINE =
  'Your message was not sent because you are offline. Please try again when you are back online.';

/** The banner of each status after a send. */
export const CONTACT_BANNERS: Record<Exclude<ContactStatus, 'idle'>, string> = {
  success: CONTACT_SUCCESS,
  error: CONTACT_FAILURE,
  offline: CONTACT_OFFLINE,
};

/**
 * The contact form (spec §2): idle, then submitting, then the success banner with the form cleared, or the
 * error banner. Success is judged by the HTTP status alone (spec §7); the banner says it, so no toast.
 * Offline, nothing is sent and the banner says to try again once online; what was typed stays.
 */
export function createContactStore() {
  const isOnline = () => environment().isOnline();
  const $status = atom<ContactStatus>('idle');
  const form = createFormStore({
    schema: contactSchema,
    initial: { fullname: '', email: '', telephone: '', message: '', acceptTerms: false },
    async send(data) {
      $status.set('idle');
      if (!isOnline()) {
        $status.set('offline');
        return undefined;
      }
      const result = await environment().call(siteApi.contact, { body: data, quiet: true });
      if (result.ok) form.reset();
      $status.set(statusAfter(result));
      return undefined;
    },
  });

  function statusAfter(result: ApiResult<unknown>): ContactStatus {
    if (result.ok) return 'success';
    // A request that got no answer (status 0) failed for want of a connection when the phone is offline.
    return result.status === 0 && !isOnline() ? 'offline' : 'error';
  }

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
