import { and, eq, isNull } from 'drizzle-orm';
import { RESET_TOKEN_MINUTES, resetPasswordLink, SET_PASSWORD_PATH } from '../../lib/api/user.ts';
import { company } from '../../lib/company.ts';
import type { Database } from '../db/client.ts';
import { passwordResets, users } from '../db/schema.ts';
import { hashPassword } from './accounts.ts';
import { invalid } from './errors.ts';
import type { Mailer } from './mailer.ts';
import { revokeAllSessions } from './sessions.ts';
import { hashSecret, newSecret, usableLink } from './tokens.ts';

/**
 * Creates a single-use reset token for the account with this email, if there is one. Returns the token, or
 * undefined when no account uses the email. The look-up runs inside the transaction, so a known and an
 * unknown email start the same work. It locks the user row, so requests for one account run one after the
 * other: each retires the tokens before it, and only the newest ever works.
 */
export async function createResetToken(db: Database, email: string, now: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).for('update');
    if (!user) return undefined;
    const token = newSecret();
    // A new request retires any earlier token, so only the latest email works.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashSecret(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    });
    return token;
  });
}

// Reset requests still being worked on in this process, so that tests (and a shutdown) can wait for them.
const pending = new Set<Promise<void>>();

/**
 * Starts a reset request off the request: creates the token and mails it when the email has an account,
 * does nothing more when it has none. The caller answers at once without awaiting the result, so the
 * answer takes the same time either way and tells nobody whether the email is known. The returned promise
 * never rejects: a failure is passed to `onError` (logged), since the answer has already been given.
 */
export function startPasswordReset(
  deps: { db: Database; mailer: Mailer; siteUrl: string; onError: (error: unknown) => void },
  email: string,
  now: Date,
): Promise<void> {
  const work = (async () => {
    const token = await createResetToken(deps.db, email, now);
    if (token) await deps.mailer.send(resetEmail(email, token, deps.siteUrl));
  })().catch(deps.onError);
  pending.add(work);
  void work.finally(() => pending.delete(work));
  return work;
}

/** Resolves when every reset request started so far in this process has finished. */
export async function settledPasswordResets(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}

/**
 * The email that carries a reset token: a link that opens step 2 of /set-password with the token filled
 * in, and the token as text for a student who reads the email on another device and types it.
 */
export function resetEmail(to: string, token: string, siteUrl: string) {
  return {
    to,
    subject: 'Your password reset token',
    text: [
      `Someone asked to set a new password for your ${company.name} account.`,
      '',
      'Open this link to choose a new password:',
      resetPasswordLink(siteUrl, token),
      '',
      `Or type the token below in step 2 of ${siteUrl}${SET_PASSWORD_PATH}:`,
      `Your reset token: ${token}`,
      '',
      `The token works once and expires in ${RESET_TOKEN_MINUTES} minutes. Asking for another one stops this one from working.`,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Sets a new password from a reset token, once, signs the user out everywhere, and retires every other
 * token of the account. The user row is locked before the token's, as in createResetToken, so a reset and
 * a request for the same account wait in line instead of deadlocking.
 */
export async function resetPassword(db: Database, token: string, password: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  const tokenHash = hashSecret(token);
  const message = 'This reset token is invalid or has expired. Request a new one.';
  const invalidToken = () => invalid(message, [{ path: ['otp'], message }]);
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: passwordResets.userId })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash))
      .limit(1);
    if (!owner) throw invalidToken();
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
    // The conditional update claims the token: of two concurrent uses, only one gets a row back.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(usableLink(passwordResets, tokenHash, now))
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw invalidToken();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
    await revokeAllSessions(tx, claimed.userId, now);
    // A token mailed earlier (or by a request that raced this one) must not set the password again.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
  });
}
