import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { text } from '../../../lib/validation/fields.ts';
import { users } from '../../db/schema.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import { subscriptionStatus } from '../../services/accounts.ts';

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

/** POST /api (action=GRW): whether a phone number has an active subscription; nothing else is revealed. */
export function msisdnRoutes(limits: RateLimits) {
  return new Hono<AppEnv>().post('/', limits.msisdn, validate('form', msisdnSchema), async (c) => {
    const { db, clock } = c.get('deps');
    const { msisdn } = c.req.valid('form');
    let active = false;
    if (msisdn) {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.telephone, localNumber(msisdn)));
      if (user) {
        const { status } = await subscriptionStatus(db, user.id, clock.now());
        active = status === 'active' || status === 'trial';
      }
    }
    return ok(c, 'Subscription status fetched', { active });
  });
}
