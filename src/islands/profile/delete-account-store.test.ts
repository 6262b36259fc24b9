import { beforeAll, describe, expect, it } from 'vitest';
import { appApi, failed, fakeApi, testEnvironment } from '../../../tests/support/store-environment.ts';
import { createTestApp, signUpUnconfirmedStudent, type TestApp } from '../../../tests/support/test-app.ts';
import { userApi } from '../../lib/api/endpoints.ts';
import { createDeleteAccountStore } from './delete-account-store.ts';

// The Delete Account dialog against a real test app (the account exists, the password is checked), and a
// stand-in API for the refusal the real one gives only after many tries.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A student signed up on the test app: their token and password. */
async function signedUpStudent() {
  const { token, body } = await signUpUnconfirmedStudent(t);
  return { token, password: String(body.password) };
}

/** The dialog in a browser signed in as `token`, recording whether it forgot the account. */
function dialogSignedInAs(token: string) {
  const forgotten = { times: 0 };
  const browser = testEnvironment({
    call: appApi(t, token),
    forgetAccount: () => {
      forgotten.times += 1;
    },
  });
  return { store: createDeleteAccountStore(), browser, forgotten };
}

describe('the Delete Account dialog', () => {
  it('asks for the password before calling the server', async () => {
    const api = fakeApi();
    testEnvironment({ call: api.call });
    const store = createDeleteAccountStore();
    store.open();
    await store.confirm();
    expect(store.$state.get()).toMatchObject({
      step: 'confirm',
      passwordError: 'Enter your password to delete your account',
    });
    expect(api.calls).toEqual([]);
  });

  it('forgets the account and says what was kept once the server deleted it; closing then goes home', async () => {
    const { token, password } = await signedUpStudent();
    const { store, browser, forgotten } = dialogSignedInAs(token);
    store.open();
    store.setPassword(password);
    await store.confirm();
    expect(forgotten.times).toBe(1);
    const state = store.$state.get();
    expect(state).toMatchObject({ step: 'deleted', message: expect.stringMatching(/\S/) });
    // The account is gone: its session no longer works.
    expect((await t.call(userApi.current, { token })).status).toBe(401);
    store.close();
    expect(browser.navigations).toEqual([{ path: '/', state: undefined }]);
  });

  it('shows a wrong password on the field and keeps the student signed in', async () => {
    const { token } = await signedUpStudent();
    const { store, browser, forgotten } = dialogSignedInAs(token);
    store.open();
    store.setPassword('not-mine-123');
    await store.confirm();
    expect(store.$state.get()).toMatchObject({
      step: 'confirm',
      busy: false,
      passwordError: expect.stringMatching(/password/i),
    });
    expect(forgotten.times).toBe(0);
    expect((await t.call(userApi.current, { token })).status).toBe(200);
    store.setPassword('secret123');
    expect(store.$state.get()).toMatchObject({ passwordError: undefined });
    store.close();
    expect(store.$state.get()).toEqual({ step: 'closed' });
    expect(browser.navigations).toEqual([]);
  });

  it('shows any other failure in the dialog, where a toast would sit behind the backdrop', async () => {
    const tooMany = 'Too many wrong passwords for this account. Try again in an hour.';
    testEnvironment({ call: fakeApi().on(userApi.delete, () => failed(tooMany, 429)).call });
    const store = createDeleteAccountStore();
    store.open();
    store.setPassword('secret123');
    await store.confirm();
    expect(store.$state.get()).toMatchObject({
      step: 'confirm',
      failure: tooMany,
      passwordError: undefined,
    });
  });
});
