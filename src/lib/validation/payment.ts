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

/** POST /api/v1/test-checkout: the local stand-in for Paystack's checkout, in development only. */
export const testCheckoutSchema = z
  .object({
    reference,
    amount: z.number().int().positive().max(1_000_000_000),
    email: z.email(),
    metadata: z.record(z.string(), z.unknown()),
  })
  .strict();
