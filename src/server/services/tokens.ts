import { createHash, randomBytes } from 'node:crypto';

/** A new secret of 32 random bytes (256 bits), base64url: used for bearer tokens and reset tokens. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a secret, hex; only this is stored, so a database leak reveals no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
