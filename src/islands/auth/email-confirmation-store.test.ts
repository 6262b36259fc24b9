import { describe, expect, it } from 'vitest';
import { appApi, fakeApi, success, testEnvironment } from '../../../tests/support/store-environment.ts';
import { aishaSession } from '../../../tests/support/student-fixture.ts';
import {
  confirmationTokenFor,
  createTestApp,
  signUpUnconfirmedStudent,
} from '../../../tests/support/test-app.ts';
import { userApi } from '../../lib/api/endpoints.ts';
import type { EmailConfirmed } from '../../lib/api/user.ts';
import { awaitedConfirmation, confirmedHeading, createVerifyEmailStore } from './email-confirmation-store.ts';

describe('what the confirmation notice shows', () => {
  const base = { email: 'ada@example.com', pendingEmail: null };

  it('asks an unconfirmed student to confirm the address signed up with', () => {
    expect(awaitedConfirmation({ ...base, emailVerified: false })).toEqual({
      kind: 'sign-up',
      email: 'ada@example.com',
    });
  });

  it('shows a pending change first, with the address the account keeps meanwhile', () => {
    expect(awaitedConfirmation({ ...base, emailVerified: false, pendingEmail: 'new@example.com' })).toEqual({
      kind: 'change',
      email: 'new@example.com',
      current: 'ada@example.com',
    });
  });

  it('shows nothing to a confirmed student, a guest, or an account stored before the field existed', () => {
    expect(awaitedConfirmation({ ...base, emailVerified: true })).toBeNull();
    expect(awaitedConfirmation(null)).toBeNull();
    const stored = { email: 'ada@example.com', pendingEmail: null } as unknown as Parameters<
      typeof awaitedConfirmation
    >[0];
    expect(awaitedConfirmation(stored)).toBeNull();
  });
});

describe('the /verify-email store', () => {
  async function openedWith(
    data: { alreadyConfirmed: boolean; purpose?: EmailConfirmed['purpose'] },
    message: string,
  ) {
    // Only what the store does with an answer is tested here: the API's side is in the API's tests.
    const confirmed: EmailConfirmed = {
      purpose: data.purpose ?? 'sign-up',
      email: 'ada@example.com',
      welcomeGranted: false,
      welcomeWithheld: false,
      alreadyConfirmed: data.alreadyConfirmed,
      account: null,
    };
    testEnvironment({ call: fakeApi().on(userApi.confirmEmail, () => success(confirmed, message)).call });
    const store = createVerifyEmailStore();
    await store.verify('a-token');
    return store.$state.get();
  }

  it('says a link opened again (a double tap, a mail scanner first) found the address confirmed', async () => {
    const state = await openedWith(
      { alreadyConfirmed: true },
      'ada@example.com is already confirmed: there is nothing more to do.',
    );
    expect(state).toEqual({
      status: 'confirmed',
      purpose: 'sign-up',
      alreadyConfirmed: true,
      message: 'ada@example.com is already confirmed: there is nothing more to do.',
    });
    expect(state.status === 'confirmed' && confirmedHeading(state)).toBe('Email already confirmed');
  });

  it('names what a first opening did', async () => {
    const signUp = await openedWith({ alreadyConfirmed: false }, 'Your email is confirmed.');
    expect(signUp.status === 'confirmed' && confirmedHeading(signUp)).toBe('Email confirmed');
    const change = await openedWith(
      { alreadyConfirmed: false, purpose: 'change' },
      'Your email is now b@x.ng.',
    );
    expect(change.status === 'confirmed' && confirmedHeading(change)).toBe('Email changed');
  });

  it('stores the confirmed account the answer carries, in place of the signed-in one', async () => {
    const { user, profile } = aishaSession();
    const confirmed: EmailConfirmed = {
      purpose: 'change',
      email: user.email,
      welcomeGranted: false,
      welcomeWithheld: false,
      alreadyConfirmed: false,
      account: { user, profile },
    };
    const record = testEnvironment({
      call: fakeApi().on(userApi.confirmEmail, () => success(confirmed, 'Your email is changed.')).call,
    });
    await createVerifyEmailStore().verify('a-token');
    expect(record.accounts).toEqual([{ user, profile }]);
  });

  it("confirms the address with the link's token, and finds it confirmed when the link is opened again", async () => {
    const t = await createTestApp();
    const { user } = await signUpUnconfirmedStudent(t);
    testEnvironment({ call: appApi(t) });
    const store = createVerifyEmailStore();
    const token = confirmationTokenFor(t, user.email);

    await store.verify(token);
    const first = store.$state.get();
    expect(first).toMatchObject({ status: 'confirmed', purpose: 'sign-up', alreadyConfirmed: false });
    expect(first.status === 'confirmed' && confirmedHeading(first)).toBe('Email confirmed');

    await store.retry();
    const again = store.$state.get();
    expect(again).toMatchObject({ status: 'confirmed', alreadyConfirmed: true });
    expect(again.status === 'confirmed' && confirmedHeading(again)).toBe('Email already confirmed');
  });
});
