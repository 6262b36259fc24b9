import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import {
  CONFIRMATION_LINK_HOURS,
  type EmailConfirmationPurpose,
  TRIAL_DAYS,
  WELCOME_COINS,
} from '../../lib/api/user.ts';
import type { Database, Executor } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { emailConfirmations, subscriptions, users } from '../db/schema.ts';
import { creditCoins } from './coins.ts';
import { conflict, invalidField } from './errors.ts';
import { welcomedBefore } from './returning-identities.ts';
import { hashSecret, newSecret, usableLink } from './tokens.ts';

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
        .where(usableLink(emailConfirmations, tokenHash, now))
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
    return confirmed(claimed, firstConfirmation, welcomeGranted, null);
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
  // An address that was never confirmed may not be the student's at all: it is not written to.
  const notify = firstConfirmation || user.email === claimed.email ? null : user.email;
  return confirmed(claimed, firstConfirmation, welcomeGranted, notify);
}

/**
 * What a link that confirmed an address tells: the welcome coins granted, or withheld on a first
 * confirmation (grantWelcome says why), and `notify`, the old address to tell of a change, if any.
 */
function confirmed(
  claimed: { userId: string; purpose: EmailConfirmationPurpose; email: string },
  firstConfirmation: boolean,
  welcomeGranted: boolean,
  notify: string | null,
): ConfirmationOutcome {
  const { userId, purpose, email } = claimed;
  const welcomeWithheld = firstConfirmation && !welcomeGranted;
  return { userId, purpose, email, welcomeGranted, welcomeWithheld, alreadyConfirmed: false, notify };
}
