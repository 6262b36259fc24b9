import { createHmac } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { welcomedIdentities } from '../db/schema.ts';

/** What identifies a student across accounts: the phone number (which never changes) and the email. */
export interface Identity {
  telephone: string;
  email: string;
}

/**
 * The keyed hashes (HMAC-SHA-256, hex) that stand for an identity's phone number and email. Keyed, because
 * there are only about 10^9 Nigerian mobile numbers: a plain hash of one is found by trying them all, and
 * would tell whoever holds the database that a number once had an account.
 */
export function identityHashes(key: string, identity: Identity): string[] {
  const hash = (value: string) => createHmac('sha256', key).update(value).digest('hex');
  return [hash(`phone:${identity.telephone}`), hash(`email:${identity.email.toLowerCase()}`)];
}

/** Remembers, as keyed hashes only, that this phone number and email have had the welcome. */
export async function rememberWelcomed(
  db: Executor,
  key: string,
  identity: Identity,
  now: Date,
): Promise<void> {
  await db
    .insert(welcomedIdentities)
    .values(identityHashes(key, identity).map((hash) => ({ hash, createdAt: now })))
    .onConflictDoNothing();
}

/** True when a deleted account with this phone number or this email had the welcome. */
export async function welcomedBefore(db: Executor, key: string, identity: Identity): Promise<boolean> {
  const [found] = await db
    .select({ hash: welcomedIdentities.hash })
    .from(welcomedIdentities)
    .where(inArray(welcomedIdentities.hash, identityHashes(key, identity)))
    .limit(1);
  return found !== undefined;
}
