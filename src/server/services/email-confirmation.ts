import { verify } from '@node-rs/argon2';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import {
  CONFIRMATION_LINK_HOURS,
  type EmailConfirmationPurpose,
  TRIAL_DAYS,
  WELCOME_COINS,
} from '../../lib/api/user.ts';
import { company } from '../../lib/company.ts';
import type { Database, Executor } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { emailConfirmations, subscriptions, users } from '../db/schema.ts';
import { creditCoins } from './coins.ts';
import { conflict, invalidField, refused, unauthenticated } from './errors.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { hashSecret, newSecret } from './tokens.ts';

export { CONFIRMATION_LINK_HOURS } from '../../lib/api/user.ts';

const INVALID_LINK_MESSAGE =
  'This confirmation link is invalid, already used or expired. Sign in and ask for a new one.';

function invalidLink(message = INVALID_LINK_MESSAGE) {
  return invalidField(['token'], message);
}

/**
 * Stores a new single-use confirmation for an address and returns its token (only the hash is kept). An
 * earlier unused link of the same purpose stops working, so only the newest email counts.
 */
export async function createConfirmation(
  db: Executor,
  input: { userId: string; purpose: EmailConfirmationPurpose; email: string; now: Date },
): Promise<string> {
  const token = newSecret();
  await db
    .update(emailConfirmations)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(emailConfirmations.userId, input.userId),
        eq(emailConfirmations.purpose, input.purpose),
        isNull(emailConfirmations.usedAt),
      ),
    );
  await db.insert(emailConfirmations).values({
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    tokenHash: hashSecret(token),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + CONFIRMATION_LINK_HOURS * 3_600_000),
  });
  return token;
}

/** The new address of a change that waits for its link to be opened, or null. */
export async function pendingEmailChange(db: Executor, userId: string, now: Date): Promise<string | null> {
  const [pending] = await db
    .select({ email: emailConfirmations.email })
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.userId, userId),
        eq(emailConfirmations.purpose, 'change'),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, now),
      ),
    )
    .orderBy(desc(emailConfirmations.createdAt))
    .limit(1);
  return pending?.email ?? null;
}

