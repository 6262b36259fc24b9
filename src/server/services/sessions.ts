import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { hashSecret, newSecret } from './tokens.ts';

const SESSION_DAYS = 30;

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

/** The live session behind a token: not expired, not revoked. */
export async function findSession(db: Executor, token: string, now: Date) {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, isAdmin: users.isAdmin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashSecret(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .limit(1);
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
