import { verify } from '@node-rs/argon2';
import { count, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AccountDeleted } from '../../lib/api/user.ts';
import type { Database, Transaction } from '../db/client.ts';
import {
  attempts,
  coinLedger,
  contestEntries,
  emailConfirmations,
  examPlans,
  masteryAnswers,
  paperDownloads,
  passwordResets,
  payments,
  questionReports,
  reviewAnswers,
  reviewCards,
  sessions,
  shownKeys,
  subscriptions,
  testCheckoutTransactions,
  trustedDevices,
  users,
} from '../db/schema.ts';
import { hashPassword } from './accounts.ts';
import { refused, unauthenticated } from './errors.ts';
import { rememberWelcomed } from './returning-identities.ts';

const WRONG_PASSWORD = 'Your password is not correct';

/**
 * Deletes a student's account for good, once the password is right (docs/decisions/015-deleting-an-account-erases-the-student-and-keeps-the.md, "Deleting an
 * account"). One transaction removes every row of the student's (ERASED_WITH_ACCOUNT: sessions, links,
 * coins, attempts, so the student leaves the leaderboard, the review deck, question reports...), and
 * empties the user row of every personal detail, which frees the email and the phone number for a new
 * account. The row itself stays, as a tombstone, because the payments that the law requires us to keep
 * (amount, date, reference, plan) point to it; they then name nobody.
 */
export async function deleteAccount(
  db: Database,
  input: { userId: string; password: string; now: Date; identityHashKey: string },
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
      .select({ email: users.email, telephone: users.telephone, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!locked) throw unauthenticated();
    // A confirmed account has had the trial and welcome coins (they come with the first confirmation): its
    // phone number and email get no second welcome on a new account. Only keyed hashes are kept.
    if (locked.emailVerifiedAt !== null) {
      await rememberWelcomed(tx, input.identityHashKey, locked, input.now);
    }
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

/**
 * Every table that holds a student's own rows, by its `user_id`: all of them are emptied for a deleted
 * account. Attempts take their answers, lifelines and UTME sections with them (on delete cascade). A new
 * table that references users goes here or in KEPT_AFTER_DELETION: a test reads the schema and fails until
 * it does.
 */
export const ERASED_WITH_ACCOUNT = [
  sessions,
  trustedDevices,
  passwordResets,
  emailConfirmations,
  coinLedger,
  subscriptions,
  attempts,
  masteryAnswers,
  paperDownloads,
  reviewCards,
  reviewAnswers,
  // What the student has been shown and credited, question by question.
  shownKeys,
  // The notes are free text, and students write their names and phone numbers in them.
  questionReports,
  // Contest entries hold the address the student entered from.
  contestEntries,
  // The exam date and subjects: the student's own plans.
  examPlans,
] as const;

/** The tables that reference users and keep their rows after a deletion, each with the reason. */
export const KEPT_AFTER_DELETION = new Map<PgTable, string>([
  [
    payments,
    'Accounting and tax law require records of sales (amount, date, reference, plan) to be kept; they point to the emptied user row, which names nobody.',
  ],
]);

/** Every row that belongs to the student, but the payments. */
async function deleteOwnedRows(tx: Transaction, userId: string) {
  // A contest's count of entrants follows its entries, so a deleted entry frees its place.
  await tx.execute(sql`update contests set entrants = entrants - 1
    where id in (select contest_id from contest_entries where user_id = ${userId}::uuid)`);
  for (const table of ERASED_WITH_ACCOUNT) await tx.delete(table).where(eq(table.userId, userId));
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
