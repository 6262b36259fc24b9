import { atom } from 'nanostores';
import { userApi } from '../../lib/api/endpoints.ts';
import { resetTokenFromFragment } from '../../lib/api/user.ts';
import { createFormStore } from '../../lib/client/form-store.ts';
import { resetRequestSchema, setPasswordFormSchema } from '../../lib/validation/account.ts';
import { environment } from '../shared/environment.ts';
import { clearSavedStep, readSavedStep, type SavedStep, saveStep } from './set-password-step.ts';

/** Said on step 2 once a new token was asked for: a new request retires the earlier token. */
export const EARLIER_TOKEN_RETIRED = 'The code in the earlier email no longer works.';

/**
 * /set-password: step 1 asks for a token by email, step 2 sets the new password with it. The email's link
 * opens step 2 with the token filled in; step 2 and its token are kept for this tab until the reset works.
 * The environment is read only once the page runs (the island also renders at build time, with no browser).
 */
export function createSetPasswordStore() {
  // sessionStorage: step 2 survives a reload of this tab, and nothing outlives the tab.
  const tabStorage = () => environment().openStorage('session');
  const $step = atom<1 | 2>(1);
  /** Whether the token was filled in from the email's link, which step 2's wording says. */
  const $tokenFromLink = atom(false);
  /** What step 2 says after "Send again": where the new token went, and that the earlier one is dead. */
  const $notice = atom('');
  // A token was already mailed in this visit, so a new request retires it (docs/decisions/065-a-reset-link-carries-its-token-in-the-fragment-a-new.md).
  let tokenSentBefore = false;

  const requestToken = createFormStore({
    schema: resetRequestSchema,
    initial: { email: '' },
    async send(data) {
      const { call, showToast } = environment();
      const result = await call(userApi.requestReset, { body: data, quiet: true });
      if (result.ok) {
        showToast('Reset token has been sent to your email', 'success');
        $notice.set(tokenSentBefore ? `We sent a new token to ${data.email}. ${EARLIER_TOKEN_RETIRED}` : '');
        $tokenFromLink.set(false);
        showStep2({ email: data.email, token: '', fromLink: false });
      } else if (result.status !== 429) {
        showToast(result.message || 'Failed to send reset email', 'error');
      }
      return undefined;
    },
  });

  const setPassword = createFormStore({
    schema: setPasswordFormSchema,
    initial: { token: '', newPassword: '', confirmPassword: '' },
    async send(data) {
      const { call, showToast, toastAfterNavigation, navigate } = environment();
      const result = await call(userApi.resetPassword, {
        body: { otp: data.token, password: data.newPassword },
        quiet: true,
      });
      if (result.ok) {
        clearSavedStep(tabStorage());
        toastAfterNavigation('Password successfully reset', 'success');
        navigate('/login');
      } else if (result.status !== 429) {
        showToast(result.message || 'Failed to reset password', 'error');
      }
      return undefined;
    },
  });

  function showStep2(step: SavedStep) {
    tokenSentBefore = true;
    requestToken.setField('email', step.email);
    setPassword.reset();
    setPassword.setField('token', step.token);
    $tokenFromLink.set(step.fromLink);
    $step.set(2);
    saveStep(tabStorage(), step);
  }

  // A typed or pasted token is kept too, so that a reload on step 2 loses nothing but the passwords.
  setPassword.$values.listen(({ token }) => {
    if ($step.get() !== 2) return;
    const email = requestToken.$values.get().email;
    saveStep(tabStorage(), { email, token, fromLink: $tokenFromLink.get() });
  });

  /**
   * Runs once the page is live: takes the token from the link's fragment and strips the fragment at once,
   * so that it leaves the address bar and the history; otherwise resumes step 2 after a reload.
   */
  function start() {
    const { readFragment, clearFragment } = environment();
    const fragment = readFragment();
    const saved = readSavedStep(tabStorage());
    if (fragment) clearFragment();
    const linkToken = resetTokenFromFragment(fragment);
    if (linkToken) showStep2({ email: saved?.email ?? '', token: linkToken, fromLink: true });
    else if (saved) showStep2(saved);
  }

  /** Step 2's "Send again": a new token to the same email, or step 1 when the email is not known here. */
  function sendAgain() {
    if (requestToken.$values.get().email) {
      void requestToken.submit();
      return;
    }
    clearSavedStep(tabStorage());
    $notice.set('');
    $step.set(1);
  }

  return { $step, $tokenFromLink, $notice, requestToken, setPassword, start, sendAgain };
}
