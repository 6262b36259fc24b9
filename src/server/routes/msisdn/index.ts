import { and, eq, gt, lte } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { text } from '../../../lib/validation/fields.ts';
import { subscriptions, users } from '../../db/schema.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';

const msisdnSchema = z.object({
  action: z.literal('GRW', { error: 'action must be GRW' }),
  // The spec's client sends the user's telephone, or an empty string.
  msisdn: text({ error: 'msisdn must be a Nigerian phone number' })
    .regex(/^(\+?234\d{10}|0\d{10}|)$/, 'msisdn must be a Nigerian phone number')
    .default(''),
});

/** 234XXXXXXXXXX and +234... become the 0XXXXXXXXXX form accounts are stored in. */
function localNumber(msisdn: string): string {
  return msisdn.replace(/^\+?234/, '0');
}

/**
 * POST /api (action=GRW): whether an airtime plan is running on a phone number; nothing else is revealed.
 * Payment Mode marks the mtn option "Already active on your number" by it, so a trial or a card plan does
 * not count: neither is billed to the number (docs/payments.md).
 */
export function msisdnRoutes(limits: RateLimits) {
  return new Hono<AppEnv>().post('/', limits.msisdn, validate('form', msisdnSchema), async (c) => {
    const { db, clock } = c.get('deps');
    const { msisdn } = c.req.valid('form');
    if (!msisdn) return ok(c, 'Subscription status fetched', { active: false });
    const now = clock.now();
    const running = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(
        and(
          eq(users.telephone, localNumber(msisdn)),
          eq(subscriptions.source, 'airtime'),
          lte(subscriptions.startsAt, now),
          gt(subscriptions.endsAt, now),
        ),
      )
      .limit(1);
    return ok(c, 'Subscription status fetched', { active: running.length > 0 });
  });
}
