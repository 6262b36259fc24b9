import type { Context } from 'hono';
import type { AppEnv } from './types.ts';

/**
 * The client's address for rate limiting: the socket's, or the first X-Forwarded-For hop when the app runs
 * behind a proxy that sets it (TRUST_PROXY). Trusting the header otherwise would let anyone pick their key.
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.clientAddress ?? 'unknown';
}
