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
import { welcomedBefore } from './returning-identities.ts';
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

/**
 * Starts the free trial and credits the welcome coins, unless a deleted account with the same phone number
 * or email had them (returning-identities.ts); the caller makes sure this runs once per account. True when
 * granted.
 */
async function grantWelcome(
  tx: Executor,
  userId: string,
  now: Date,
  identityHashKey: string,
): Promise<boolean> {
  const [identity] = await tx
    .select({ telephone: users.telephone, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (identity && (await welcomedBefore(tx, identityHashKey, identity))) return false;
  await creditCoins(tx, { userId, coins: WELCOME_COINS, description: 'Welcome bonus', at: now });
  await tx.insert(subscriptions).values({
    userId,
    source: 'trial',
    startsAt: now,
    endsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
  });
  return true;
}

/** What opening a confirmation link did. */
export interface ConfirmationOutcome {
  userId: string;
  purpose: EmailConfirmationPurpose;
  email: string;
  welcomeGranted: boolean;
  /** True when this first confirmation granted nothing: a deleted account with this phone or email had it. */
  welcomeWithheld: boolean;
  /** True when the link had been opened before and its address is the account's confirmed email. */
  alreadyConfirmed: boolean;
  /** For a confirmed change, the previous address if it had been confirmed: it is told of the change. */
  notify: string | null;
}

const ADDRESS_TAKEN_MESSAGE = 'Another account now uses this email address, so it cannot become yours.';

/**
 * Opens a confirmation link, once. The account's row is locked first and the link's row second, as on every
 * path that changes an account's links (a change of email, a resend, a deletion), so two links of one
 * account opened at once wait in line instead of deadlocking. The conditional update then claims the
 * token, so of two concurrent openings only one gets a row back. The account is marked confirmed in the
 * same transaction, and the trial and welcome coins are granted only when it was not confirmed before: a
 * student gets them once, whichever link (sign-up or a change of a never-confirmed address) comes first.
 * A link opened again after its address was confirmed (a double tap, a mail scanner that opened it first)
 * answers that the address is confirmed, and changes nothing.
 */
export async function confirmEmail(
  db: Database,
  token: string,
  now: Date,
  identityHashKey: string,
): Promise<ConfirmationOutcome> {
  const tokenHash = hashSecret(token);
  try {
    return await db.transaction(async (tx) => {
      // Whose link it is, read without a lock: the account, purpose and address of a link never change.
      const [link] = await tx
        .select({
          userId: emailConfirmations.userId,
          purpose: emailConfirmations.purpose,
          email: emailConfirmations.email,
        })
        .from(emailConfirmations)
        .where(eq(emailConfirmations.tokenHash, tokenHash))
        .limit(1);
      if (!link) throw invalidLink();
      const [user] = await tx
        .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, link.userId))
        .for('update');
      if (!user) throw invalidLink();
      const [claimed] = await tx
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailConfirmations.tokenHash, tokenHash),
            isNull(emailConfirmations.usedAt),
            gt(emailConfirmations.expiresAt, now),
          ),
        )
        .returning({ id: emailConfirmations.id });
      if (!claimed) {
        // Only the holder of the link learns this, and only what the link itself was sent to confirm.
        if (user.emailVerifiedAt !== null && user.email === link.email && (await wasUsed(tx, tokenHash))) {
          return {
            ...link,
            welcomeGranted: false,
            welcomeWithheld: false,
            alreadyConfirmed: true,
            notify: null,
          };
        }
        throw invalidLink();
      }
      return applyConfirmation(tx, link, user, now, identityHashKey);
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw conflict(ADDRESS_TAKEN_MESSAGE, 'token');
    throw error;
  }
}

/** True when the link was opened (or retired by a newer one), as opposed to merely expired. */
async function wasUsed(tx: Executor, tokenHash: string): Promise<boolean> {
  const [row] = await tx
    .select({ usedAt: emailConfirmations.usedAt })
    .from(emailConfirmations)
    .where(eq(emailConfirmations.tokenHash, tokenHash))
    .limit(1);
  return row?.usedAt != null;
}

/** Confirms the address of a link just claimed, with its account's row locked. */
async function applyConfirmation(
  tx: Executor,
  claimed: { userId: string; purpose: EmailConfirmationPurpose; email: string },
  user: { email: string; emailVerifiedAt: Date | null },
  now: Date,
  identityHashKey: string,
): Promise<ConfirmationOutcome> {
  const firstConfirmation = user.emailVerifiedAt === null;
  let welcomeGranted = false;

  if (claimed.purpose === 'sign-up') {
    // The account has moved to another address since this link was sent: it confirms nothing now.
    if (claimed.email !== user.email) {
      throw invalidLink('This link is for an email address your account no longer uses.');
    }
    if (firstConfirmation) {
      await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, claimed.userId));
      welcomeGranted = await grantWelcome(tx, claimed.userId, now, identityHashKey);
    }
    return {
      userId: claimed.userId,
      purpose: claimed.purpose,
      email: claimed.email,
      welcomeGranted,
      welcomeWithheld: firstConfirmation && !welcomeGranted,
      alreadyConfirmed: false,
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
  if (firstConfirmation) welcomeGranted = await grantWelcome(tx, claimed.userId, now, identityHashKey);
  return {
    userId: claimed.userId,
    purpose: claimed.purpose,
    email: claimed.email,
    welcomeGranted,
    welcomeWithheld: firstConfirmation && !welcomeGranted,
    alreadyConfirmed: false,
    // An address that was never confirmed may not be the student's at all: it is not written to.
    notify: firstConfirmation || user.email === claimed.email ? null : user.email,
  };
}

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
 * The email a change of address sends to the new address: its confirmation link, or, when another account
 * uses the address, a notice to that account's owner that carries no link.
 */
export function emailChangeMail(to: string, change: EmailChangeRequested, siteUrl: string): MailMessage {
  if (!change.addressTaken) return confirmationEmail('change', to, change.token, siteUrl);
  return {
    to,
    subject: 'Someone tried to use your email address',
    text: [
      `Someone signed in to a ${company.name} account asked to make this address its email.`,
      `Your ${company.name} account already uses this address, so nothing has changed: it stays yours.`,
      '',
      'If it was you, sign in to the account you meant to change with its own phone number instead.',
      `If it was not, you need do nothing. Write to us at ${company.email} or through ${siteUrl}/contact-us`,
      'if it happens again.',
    ].join('\n'),
  };
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
