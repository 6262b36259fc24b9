import { describe, expect, it } from 'vitest';
import { failed, fakeApi, success, testEnvironment } from '../../../tests/support/store-environment.ts';
import { aishaSession } from '../../../tests/support/student-fixture.ts';
import { userApi } from '../../lib/api/endpoints.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import type { SessionPayload } from '../../lib/client/session.ts';
import { createSignInStore } from './sign-in-store.ts';

const credentials = { telephone: '08031234567', password: 'secret1' };

/** The sign-in form opened with `state`, the API answering the sign-in with `answer`, filled in and sent. */
async function signIn(answer: ApiResult<SessionPayload>, state?: unknown) {
  const api = fakeApi().on(userApi.signIn, () => answer);
  const record = testEnvironment({ call: api.call, readNavigationState: () => state });
  const store = createSignInStore();
  store.setField('telephone', credentials.telephone);
  store.setField('password', credentials.password);
  await store.submit();
  return { api, record, store };
}

describe('the sign-in form', () => {
  it('completes the session with the answer and goes on where the guest was going', async () => {
    const answer = success(aishaSession(), 'Login successful');
    const returnTo = { path: '/test', state: { subject: 'Physics', year: 2019 } };
    const { api, record, store } = await signIn(answer, { returnTo });
    expect(api.calls).toEqual([{ binding: userApi.signIn, input: { body: credentials, quiet: true } }]);
    expect(record.signIns).toEqual([{ result: answer, returnTo }]);
    expect(store.$errors.get()).toEqual({});
    expect(record.toasts).toEqual([]);
  });

  it('completes the session with nowhere to return to when the page was opened directly', async () => {
    const answer = success(aishaSession(), 'Login successful');
    const { record } = await signIn(answer);
    expect(record.signIns).toEqual([{ result: answer, returnTo: undefined }]);
  });

  it('reports refused credentials and completes no session', async () => {
    const { record, store } = await signIn(failed('Invalid credentials', 401), {
      returnTo: { path: '/test' },
    });
    expect(record.signIns).toEqual([]);
    expect(record.toasts).toEqual([{ message: 'Invalid credentials', kind: 'error' }]);
    expect(store.$errors.get()).toEqual({});
  });

  it('shows a 400 about a field beside that field, not as a toast', async () => {
    const { record, store } = await signIn({
      ok: false,
      status: 400,
      message: 'Phone number is invalid',
      errors: [{ path: ['telephone'], message: 'Phone number is invalid' }],
    });
    expect(store.$errors.get()).toEqual({ telephone: 'Phone number is invalid' });
    expect(record.signIns).toEqual([]);
    expect(record.toasts).toEqual([]);
  });

  it('checks the form before calling the API', async () => {
    const api = fakeApi();
    const record = testEnvironment({ call: api.call });
    const store = createSignInStore();
    await store.submit();
    expect(store.$errors.get()).toMatchObject({ password: 'Password is required' });
    expect(api.calls).toEqual([]);
    expect(record.signIns).toEqual([]);
  });
});
