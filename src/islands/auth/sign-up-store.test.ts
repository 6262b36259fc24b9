import { describe, expect, it } from 'vitest';
import { fakeApi, success, testEnvironment } from '../../../tests/support/store-environment.ts';
import { aishaSession } from '../../../tests/support/student-fixture.ts';
import { userApi } from '../../lib/api/endpoints.ts';
import { createSignUpStore } from './sign-up-store.ts';

/** A sign-up that passes the form's own checks. */
function filledStore() {
  const store = createSignUpStore();
  store.setField('firstName', 'Chidi');
  store.setField('lastName', 'Okafor');
  store.setField('email', 'chidi@example.com');
  store.setField('telephone', '08031234567');
  store.setField('password', 'secret1');
  store.setField('confirmPassword', 'secret1');
  store.setField('agreeTerms', true);
  return store;
}

describe('the sign-up form', () => {
  it('shows a mismatched confirmation together with the other errors', async () => {
    const store = createSignUpStore();
    store.setField('email', 'ada@example');
    store.setField('password', 'secret1');
    store.setField('confirmPassword', 'secret2');
    await store.submit();
    expect(store.$errors.get()).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is invalid',
      telephone: 'Phone number is required',
      confirmPassword: 'Passwords do not match',
      agreeTerms: 'You must agree to the terms and conditions',
    });
  });

  it('signs the new student in with the answer, and goes on to choose an exam', async () => {
    const answer = success(aishaSession(), 'Account created');
    const api = fakeApi().on(userApi.signUp, () => answer);
    const record = testEnvironment({ call: api.call });
    const store = filledStore();
    await store.submit();
    expect(api.calls).toEqual([
      {
        binding: userApi.signUp,
        input: {
          body: {
            firstName: 'Chidi',
            lastName: 'Okafor',
            email: 'chidi@example.com',
            telephone: '08031234567',
            password: 'secret1',
            confirmPassword: 'secret1',
            agreeTerms: true,
          },
          quiet: true,
        },
      },
    ]);
    // No returnTo: completeSignIn's own default, /select-exam (session.test.ts), is where it goes.
    expect(record.signIns).toEqual([{ result: answer, returnTo: undefined }]);
    expect(store.$errors.get()).toEqual({});
    expect(record.toasts).toEqual([]);
  });

  it('shows a 400 about a field beside that field, where the form takes the focus, not as a toast', async () => {
    const api = fakeApi().on(userApi.signUp, () => ({
      ok: false,
      status: 400,
      message: 'Email is invalid',
      errors: [{ path: ['email'], message: 'Email is invalid' }],
    }));
    const record = testEnvironment({ call: api.call });
    const store = filledStore();
    await store.submit();
    expect(store.$errors.get()).toEqual({ email: 'Email is invalid' });
    expect(record.toasts).toEqual([]);
  });

  it('reports a failure about no field of the form as before', async () => {
    const api = fakeApi().on(userApi.signUp, () => ({ ok: false, status: 409, message: 'Taken' }));
    const record = testEnvironment({ call: api.call });
    const store = filledStore();
    await store.submit();
    expect(store.$errors.get()).toEqual({});
    expect(record.toasts).toEqual([{ message: 'Taken', kind: 'error' }]);
  });
});
