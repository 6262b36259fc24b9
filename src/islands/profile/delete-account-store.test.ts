import { describe, expect, it } from 'vitest';
import type { AccountDeleted } from '../../lib/api/user.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { createDeleteAccountStore } from './delete-account-store.ts';

/** A store whose server answers `answer`, recording what it was sent and what it did to the browser. */
function storeAnswering(answer: ApiResult<AccountDeleted>) {
  const calls = { sent: [] as string[], signedOut: 0, wentHome: 0 };
  const store = createDeleteAccountStore({
    deleteAccount: async (password) => {
      calls.sent.push(password);
      return answer;
    },
    signOut: () => {
      calls.signedOut += 1;
    },
    goHome: () => {
      calls.wentHome += 1;
    },
  });
  return { store, calls };
}

const deleted: ApiResult<AccountDeleted> = {
  ok: true,
  message: 'Your account is deleted. We keep a record of your payments…',
  data: { deletedAt: '2026-03-02T09:00:00.000Z', paymentsKept: 1 },
};

describe('the Delete Account dialog', () => {
  it('asks for the password before calling the server', async () => {
    const { store, calls } = storeAnswering(deleted);
    store.open();
    await store.confirm();
    expect(store.$state.get()).toMatchObject({
      step: 'confirm',
      passwordError: 'Enter your password to delete your account',
    });
    expect(calls.sent).toEqual([]);
  });

  it('signs out and says what was kept once the server deleted the account; closing then goes home', async () => {
    const { store, calls } = storeAnswering(deleted);
    store.open();
    store.setPassword('secret123');
    await store.confirm();
    expect(calls.sent).toEqual(['secret123']);
    expect(calls.signedOut).toBe(1);
    expect(store.$state.get()).toEqual({ step: 'deleted', message: deleted.ok ? deleted.message : '' });
    store.close();
    expect(calls.wentHome).toBe(1);
  });

  it('shows a wrong password on the field and keeps the student signed in', async () => {
    const { store, calls } = storeAnswering({
      ok: false,
      status: 403,
      message: 'Your password is not correct',
    });
    store.open();
    store.setPassword('not-mine');
    await store.confirm();
    expect(store.$state.get()).toMatchObject({
      step: 'confirm',
      busy: false,
      passwordError: 'Your password is not correct',
    });
    expect(calls.signedOut).toBe(0);
    store.setPassword('secret123');
    expect(store.$state.get()).toMatchObject({ passwordError: undefined });
    store.close();
    expect(store.$state.get()).toEqual({ step: 'closed' });
    expect(calls.wentHome).toBe(0);
  });

  it('shows any other failure in the dialog, where a toast would sit behind the backdrop', async () => {
    const { store } = storeAnswering({
      ok: false,
      status: 429,
      message: 'Too many wrong passwords for this account. Try again in an hour.',
    });
    store.open();
    store.setPassword('secret123');
    await store.confirm();
    expect(store.$state.get()).toMatchObject({
      step: 'confirm',
      failure: 'Too many wrong passwords for this account. Try again in an hour.',
      passwordError: undefined,
    });
  });
});
