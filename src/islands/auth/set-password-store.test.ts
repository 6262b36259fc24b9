import { describe, expect, it } from 'vitest';
import { fakeApi, success, testEnvironment } from '../../../tests/support/store-environment.ts';
import { userApi } from '../../lib/api/endpoints.ts';
import { SAVED_STEP_KEY } from './set-password-step.ts';
import { createSetPasswordStore, EARLIER_TOKEN_RETIRED } from './set-password-store.ts';

/** A tab: its URL fragment, its sessionStorage, and what the store did with the API and navigation. */
function fakeTab(fragment = '', storage = new Map<string, string>()) {
  const tab = { fragment, storage, calls: [] as { method: string; body: unknown }[] };
  const api = fakeApi()
    .on(userApi.requestReset, (input) => {
      tab.calls.push({ method: 'PUT', body: input.body });
      return success(null, 'ok');
    })
    .on(userApi.resetPassword, (input) => {
      tab.calls.push({ method: 'POST', body: input.body });
      return success(null, 'ok');
    });
  const browser = testEnvironment({
    call: api.call,
    readFragment: () => tab.fragment,
    clearFragment: () => {
      tab.fragment = '';
    },
    openStorage: () => ({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    }),
  });
  const visited = () => browser.navigations.map((navigation) => navigation.path);
  return { tab, visited, open: () => createSetPasswordStore() };
}

describe('the /set-password store', () => {
  it('opens step 1 when there is no link and nothing saved', () => {
    const { tab, open } = fakeTab();
    const store = open();
    store.start();
    expect(store.$step.get()).toBe(1);
    expect(tab.storage.size).toBe(0);
  });

  it("takes the token from the link's fragment, strips the fragment, and keeps step 2 for a reload", () => {
    const { tab, open } = fakeTab('#token=abc_DEF-123');
    const store = open();
    store.start();
    expect(tab.fragment).toBe('');
    expect(store.$step.get()).toBe(2);
    expect(store.$tokenFromLink.get()).toBe(true);
    expect(store.setPassword.$values.get().token).toBe('abc_DEF-123');

    const reloaded = open();
    reloaded.start();
    expect(reloaded.$step.get()).toBe(2);
    expect(reloaded.setPassword.$values.get().token).toBe('abc_DEF-123');
  });

  it('keeps a pasted token, never a password, and forgets step 2 once the reset works', async () => {
    const { tab, visited, open } = fakeTab();
    const store = open();
    store.start();
    store.requestToken.setField('email', 'ada@example.com');
    await store.requestToken.submit();
    expect(store.$step.get()).toBe(2);
    store.setPassword.setField('token', 'pasted-token');
    store.setPassword.setField('newPassword', 'Fresh-pass-2026');
    store.setPassword.setField('confirmPassword', 'Fresh-pass-2026');
    const saved = tab.storage.get(SAVED_STEP_KEY) ?? '';
    expect(JSON.parse(saved)).toEqual({ email: 'ada@example.com', token: 'pasted-token', fromLink: false });
    expect(saved).not.toContain('Fresh-pass-2026');

    await store.setPassword.submit();
    expect(tab.calls.at(-1)).toEqual({
      method: 'POST',
      body: { otp: 'pasted-token', password: 'Fresh-pass-2026' },
    });
    expect(visited()).toEqual(['/login']);
    expect(tab.storage.has(SAVED_STEP_KEY)).toBe(false);
  });

  it('sends again to the same email, empties the dead token and says the earlier one no longer works', async () => {
    const { tab, open } = fakeTab();
    const store = open();
    store.start();
    store.requestToken.setField('email', 'ada@example.com');
    await store.requestToken.submit();
    expect(store.$notice.get()).toBe('');
    store.setPassword.setField('token', 'first-token');

    store.sendAgain();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tab.calls.map((call) => call.body)).toEqual([
      { email: 'ada@example.com' },
      { email: 'ada@example.com' },
    ]);
    expect(store.$notice.get()).toContain(EARLIER_TOKEN_RETIRED);
    expect(store.setPassword.$values.get().token).toBe('');
  });

  it('asks for the email on step 1 to send again after the link, then says the earlier code is dead', async () => {
    const { tab, open } = fakeTab('#token=from-link');
    const store = open();
    store.start();
    store.sendAgain();
    expect(store.$step.get()).toBe(1);
    expect(tab.storage.has(SAVED_STEP_KEY)).toBe(false);
    store.requestToken.setField('email', 'ada@example.com');
    await store.requestToken.submit();
    expect(store.$step.get()).toBe(2);
    expect(store.$notice.get()).toBe(`We sent a new token to ada@example.com. ${EARLIER_TOKEN_RETIRED}`);
  });
});
