import type { Context } from 'hono';
import { every } from 'hono/combine';
import { rateLimiter } from 'hono-rate-limiter';
import { clientAddress } from './client-address.ts';
import type { AppEnv } from './types.ts';

const minutes = (count: number) => count * 60_000;

/** The value of one field of a JSON body, for keying a limit by account; '' when there is none. */
async function bodyField(c: Context<AppEnv>, field: string): Promise<string> {
  try {
    const body: unknown = await c.req.json();
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
    return typeof value === 'string' ? value.trim().toLowerCase() : '';
  } catch {
    return '';
  }
}

function perAddress(name: string, limit: number, windowMs: number, message: string) {
  return rateLimiter<AppEnv>({
    windowMs,
    limit,
    message,
    standardHeaders: 'draft-6',
    keyGenerator: (c) => `${name}:${clientAddress(c)}`,
  });
}

/**
 * The rate limits of one app instance. Each createApp() gets fresh counters, so tests never share them.
 * Counters live in memory: behind a load balancer each instance counts on its own (docs/decisions.md).
 */
export function createRateLimits() {
  return {
    login: every(
      perAddress(
        'login',
        30,
        minutes(15),
        'Too many sign-in attempts from this network. Try again in 15 minutes.',
      ),
      // Only failures count, so a student who signs in often is never locked out of their own account.
      rateLimiter<AppEnv>({
        windowMs: minutes(15),
        limit: 10,
        skipSuccessfulRequests: true,
        standardHeaders: 'draft-6',
        message: 'Too many failed sign-in attempts for this phone number. Try again in 15 minutes.',
        keyGenerator: async (c) => `login-account:${await bodyField(c, 'telephone')}`,
      }),
    ),
    signUp: perAddress(
      'sign-up',
      10,
      minutes(60),
      'Too many sign-ups from this network. Try again in an hour.',
    ),
    resetRequest: every(
      perAddress('reset-request', 5, minutes(15), 'Too many reset requests. Try again in 15 minutes.'),
      rateLimiter<AppEnv>({
        windowMs: minutes(15),
        limit: 3,
        standardHeaders: 'draft-6',
        message: 'Too many reset requests for this email. Try again in 15 minutes.',
        keyGenerator: async (c) => `reset-email:${await bodyField(c, 'email')}`,
      }),
    ),
    resetSubmit: perAddress(
      'reset-submit',
      10,
      minutes(15),
      'Too many reset attempts. Try again in 15 minutes.',
    ),
    contact: perAddress('contact', 5, minutes(15), 'Too many messages sent. Try again in 15 minutes.'),
    msisdn: perAddress('msisdn', 30, minutes(15), 'Too many requests. Try again in 15 minutes.'),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
