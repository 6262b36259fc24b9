import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { signUpSchema } from '../../lib/validation/account.ts';
import type { Database, Executor } from '../db/client.ts';
import { subscriptions, users } from '../db/schema.ts';
import { conflict, HttpError } from '../http/errors.ts';
import { creditCoins } from './coins.ts';
import { startSession } from './sessions.ts';

export const WELCOME_COINS = 80;
export const TRIAL_DAYS = 1;

// A hash of a random password, verified against when the phone number is unknown, so that a wrong number
// takes as long to reject as a wrong password and timing does not reveal which numbers have accounts.
const decoyHash = hash(crypto.randomUUID());

/** Hashes a password with argon2id at the library's defaults (19 MiB, t=2, p=1). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

type UserRow = typeof users.$inferSelect;

/** A user as the API shows it: never the password hash. */
export function publicUser(user: UserRow) {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    telephone: user.telephone,
    triviaPoints: user.triviaPoints,
    image: user.imageUrl ? { url: user.imageUrl } : null,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The state of a user's access to full exams, from their latest subscription or trial. */
export async function subscriptionStatus(db: Executor, userId: string, now: Date) {
  const [latest] = await db
    .select({ source: subscriptions.source, planId: subscriptions.planId, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  if (!latest) return { status: 'none' as const, planId: null, endsAt: null };
  const active = latest.endsAt > now;
  const status = active ? (latest.source === 'trial' ? 'trial' : 'active') : 'expired';
  return { status, planId: latest.planId, endsAt: latest.endsAt.toISOString() } as const;
}

/** What GET /user, sign-up and login return: the user, the profile beside it, and the token. */
export async function sessionPayload(db: Executor, user: UserRow, token: string, now: Date) {
  return {
    user: publicUser(user),
    isAdmin: user.isAdmin,
    profile: {
      totalScore: user.totalScore,
      subscription: await subscriptionStatus(db, user.id, now),
    },
    token,
  };
}

/** The user with this id, or a 401 if the account is gone. */
export async function requireUserRow(db: Executor, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new HttpError(401, 'Invalid Authentication, Unauthorized User');
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
  const cause = (error as { cause?: { code?: string; constraint_name?: string; constraint?: string } }).cause;
  const pgError = cause ?? (error as { code?: string; constraint_name?: string; constraint?: string });
  if (pgError?.code === '23505') {
    const constraint = pgError.constraint_name ?? pgError.constraint ?? '';
    throw duplicateError(constraint.includes('email') ? 'email' : 'telephone');
  }
  throw error;
}

/** Creates an account with its welcome coins and trial, and signs it in. */
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
      await creditCoins(tx, {
        userId: created.id,
        coins: WELCOME_COINS,
        description: 'Welcome bonus',
        at: now,
      });
      await tx.insert(subscriptions).values({
        userId: created.id,
        source: 'trial',
        startsAt: now,
        endsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
      });
      const token = await startSession(tx, created.id, now);
      const user = await requireUserRow(tx, created.id);
      return sessionPayload(tx, user, token, now);
    });
  } catch (error) {
    rethrowDuplicate(error);
  }
}

/** Checks a phone number and password; returns the user, or undefined when either is wrong. */
export async function checkCredentials(db: Executor, telephone: string, password: string) {
  const [user] = await db.select().from(users).where(eq(users.telephone, telephone)).limit(1);
  const valid = await verify(user?.passwordHash ?? (await decoyHash), password);
  return user && valid ? user : undefined;
}

/** Applies one edited profile field. */
export async function updateProfile(
  db: Database,
  userId: string,
  change: { firstName?: string | undefined; lastName?: string | undefined; email?: string | undefined },
  now: Date,
) {
  if (change.email) await assertUnique(db, 'email', change.email, userId);
  try {
    const [updated] = await db
      .update(users)
      .set({ ...change, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new HttpError(401, 'Invalid Authentication, Unauthorized User');
    return updated;
  } catch (error) {
    rethrowDuplicate(error);
  }
}
