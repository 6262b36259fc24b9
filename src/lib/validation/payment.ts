import { isPlainText, text, UNSTORABLE_TEXT_MESSAGE } from './fields.ts';
import { z } from './zod.ts';

const reference = text({ error: 'reference is required' })
  .min(6, 'reference is required')
  .max(100, 'reference is too long')
  .regex(/^[A-Za-z0-9._=-]+$/, 'reference has characters a payment reference never has');

/** POST /api/v1/subscription, after a card payment. */
export const subscriptionSchema = z
  .object({
    reference,
    channel: z.literal('paystack', { error: 'channel must be "paystack"' }),
    planId: text({ error: 'planId is required' }).min(1, 'planId is required').max(40),
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
  planId: text({ error: 'planId must be text' }).optional(),
  pack: z.number().int().optional(),
});

/** One field that Paystack's dashboard shows beside a payment. */
export const customFieldSchema = z.object({
  display_name: text(),
  variable_name: text(),
  value: text(),
});

/** The metadata the browser gives Paystack: what the grant reads, plus the payer for the dashboard (spec §3). */
export const cardPaymentMetadataSchema = paymentMetadataSchema.extend({
  name: text(),
  phone: text(),
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

/** True when every string in a JSON value, keys included, is plain text (fields.ts); walked without recursion. */
export function allPlainText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string' && !isPlainText(current)) return false;
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      if (!isPlainText(key)) return false;
      pending.push(child);
    }
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
      .record(text(), z.unknown())
      .refine((metadata) => nestsAtMost(metadata, MAX_METADATA_DEPTH), 'metadata is nested too deeply')
      // Paystack hands the metadata back to the grant, which refuses such text; the stand-in refuses it here.
      .refine(allPlainText, UNSTORABLE_TEXT_MESSAGE),
  })
  .strict();
