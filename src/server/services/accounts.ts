import { hash } from '@node-rs/argon2';
import { and, desc, eq, gt, lte, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Profile, SessionPayload, User } from '../../lib/api/user.ts';
import type { signUpSchema } from '../../lib/validation/account.ts';
import type { Database, Executor } from '../db/client.ts';
import { pgError } from '../db/errors.ts';
import { plans, subscriptions, users } from '../db/schema.ts';
import { createConfirmation, pendingEmailChange } from './email-confirmation.ts';
import { conflict, unauthenticated } from './errors.ts';
import { startSession } from './sessions.ts';

export { TRIAL_DAYS, WELCOME_COINS } from '../../lib/api/user.ts';

/** Hashes a password with argon2id at the library's defaults (19 MiB, t=2, p=1). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

type UserRow = typeof users.$inferSelect;

/** The columns of a user that the API shows, and the score its profile shows beside them. */
export type AccountRow = Pick<
  UserRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'emailVerifiedAt'
  | 'telephone'
  | 'triviaPoints'
  | 'imageUrl'
  | 'isAdmin'
  | 'totalScore'
  | 'createdAt'
>;

/** A user as the API shows it: never the password hash. `pendingEmail` is pendingEmailChange's answer. */
export function publicUser(user: AccountRow, pendingEmail: string | null): User {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail,
    telephone: user.telephone,
    triviaPoints: user.triviaPoints,
    image: user.imageUrl ? { url: user.imageUrl } : null,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A user as the API shows it, with the email change it may be waiting for. */
export async function userView(db: Executor, user: AccountRow, now: Date): Promise<User> {
  return publicUser(user, await pendingEmailChange(db, user.id, now));
}

/**
 * The state of a user's access to full exams, from their latest subscription or trial (the one that ends
 * last), and the one running now when that latest one waits for it to end.
 */
export async function subscriptionStatus(
  db: Executor,
  userId: string,
  now: Date,
): Promise<Profile['subscription']> {
  const [latest] = await subscriptionsOf(db, userId).limit(1);
  return subscriptionFrom(db, userId, latest, now);
}

/** A subscription or trial as subscriptionsOf lists it. */
export type SubscriptionRow = Awaited<ReturnType<typeof subscriptionsOf>>[number];

/**
 * subscriptionStatus from the latest subscription, already read: the database is asked again only when
 * that one waits for another to end (a plan bought on top of a running one).
 */
export async function subscriptionFrom(
  db: Executor,
  userId: string,
  latest: SubscriptionRow | undefined,
  now: Date,
): Promise<Profile['subscription']> {
  if (!latest) return { status: 'none' as const, planId: null, planTitle: null, endsAt: null };
  const active = latest.endsAt > now;
  const status = active ? (latest.source === 'trial' ? 'trial' : 'active') : 'expired';
  const queued = active && latest.startsAt > now ? await queuedAt(db, userId, now) : undefined;
  const current = queued?.running;
  return {
    status,
    planId: latest.planId,
    planTitle: latest.planTitle,
    endsAt: latest.endsAt.toISOString(),
    ...(queued && current
      ? {
          current: {
            planId: current.planId,
            planTitle: current.planTitle,
            endsAt: current.endsAt.toISOString(),
            plansAfter: queued.plansAfter,
          },
        }
      : {}),
  } as const;
}

/** A user's subscriptions with their plans' titles, the one that ends last first. */
function subscriptionsOf(db: Executor, userId: string, where?: SQL | undefined) {
  return db
    .select({
      source: subscriptions.source,
      planId: subscriptions.planId,
      planTitle: plans.title,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
    })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.planId, subscriptions.planId))
    .where(where ? and(eq(subscriptions.userId, userId), where) : eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.endsAt));
}

/**
 * The subscription or trial running at `now`, and how many start after it (a plan bought on top of
 * another starts when that one ends).
 */
