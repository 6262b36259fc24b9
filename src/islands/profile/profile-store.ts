import { atom, computed } from 'nanostores';
import { reportFailure, request } from '../../lib/client/api.ts';
import { $auth, loadUser, replaceUser, type User } from '../../lib/client/session.ts';
import { showToast } from '../../lib/client/toasts.ts';
import type { Paged } from '../../lib/errors.ts';
import { profileUpdateSchema } from '../../lib/validation/account.ts';
import { checkForm } from '../../lib/validation/form-errors.ts';

/** A profile tile's field; the telephone is shown in the dialog but cannot be changed. */
export type ProfileField = 'firstName' | 'lastName' | 'email' | 'telephone';

export const PROFILE_FIELD_LABELS: Record<ProfileField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  telephone: 'Mobile number',
};

export interface CoinHistoryEntry {
  _id: string;
  createdAt: string;
  description: string;
  type: 'credit' | 'debit';
  coins: number;
  coinsAfter: number;
}

/** The initials of a name, for the avatar. */
export function initials(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** /profile: the user, the edit dialog, the coin history and the two confirm dialogs. */
export function createProfileStore() {
  const $user = computed($auth, (state) => state.user);
  const $editing = atom<{ field: ProfileField; value: string; error?: string } | null>(null);
  const $saving = atom(false);
  const $history = atom<{ status: 'loading' | 'ready' | 'failed'; entries: CoinHistoryEntry[] }>({
    status: 'loading',
    entries: [],
  });
  const $confirmDelete = atom(false);

  async function load() {
    await loadUser();
    const result = await request<Paged<CoinHistoryEntry>>('GET', '/api/v1/history', { query: { limit: 50 } });
    $history.set(
      result.ok ? { status: 'ready', entries: result.data.docs } : { status: 'failed', entries: [] },
    );
  }

  function edit(field: ProfileField) {
    const user = $user.get();
    if (user) $editing.set({ field, value: user[field] });
  }

  function setValue(value: string) {
    const editing = $editing.get();
    if (editing) $editing.set({ field: editing.field, value });
  }

  async function save() {
    const editing = $editing.get();
    const user = $user.get();
    if (!editing || !user || $saving.get()) return;
    const value = editing.value.trim();
    if (!value || editing.field === 'telephone' || value === user[editing.field]) {
      showToast('No changes to update', 'info');
      return;
    }
    const checked = checkForm(profileUpdateSchema, { [editing.field]: value });
    if (checked.errors) {
      $editing.set({ ...editing, error: checked.errors[editing.field] ?? Object.values(checked.errors)[0] });
      return;
    }
    $saving.set(true);
    const result = await request<User>('PUT', '/api/v1/user', { body: { [editing.field]: value } });
    $saving.set(false);
    if (!result.ok) {
      reportFailure(result);
      return;
    }
    replaceUser(result.data);
    $editing.set(null);
  }

  return {
    $user,
    $editing,
    $saving,
    $history,
    $confirmDelete,
    load,
    edit,
    setValue,
    save,
    cancelEdit: () => $editing.set(null),
  };
}
