import { describe, expect, it, vi } from 'vitest';
import type { EmailConfirmed } from '../../lib/api/user.ts';
import type { ApiResult } from '../../lib/client/api.ts';

// The store against a stand-in for the API client: only what it does with an answer is tested here.
vi.mock('../../lib/client/api.ts', () => ({ request: vi.fn() }));

const { request } = await import('../../lib/client/api.ts');
const { awaitedConfirmation, confirmedHeading, createVerifyEmailStore } = await import(
  './email-confirmation-store.ts'
);

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
  async function openedWith(data: Partial<EmailConfirmed>, message: string) {
    vi.mocked(request).mockResolvedValueOnce({
      ok: true,
      message,
      data: { purpose: 'sign-up', email: 'ada@example.com', welcomeGranted: false, account: null, ...data },
    } as ApiResult<EmailConfirmed>);
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
});
