import { atom } from 'nanostores';
import { resetTokenFromFragment } from '../../lib/api/user.ts';
import { request } from '../../lib/client/api.ts';
import { createFormStore } from '../../lib/client/form-store.ts';
import { navigate } from '../../lib/client/navigation.ts';
import { showToast, showToastAfterNavigation } from '../../lib/client/toasts.ts';
import { resetRequestSchema, setPasswordFormSchema } from '../../lib/validation/account.ts';
import { clearSavedStep, readSavedStep, type SavedStep, saveStep } from './set-password-step.ts';

/** Said on step 2 once a new token was asked for: a new request retires the earlier token. */
export const EARLIER_TOKEN_RETIRED = 'The code in the earlier email no longer works.';

/** What the store needs from the browser, so that a test can hand in a fake API, URL and storage. */
export interface SetPasswordDeps {
  request: typeof request;
  navigate: typeof navigate;
  showToast: typeof showToast;
  toastAfterNavigation: typeof showToastAfterNavigation;
  /** The page's URL fragment (`#token=...` when opened from the email's link). */
  readFragment: () => string;
  /** Removes the fragment from the address bar and the history entry, leaving the page where it is. */
  clearFragment: () => void;
  /** sessionStorage: step 2 survives a reload of this tab, and nothing outlives the tab. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/** The tab's sessionStorage, or one that keeps nothing where the browser blocks it. */
function tabStorage(): SetPasswordDeps['storage'] {
  try {
    return window.sessionStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  }
}

function browserDeps(): SetPasswordDeps {
  return {
    request,
    navigate,
    showToast,
    toastAfterNavigation: showToastAfterNavigation,
    readFragment: () => location.hash,
    clearFragment: () => history.replaceState(history.state, '', `${location.pathname}${location.search}`),
    storage: tabStorage(),
  };
}

/**
 * /set-password: step 1 asks for a token by email, step 2 sets the new password with it. The email's link
 * opens step 2 with the token filled in; step 2 and its token are kept for this tab until the reset works.
 * `deps` is read only once the page runs (the island also renders at build time, with no browser).
 */
export function createSetPasswordStore(getDeps: () => SetPasswordDeps = browserDeps) {
  let deps: SetPasswordDeps | undefined;
  const browser = () => {
    deps ??= getDeps();
    return deps;
  };
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
      const { request, showToast } = browser();
      const result = await request<null>('PUT', '/api/v1/user/reset-password', { body: data, quiet: true });
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
      const { request, showToast, toastAfterNavigation, navigate, storage } = browser();
      const result = await request<null>('POST', '/api/v1/user/reset-password', {
        body: { otp: data.token, password: data.newPassword },
        quiet: true,
      });
      if (result.ok) {
        clearSavedStep(storage);
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
    saveStep(browser().storage, step);
  }

  // A typed or pasted token is kept too, so that a reload on step 2 loses nothing but the passwords.
  setPassword.$values.listen(({ token }) => {
    if ($step.get() !== 2) return;
    const email = requestToken.$values.get().email;
    saveStep(browser().storage, { email, token, fromLink: $tokenFromLink.get() });
  });

  /**
   * Runs once the page is live: takes the token from the link's fragment and strips the fragment at once,
   * so that it leaves the address bar and the history; otherwise resumes step 2 after a reload.
   */
  function start() {
    const { readFragment, clearFragment, storage } = browser();
    const fragment = readFragment();
    const saved = readSavedStep(storage);
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
    clearSavedStep(browser().storage);
    $notice.set('');
    $step.set(1);
  }

  return { $step, $tokenFromLink, $notice, requestToken, setPassword, start, sendAgain };
}