/** The link a confirmation email carries; /verify-email posts its token back. */
export function confirmationLink(siteUrl: string, token: string): string {
  return `${siteUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/** The email that carries a confirmation link, worded for its purpose. */
export function confirmationEmail(
  purpose: EmailConfirmationPurpose,
  to: string,
  token: string,
  siteUrl: string,
): MailMessage {
  const intro =
    purpose === 'sign-up'
      ? [
          `Welcome to ${company.name}! Please confirm that this email address is yours.`,
          `Once you open the link below, your ${TRIAL_DAYS}-day free trial of full exams starts and ${WELCOME_COINS} coins are added to your account.`,
        ]
      : [
          `Someone asked to make this address the email of a ${company.name} account.`,
          'The account keeps its old email until the link below is opened.',
        ];
  return {
    to,
    subject: purpose === 'sign-up' ? 'Confirm your email address' : 'Confirm your new email address',
    text: [
      ...intro,
      '',
      'Open this link to confirm:',
      confirmationLink(siteUrl, token),
      '',
      `The link works once and expires in ${CONFIRMATION_LINK_HOURS} hours. If it has expired, sign in and press "Resend link".`,
      '',
      'If you did not ask for this, ignore this email: nothing changes without the link.',
    ].join('\n'),
  };
}

/** The notice sent to an account's previous address once a change of email has been confirmed. */
export function emailChangedNotice(previous: string, current: string, siteUrl: string): MailMessage {
  return {
    to: previous,
    subject: 'Your email address was changed',
    text: [
      `The email address of your ${company.name} account is now ${current}.`,
      'The change was asked for with the account password and confirmed from the new inbox.',
      '',
      `If you did not make this change, write to us at ${company.email} or through ${siteUrl}/contact-us at once,`,
      'and tell us the phone number of your account.',
    ].join('\n'),
  };
}

/** Mails without holding up the response; a failure is logged, never shown (the student can resend). */
export function sendWithoutWaiting(mailer: Mailer, message: MailMessage, onError: (error: unknown) => void) {
  mailer.send(message).catch(onError);
}

/** Starts the free trial and credits the welcome coins; the caller makes sure this runs once per account. */
async function grantWelcome(tx: Executor, userId: string, now: Date): Promise<void> {
  await creditCoins(tx, { userId, coins: WELCOME_COINS, description: 'Welcome bonus', at: now });
  await tx.insert(subscriptions).values({
    userId,
    source: 'trial',
    startsAt: now,
    endsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
  });
}

/** What opening a confirmation link did. */
export interface ConfirmationOutcome {
  userId: string;
  purpose: EmailConfirmationPurpose;
  email: string;
  welcomeGranted: boolean;
  /** For a confirmed change, the previous address if it had been confirmed: it is told of the change. */
  notify: string | null;
}

const ADDRESS_TAKEN_MESSAGE = 'Another account now uses this email address, so it cannot become yours.';

/**
 * Opens a confirmation link, once. The conditional update claims the token, so of two concurrent openings
 * only one gets a row back; the other finds it used. The account is marked confirmed in the same
 * transaction, and the trial and welcome coins are granted only when it was not confirmed before: a
 * student gets them once, whichever link (sign-up or a change of a never-confirmed address) comes first.
 */
export async function confirmEmail(db: Database, token: string, now: Date): Promise<ConfirmationOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailConfirmations.tokenHash, hashSecret(token)),
            isNull(emailConfirmations.usedAt),
            gt(emailConfirmations.expiresAt, now),
          ),
        )
        .returning({
          userId: emailConfirmations.userId,
          purpose: emailConfirmations.purpose,
          email: emailConfirmations.email,
        });
      if (!claimed) throw invalidLink();
      // The row lock orders this against any other confirmation of the same account.
      const [user] = await tx
        .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, claimed.userId))
        .for('update');
      if (!user) throw invalidLink();
      const firstConfirmation = user.emailVerifiedAt === null;

      if (claimed.purpose === 'sign-up') {
        // The account has moved to another address since this link was sent: it confirms nothing now.
        if (claimed.email !== user.email) {
          throw invalidLink('This link is for an email address your account no longer uses.');
        }
        if (firstConfirmation) {
          await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, claimed.userId));
          await grantWelcome(tx, claimed.userId, now);
        }
        return {
          userId: claimed.userId,
          purpose: claimed.purpose,
          email: claimed.email,
          welcomeGranted: firstConfirmation,
          notify: null,
        };
      }

      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, claimed.email), ne(users.id, claimed.userId)))
        .limit(1);
      if (taken) throw conflict(ADDRESS_TAKEN_MESSAGE, 'token');
      await tx
        .update(users)
        .set({ email: claimed.email, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
        .where(eq(users.id, claimed.userId));
      // Links sent to the old address (or to another new one) no longer describe the account.
      await tx
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(and(eq(emailConfirmations.userId, claimed.userId), isNull(emailConfirmations.usedAt)));
      if (firstConfirmation) await grantWelcome(tx, claimed.userId, now);
      return {
        userId: claimed.userId,
        purpose: claimed.purpose,
        email: claimed.email,
        welcomeGranted: firstConfirmation,
        // An address that was never confirmed may not be the student's at all: it is not written to.
        notify: firstConfirmation || user.email === claimed.email ? null : user.email,
      };
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw conflict(ADDRESS_TAKEN_MESSAGE, 'token');
    throw error;
  }
}

/**
 * Starts a change of email: checks the current password, then stores a link for the new address. The
 * account's email stays as it is until that link is opened. Returns the token to mail.
 */
export async function requestEmailChange(
  db: Database,
  input: { userId: string; email: string; currentPassword: string; now: Date },
): Promise<string> {
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
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (taken) throw conflict('An account with this email already exists', 'email');
  return createConfirmation(db, {
    userId: input.userId,
    purpose: 'change',
    email: input.email,
    now: input.now,
  });
}

/**
 * A fresh link for whatever waits to be confirmed: a pending change of email first (the student's latest
 * wish), else the address signed up with. A 409 when there is nothing to confirm.
 */
export async function resendConfirmation(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ purpose: EmailConfirmationPurpose; email: string; token: string }> {
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
      return { purpose: 'change' as const, email: pending, token };
    }
    if (user.emailVerifiedAt === null) {
      const token = await createConfirmation(tx, { userId, purpose: 'sign-up', email: user.email, now });
      return { purpose: 'sign-up' as const, email: user.email, token };
    }
    throw conflict('Your email address is already confirmed.');
  });
}
