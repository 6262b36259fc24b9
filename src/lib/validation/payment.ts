import { z } from 'zod';

const reference = z
  .string({ error: 'reference is required' })
  .trim()
  .min(6, 'reference is required')
  .max(100, 'reference is too long')
  .regex(/^[A-Za-z0-9._=-]+$/, 'reference has characters a payment reference never has');

/** POST /api/v1/subscription, after a card payment. */
export const subscriptionSchema = z
  .object({
    reference,
    channel: z.literal('paystack', { error: 'channel must be "paystack"' }),
    planId: z.string({ error: 'planId is required' }).trim().min(1, 'planId is required').max(40),
  })
  .strict();

/** POST /api/v1/coins, after a card payment for a coin pack (the pack is its naira price). */
export const coinPurchaseSchema = z
  .object({ reference, pack: z.number({ error: 'pack must be the naira price of a pack' }).int() })
  .strict();

/** Payment metadata nests a few levels at most (custom_fields is an array of objects). */
export const MAX_METADATA_DEPTH = 6;

/** True when a JSON value nests no deeper than `limit`; walked without recursion, so depth cannot hurt it. */
export function nestsAtMost(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return false;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return true;
}

/** POST /api/v1/test-checkout: the local stand-in for Paystack's checkout, in development only. */
export const testCheckoutSchema = z
  .object({
    reference,
    amount: z.number().int().positive().max(1_000_000_000),
    email: z.email(),
    // Stored as JSON text: unbounded nesting would overflow the stack of JSON.stringify (a 500).
    metadata: z
      .record(z.string(), z.unknown())
      .refine((metadata) => nestsAtMost(metadata, MAX_METADATA_DEPTH), 'metadata is nested too deeply'),
  })
  .strict();
