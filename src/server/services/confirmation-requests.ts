import { verify } from '@node-rs/argon2';
import { and, eq, ne } from 'drizzle-orm';
import type { EmailConfirmationPurpose } from '../../lib/api/user.ts';
import type { Database, Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createConfirmation, pendingEmailChange } from './email-confirmation.ts';
import { conflict, invalidField, refused, unauthenticated } from './errors.ts';

// Asking for a confirmation link: a change of email, or a fresh link for what waits to be confirmed. Opening
// a link is email-confirmation.ts.

/** A change of email asked for: the link's token, and whether another account uses the address. */
export interface EmailChangeRequested {
  token: string;
  addressTaken: boolean;
}

/**
 * Starts a change of email: checks the current password, then stores a link for the new address. The
 * account's email stays as it is until that link is opened. An address another account uses gets its link
 * stored all the same (so the answer, and the pending address the profile shows, do not tell whether it is
 * registered), but the caller mails that address a notice instead of the link (emailChangeMail). The user
 * row is locked first, as everywhere the account's links change.
 */
export async function requestEmailChange(
  db: Database,
  input: { userId: string; email: string; currentPassword: string; now: Date },
): Promise<EmailChangeRequested> {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) throw unauthenticated();
  if (!(await verify(user.passwordHash, input.currentPassword))) {
    const message = 'Your current password is not correct';
    throw refused(message, [{ path: ['currentPassword'], message }]);
  }
  if (input.email === user.email) {
    const message = 'This is already your email address';
    throw invalidField(['email'], message);
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!locked) throw unauthenticated();
    const addressTaken = await emailInUse(tx, input.email, input.userId);
    const token = await createConfirmation(tx, {
      userId: input.userId,
      purpose: 'change',
      email: input.email,
      now: input.now,
    });
    return { token, addressTaken };
  });
}

/** True when another account uses this email. */
async function emailInUse(db: Executor, email: string, exceptUserId: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
    .limit(1);
  return taken !== undefined;
}

/**
 * A fresh link for whatever waits to be confirmed: a pending change of email first (the student's latest
 * wish), else the address signed up with. A 409 when there is nothing to confirm. `addressTaken` as in
 * requestEmailChange: the caller mails a notice, not the link, to an address another account uses.
 */
export async function resendConfirmation(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ purpose: EmailConfirmationPurpose; email: string; token: string; addressTaken: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw unauthenticated();
    const pending = await pendingEmailChange(tx, userId, now);
    if (pending) {
      const token = await createConfirmation(tx, { userId, purpose: 'change', email: pending, now });
      const addressTaken = await emailInUse(tx, pending, userId);
      return { purpose: 'change' as const, email: pending, token, addressTaken };
    }
    if (user.emailVerifiedAt === null) {
      const token = await createConfirmation(tx, { userId, purpose: 'sign-up', email: user.email, now });
      return { purpose: 'sign-up' as const, email: user.email, token, addressTaken: false };
    }
    throw conflict('Your email address is already confirmed.');
  });
}
