import { atom } from 'nanostores';
import type { AccountDeleted } from '../../lib/api/user.ts';
import { type ApiResult, request } from '../../lib/client/api.ts';
import { navigate } from '../../lib/client/navigation.ts';
import { clearSession } from '../../lib/client/session.ts';
import { deleteAccountSchema } from '../../lib/validation/account.ts';
import { checkForm } from '../../lib/validation/form-errors.ts';

/** The Delete Account dialog: closed, asking for the password, or saying what was deleted and kept. */
export type DeleteAccountState =
  | { step: 'closed' }
  | {
      step: 'confirm';
      password: string;
      busy: boolean;
      /** What is wrong with the password: missing, or not the account's. */
      passwordError?: string | undefined;
      /** Any other failure (the network, too many tries), shown in the dialog above its backdrop. */
      failure?: string | undefined;
    }
  | { step: 'deleted'; message: string };

/** What the store needs from the browser; tests pass their own. */
export interface DeleteAccountDeps {
  deleteAccount: (password: string) => Promise<ApiResult<AccountDeleted>>;
  /** Forgets everything this browser stored about the account. */
  signOut: () => void;
  goHome: () => void;
}

const browserDeps: DeleteAccountDeps = {
  // Quiet: the answer is read in the dialog, where the toast would sit behind the backdrop.
  deleteAccount: (password) =>
    request<AccountDeleted>('DELETE', '/api/v1/user', { body: { password }, quiet: true }),
  signOut: () => {
    // The server has ended every session; a school's shared computer keeps nothing of the student either.
    localStorage.clear();
    sessionStorage.clear();
    clearSession();
  },
  goHome: () => navigate('/'),
};

/** The dialog's state and actions: open, type the password, delete, and finish on the home page. */
export function createDeleteAccountStore(deps: DeleteAccountDeps = browserDeps) {
  const $state = atom<DeleteAccountState>({ step: 'closed' });

  function open() {
    $state.set({ step: 'confirm', password: '', busy: false });
  }

  function setPassword(password: string) {
    const state = $state.get();
    if (state.step === 'confirm') $state.set({ ...state, password, passwordError: undefined });
  }

  /** Cancel, Escape or the last button: once the account is gone, every way out leads home. */
  function close() {
    if ($state.get().step === 'deleted') deps.goHome();
    else $state.set({ step: 'closed' });
  }

  async function confirm() {
    const state = $state.get();
    if (state.step !== 'confirm' || state.busy) return;
    const checked = checkForm(deleteAccountSchema, { password: state.password });
    if (checked.errors) {
      $state.set({ ...state, passwordError: checked.errors.password });
      return;
    }
    $state.set({ ...state, busy: true, passwordError: undefined, failure: undefined });
    const result = await deps.deleteAccount(checked.data.password);
    if (result.ok) {
      deps.signOut();
      // Shown even if the dialog was closed meanwhile: the student must learn what was kept.
      $state.set({ step: 'deleted', message: result.message });
      return;
    }
    const now = $state.get();
    if (now.step !== 'confirm') return;
    // 403 is a wrong password and 400 a refused one: both belong to the field.
    const aboutPassword = result.status === 403 || result.status === 400;
    $state.set({
      ...now,
      busy: false,
      ...(aboutPassword ? { passwordError: result.message } : { failure: result.message }),
    });
  }

  return { $state, open, setPassword, close, confirm };
}

/** The page's one dialog, shared by the profile's Delete Account button and the dialog island. */
export const deleteAccountDialog = createDeleteAccountStore();
