import { createHash, randomBytes } from 'node:crypto';
import { eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A new secret of 32 random bytes (256 bits), base64url: used for bearer tokens and reset tokens. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a secret, hex; only this is stored, so a database leak reveals no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The columns of a one-time link's table: the hash of its secret, when it was used and when it expires. */
interface OneTimeLinks {
  tokenHash: PgColumn;
  usedAt: PgColumn;
  expiresAt: PgColumn;
}

/**
 * The link of `tokenHash` while it may still be used at `now`: not used yet and not expired. A conditional
 * update on it claims the link, so that of two uses at once only one gets the row back.
 */
export function usableLink(links: OneTimeLinks, tokenHash: string, now: Date): SQL {
  return sql`${eq(links.tokenHash, tokenHash)} and ${isNull(links.usedAt)} and ${gt(links.expiresAt, now)}`;
}
