import { atom, computed } from 'nanostores';
import type { CoinHistoryEntry } from '../../lib/api/coin-history.ts';
import { coinHistoryApi, userApi } from '../../lib/api/endpoints.ts';
import type { OwnRank } from '../../lib/api/exam.ts';
import { $auth, type User } from '../../lib/client/session.ts';
import { emailChangeFormSchema, profileUpdateSchema } from '../../lib/validation/account.ts';
import { checkForm } from '../../lib/validation/form-errors.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';

/** A profile tile's field; the telephone is shown in the dialog but cannot be changed. */
export type ProfileField = 'firstName' | 'lastName' | 'email' | 'telephone';

export const PROFILE_FIELD_LABELS: Record<ProfileField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  telephone: 'Mobile number',
};

/**
 * The account on screen: the stored one shows at once; without one, the page waits for the server. Its
 * data is the session's user ($user), so the ready state carries none.
 */
export type AccountState = LoadState<null>;

/** The coin history on screen. */
export type HistoryState = LoadState<CoinHistoryEntry[]>;

/** How many ledger rows /profile lists, newest first. */
export const HISTORY_LIMIT = 50;

const ACCOUNT_FAILED = 'We could not load your profile. Check your connection and try again.';

/** The initials of a name, for the avatar. */
export function initials(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** The edit dialog: one field, and for the email the current password and, once sent, where the link went. */
export interface Editing {
  field: ProfileField;
  value: string;
  error?: string | undefined;
  currentPassword?: string;
  passwordError?: string | undefined;
  /** Set once a change of email was accepted: the dialog then says where the link went. */
  sent?: string;
}

/** /profile: the user, the edit dialog and the coin history (Delete Account has its own store). */
export function createProfileStore() {
  const $user = computed($auth, (state) => state.user);
  const $editing = atom<Editing | null>(null);
  const $saving = atom(false);
  const $account = atom<AccountState>($user.get() ? { status: 'ready', data: null } : { status: 'loading' });
  const $history = atom<HistoryState>({ status: 'loading' });
  /** The student's place on the Leader Board (spec §7: the board is fetched after the user). */
  const $boardPlace = atom<OwnRank | null>(null);

  /** Loads (or, for Retry, reloads) the coin history. */
  async function loadHistory() {
    $history.set({ status: 'loading' });
    const result = await environment().call(coinHistoryApi.list, { query: { limit: HISTORY_LIMIT } });
    $history.set(loadedFrom(result.ok ? { ...result, data: result.data.docs } : result));
  }

  /** Refreshes the account and loads the coin history side by side (and Retry when neither showed). */
  async function load() {
    if (!$user.get()) $account.set({ status: 'loading' });
    // The session's refresh, not the environment's loadUser: when nothing is stored, the page says why
    // the account did not load, which only the refresh's answer tells.
    const [account] = await Promise.all([environment().refreshUser(), loadHistory()]);
    void environment()
      .boardPlace()
      .then((place) => $boardPlace.set(place));
    if ($user.get()) $account.set({ status: 'ready', data: null });
    else
      $account.set({ status: 'failed', message: account && !account.ok ? account.message : ACCOUNT_FAILED });
  }

  function edit(field: ProfileField) {
    const user = $user.get();
    if (!user) return;
    $editing.set(
      field === 'email' ? { field, value: user.email, currentPassword: '' } : { field, value: user[field] },
    );
  }

  function setValue(value: string) {
    const editing = $editing.get();
    if (editing) $editing.set({ ...editing, value, error: undefined });
  }

  function setCurrentPassword(currentPassword: string) {
    const editing = $editing.get();
    if (editing) $editing.set({ ...editing, currentPassword, passwordError: undefined });
  }

  async function save() {
    const editing = $editing.get();
    const user = $user.get();
    if (!editing || !user || $saving.get()) return;
    const value = editing.value.trim();
    if (!value || editing.field === 'telephone' || value === user[editing.field]) {
      environment().showToast('No changes to update', 'info');
      return;
    }
    const isEmail = editing.field === 'email';
    const body = isEmail
      ? { email: value, currentPassword: editing.currentPassword ?? '' }
      : { [editing.field]: value };
    const checked = checkForm(isEmail ? emailChangeFormSchema : profileUpdateSchema, body);
    if (checked.errors) {
      $editing.set({
        ...editing,
        error: checked.errors[editing.field] ?? (isEmail ? undefined : Object.values(checked.errors)[0]),
        passwordError: checked.errors.currentPassword,
      });
      return;
    }
    $saving.set(true);
    // A change of email is reported inside the dialog, where the student is looking, not as a toast.
    const result = await environment().call(userApi.update, { body, quiet: isEmail });
    $saving.set(false);
    if (!result.ok) {
      const passwordError = result.errors?.find((item) => item.path[0] === 'currentPassword')?.message;
      if (isEmail && (passwordError || result.status === 403)) {
        $editing.set({ ...editing, passwordError: passwordError ?? result.message });
        return;
      }
      environment().reportFailure(result);
      return;
    }
    environment().replaceUser(result.data);
    $editing.set(isEmail ? { ...editing, currentPassword: '', sent: result.message } : null);
  }

  return {
    $user,
    $account,
    $editing,
    $saving,
    $history,
    $boardPlace,
    load,
    loadHistory,
    edit,
    setValue,
    setCurrentPassword,
    save,
    cancelEdit: () => $editing.set(null),
  };
}
