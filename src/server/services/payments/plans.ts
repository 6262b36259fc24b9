import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { Plan } from '../../../lib/api/plans.ts';
import type { Executor } from '../../db/client.ts';
import { plans } from '../../db/schema.ts';

/** A plan as editors write it (the plans CLI and the seed). */
export const planInputSchema = z
  .object({
    planId: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, 'planId is lower-case letters, digits and hyphens'),
    title: z.string().trim().min(1, 'title is required').max(60),
    amount: z.number().int('amount is whole naira').positive('amount must be above 0').max(10_000_000),
    perAmount: z.string().trim().min(1, 'perAmount is required, e.g. "per week"').max(40),
    frequency: z.enum(['day', 'week', 'month', 'year'], { error: 'frequency is day, week, month or year' }),
    lengthOfFrequency: z.number().int().positive('lengthOfFrequency must be at least 1').max(120),
    noOfCoin: z.number().int().min(0).max(1_000_000).default(0),
    features: z.array(z.string().trim().min(1).max(120)).max(12).default([]),
    position: z.number().int().min(0).default(0),
  })
  .strict();
export type PlanInput = z.input<typeof planInputSchema>;

/** The plans a fresh install starts with. */
export const DEFAULT_PLANS: PlanInput[] = [
  {
    planId: 'weekly',
    title: 'Weekly',
    amount: 500,
    perAmount: 'per week',
    frequency: 'week',
    lengthOfFrequency: 1,
    noOfCoin: 40,
    features: ['Every past paper, every subject', 'Explanations for every answer', '40 bonus coins'],
    position: 0,
  },
  {
    planId: 'monthly',
    title: 'Monthly',
    amount: 1500,
    perAmount: 'per month',
    frequency: 'month',
    lengthOfFrequency: 1,
    noOfCoin: 200,
    features: ['Every past paper, every subject', 'Explanations for every answer', '200 bonus coins'],
    position: 1,
  },
  {
    planId: 'yearly',
    title: 'Yearly',
    amount: 12000,
    perAmount: 'per year',
    frequency: 'year',
    lengthOfFrequency: 1,
    noOfCoin: 3000,
    features: [],
    position: 2,
  },
];

/** Creates or replaces a plan by its planId. */
export async function upsertPlan(db: Executor, input: PlanInput) {
  const plan = planInputSchema.parse(input);
  await db.insert(plans).values(plan).onConflictDoUpdate({ target: plans.planId, set: plan });
}

/** Every plan, in display order. */
export function listPlans(db: Executor) {
  return db.select().from(plans).orderBy(asc(plans.position), asc(plans.amount));
}

/** A plan as the API returns it. */
export function publicPlan(plan: typeof plans.$inferSelect): Plan {
  return {
    _id: plan.id,
    planId: plan.planId,
    plan_id: plan.planId,
    title: plan.title,
    amount: plan.amount,
    perAmount: plan.perAmount,
    frequency: plan.frequency,
    lengthOfFrequency: plan.lengthOfFrequency,
    noOfCoin: plan.noOfCoin,
    features: plan.features,
  };
}
