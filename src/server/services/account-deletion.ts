import { verify } from '@node-rs/argon2';
import { count, eq, inArray, or, sql } from 'drizzle-orm';
import type { AccountDeleted } from '../../lib/api/user.ts';
import type { Database, Transaction } from '../db/client.ts';
import {
  attempts,
  coinLedger,
  emailConfirmations,
  paperDownloads,
  passwordResets,
  payments,
  sessions,
  shownKeys,
  subscriptions,
  testCheckoutTransactions,
  trustedDevices,
  users,
} from '../db/schema.ts';
import { hashPassword } from './accounts.ts';
import { refused, unauthenticated } from './errors.ts';

const WRONG_PASSWORD = 'Your password is not correct';

/**
 * Deletes a student's account for good, once the password is right (docs/decisions.md, "Deleting an
 * account"). One transaction removes the sessions, links, coin history, subscriptions, attempts (with
 * their answers and lifelines, so the student leaves the leaderboard) and downloaded papers, and empties the
 * user row of every personal detail, which frees the email and the phone number for a new account. The row
 * itself stays, as a tombstone, because the payments that the law requires us to keep (amount, date,
 * reference, plan) point to it; they then name nobody.
 */
export async function deleteAccount(
  db: Database,
  input: { userId: string; password: string; now: Date },
): Promise<AccountDeleted> {
  const [account] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!account) throw unauthenticated();
  if (!(await verify(account.passwordHash, input.password))) {
    throw refused(WRONG_PASSWORD, [{ path: ['password'], message: WRONG_PASSWORD }]);
  }
  // A hash of a password nobody knows: the row can never be signed in to, and nothing that checks a
  // password against it can fail on an empty hash.
  const unusableHash = await hashPassword(crypto.randomUUID());
  return db.transaction(async (tx) => {
    // The row lock queues this behind a payment or a score being written for the same student.
    const [locked] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!locked) throw unauthenticated();
    await eraseTestCheckouts(tx, input.userId, locked.email);
    await deleteOwnedRows(tx, input.userId);
    await emptyUserRow(tx, input.userId, unusableHash, input.now);
    const [kept] = await tx
      .select({ total: count() })
      .from(payments)
      .where(eq(payments.userId, input.userId));
    return { deletedAt: input.now.toISOString(), paymentsKept: kept?.total ?? 0 };
  });
}

/**
 * The local test checkout's transactions (development only) hold the email typed at checkout: those of
 * this student's payments and those made with the account's email go too.
 */
async function eraseTestCheckouts(tx: Transaction, userId: string, email: string) {
  const referencesPaid = tx
    .select({ reference: payments.reference })
    .from(payments)
    .where(eq(payments.userId, userId));
  await tx
    .delete(testCheckoutTransactions)
    .where(
      or(
        eq(testCheckoutTransactions.email, email),
        inArray(testCheckoutTransactions.reference, referencesPaid),
      ),
    );
}

/** Every row that belongs to the student, but the payments; attempts take their answers and lifelines. */
async function deleteOwnedRows(tx: Transaction, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, userId));
  await tx.delete(coinLedger).where(eq(coinLedger.userId, userId));
  await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
  await tx.delete(attempts).where(eq(attempts.userId, userId));
  await tx.delete(paperDownloads).where(eq(paperDownloads.userId, userId));
  await tx.delete(shownKeys).where(eq(shownKeys.userId, userId));
}

/**
 * Leaves the user row with no personal data: placeholders made from the row's id take the unique email and
 * phone number (no one can sign in with them: a phone number is 11 digits), and the totals that put a
 * student on the leaderboard go back to nothing.
 */
async function emptyUserRow(tx: Transaction, userId: string, passwordHash: string, now: Date) {
  await tx
    .update(users)
    .set({
      firstName: 'Deleted',
      lastName: 'account',
      email: sql`'deleted-' || ${users.id} || '@deleted.invalid'`,
      telephone: sql`'deleted-' || ${users.id}`,
      passwordHash,
      imageUrl: null,
      triviaPoints: 0,
      totalScore: 0,
      totalScoreAt: now,
      scoredAttempts: 0,
      emailVerifiedAt: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
