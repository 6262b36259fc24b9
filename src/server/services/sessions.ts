import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import { sessions, users } from '../db/schema.ts';
import { hashSecret, newSecret } from './tokens.ts';

/** How long a session lasts from its sign-in. */
export const SESSION_DAYS = 30;

/** Starts a session and returns its bearer token, which is shown to the client once and never stored. */
export async function startSession(db: Executor, userId: string, now: Date): Promise<string> {
  const token = newSecret();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashSecret(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
  });
  return token;
}

/**
 * The condition on `sessions` joined to `users` that a token's live session meets, with the placeholders
 * `tokenHash` and `now` (see liveSessionValues): its hash, not revoked, not expired, and an account not
 * deleted (a sign-in racing the deletion may add a session after it). It is read from the database on every
 * request and never cached, so a logout or a password reset takes effect on every instance at once.
 */
export const liveSession = sql`${sessions.tokenHash} = ${sql.placeholder('tokenHash')}
  and ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz
  and ${users.deletedAt} is null`;

/**
 * The live session behind a token as a statement's first step (`with caller as (…)`), for a hot route that
 * reads the session in the same statement as its work: session_id, user_id and is_admin, or no row.
 */
export const liveCaller = sql`select ${sessions.id} as session_id, ${sessions.userId} as user_id,
    ${users.isAdmin} as is_admin
  from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
  where ${liveSession}
  limit 1`;

/** The values of liveSession's placeholders for a token at a moment. */
export function liveSessionValues(token: string, now: Date) {
  return { tokenHash: hashSecret(token), now: now.toISOString() };
}

/** A live session, as the API keeps it for the request. */
export interface LiveSession {
  sessionId: string;
  userId: string;
  isAdmin: boolean;
}

const findSessionQuery = preparedQuery<LiveSession, ReturnType<typeof liveSessionValues>>(
  'find_session',
  sql`select ${sessions.id} as "sessionId", ${sessions.userId} as "userId", ${users.isAdmin} as "isAdmin"
    from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${liveSession} limit 1`,
);

/** The live session behind a token: not expired, not revoked. One query, joined to its user. */
export async function findSession(db: Executor, token: string, now: Date) {
  const [row] = await findSessionQuery(db, liveSessionValues(token, now));
  return row;
}

/** Revokes one session (logout). */
export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Revokes every live session of a user (after a password reset). */
export async function revokeAllSessions(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