async function queuedAt(db: Executor, userId: string, now: Date) {
  const [[running], plansAfter] = await Promise.all([
    subscriptionsOf(db, userId, and(lte(subscriptions.startsAt, now), gt(subscriptions.endsAt, now))).limit(
      1,
    ),
    db.$count(subscriptions, and(eq(subscriptions.userId, userId), gt(subscriptions.startsAt, now))),
  ]);
  return { running, plansAfter };
}

/** The user and the profile beside it, as the browser keeps them. */
export async function accountView(db: Executor, user: AccountRow, now: Date) {
  const [view, subscription] = await Promise.all([
    userView(db, user, now),
    subscriptionStatus(db, user.id, now),
  ]);
  return { user: view, profile: { totalScore: user.totalScore, subscription } satisfies Profile };
}

/** What GET /user, sign-up and login return, from what was read: the user, the profile beside it, the token. */
export function sessionPayloadOf(
  user: AccountRow,
  pendingEmail: string | null,
  subscription: Profile['subscription'],
  token: string,
): SessionPayload {
  return {
    user: publicUser(user, pendingEmail),
    isAdmin: user.isAdmin,
    profile: { totalScore: user.totalScore, subscription },
    token,
  };
}

/** What GET /user, sign-up and login return: the user, the profile beside it, and the token. */
export async function sessionPayload(
  db: Executor,
  user: AccountRow,
  token: string,
  now: Date,
): Promise<SessionPayload> {
  const [pendingEmail, subscription] = await Promise.all([
    pendingEmailChange(db, user.id, now),
    subscriptionStatus(db, user.id, now),
  ]);
  return sessionPayloadOf(user, pendingEmail, subscription, token);
}

/** The user with this id, or a 401 if the account is gone. */
export async function requireUserRow(db: Executor, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthenticated();
  return user;
}

async function assertUnique(
  db: Executor,
  field: 'email' | 'telephone',
  value: string,
  exceptUserId?: string,
) {
  const column = field === 'email' ? users.email : users.telephone;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(column, value), ne(users.id, exceptUserId)) : eq(column, value))
    .limit(1);
  if (taken) throw duplicateError(field);
}

function duplicateError(field: 'email' | 'telephone') {
  return field === 'email'
    ? conflict('An account with this email already exists', 'email')
    : conflict('An account with this phone number already exists', 'telephone');
}

/** Maps a unique-constraint violation that slipped past the pre-check (a race) to the same 409. */
function rethrowDuplicate(error: unknown): never {
  const refused = pgError(error);
  if (refused?.code === '23505')
    throw duplicateError(refused.constraint?.includes('email') ? 'email' : 'telephone');
  throw error;
}

/**
 * Creates an account and signs it in, with a link to confirm its email. The trial and the welcome coins
 * wait for that link (services/email-confirmation.ts), so a made-up address earns nothing. Returns the
 * session and the confirmation token for the caller to mail.
 */
export async function signUp(db: Database, input: z.output<typeof signUpSchema>, now: Date) {
  await assertUnique(db, 'email', input.email);
  await assertUnique(db, 'telephone', input.telephone);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          telephone: input.telephone,
          passwordHash,
          createdAt: now,
          updatedAt: now,
          totalScoreAt: now,
        })
        .returning();
      if (!created) throw new Error('Insert returned no user');
      const confirmationToken = await createConfirmation(tx, {
        userId: created.id,
        purpose: 'sign-up',
        email: created.email,
        now,
      });
      const token = await startSession(tx, created.id, now);
      return { session: await sessionPayload(tx, created, token, now), confirmationToken };
    });
  } catch (error) {
    rethrowDuplicate(error);
  }
}

/** Applies one edited name field; the email changes only through a confirmed link (requestEmailChange). */
export async function updateProfile(
  db: Database,
  userId: string,
  change: { firstName?: string | undefined; lastName?: string | undefined },
  now: Date,
) {
  try {
    const [updated] = await db
      .update(users)
      .set({ ...change, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw unauthenticated();
    return updated;
  } catch (error) {
    rethrowDuplicate(error);
  }
}
