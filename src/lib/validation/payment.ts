import { z } from './zod.ts';

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

/**
 * What a card payment is for, carried in the transaction's metadata so that the signed webhook can grant it
 * alone. The grant reads only these fields, and Paystack returns other fields it was given unchecked.
 */
export const paymentMetadataSchema = z.object({
  userId: z.uuid(),
  purpose: z.enum(['subscription', 'coins']),
  planId: z.string().optional(),
  pack: z.number().int().optional(),
});

/** One field that Paystack's dashboard shows beside a payment. */
export const customFieldSchema = z.object({
  display_name: z.string(),
  variable_name: z.string(),
  value: z.string(),
});

/** The metadata the browser gives Paystack: what the grant reads, plus the payer for the dashboard (spec §3). */
export const cardPaymentMetadataSchema = paymentMetadataSchema.extend({
  name: z.string(),
  phone: z.string(),
  custom_fields: z.array(customFieldSchema),
});

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
