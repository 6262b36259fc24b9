import { describe, expect, it } from 'vitest';
import { awaitedConfirmation } from './email-confirmation-store.ts';

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
