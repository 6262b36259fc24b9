import { atom } from 'nanostores';
import { userApi } from '../../lib/api/endpoints.ts';
import { deleteAccountSchema } from '../../lib/validation/account.ts';
import { checkForm } from '../../lib/validation/form-errors.ts';
import { environment } from '../shared/environment.ts';

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

/** The dialog's state and actions: open, type the password, delete, and finish on the home page. */
export function createDeleteAccountStore() {
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
    if ($state.get().step === 'deleted') environment().navigate('/');
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
    // Quiet: the answer is read in the dialog, where the toast would sit behind the backdrop.
    const result = await environment().call(userApi.delete, {
      body: { password: checked.data.password },
      quiet: true,
    });
    if (result.ok) {
      environment().forgetAccount();
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
