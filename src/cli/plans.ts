// Manages the subscription plans.
//   npm run plans -- list
//   npm run plans -- set weekly --title Weekly --amount 500 --per "per week" --frequency week --length 1 \
//     --coins 40 --feature "Every past paper" --feature "40 bonus coins" [--position 0]
//   npm run plans -- remove weekly

import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { plans } from '../server/db/schema.ts';
import { listPlans, planInputSchema, upsertPlan } from '../server/services/payments/plans.ts';
import { openCommandDatabase } from './database.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    title: { type: 'string' },
    amount: { type: 'string' },
    per: { type: 'string' },
    frequency: { type: 'string' },
    length: { type: 'string' },
    coins: { type: 'string' },
    feature: { type: 'string', multiple: true },
    position: { type: 'string' },
  },
});
const [command, planId] = positionals;
const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));

if (!command || !['list', 'set', 'remove'].includes(command) || (command !== 'list' && !planId)) {
  console.error('Usage: npm run plans -- list | set <planId> --title … --amount … | remove <planId>');
  process.exit(1);
}

const handle = await openCommandDatabase();
try {
  if (command === 'list') {
    for (const plan of await listPlans(handle.db)) {
      console.log(
        `${plan.planId}\t₦${plan.amount} ${plan.perAmount}\t${plan.lengthOfFrequency} ${plan.frequency}\t${plan.noOfCoin} coins\t${plan.title}`,
      );
    }
  } else if (command === 'remove') {
    const removed = await handle.db
      .delete(plans)
      .where(eq(plans.planId, planId ?? ''))
      .returning();
    console.log(removed.length ? `Removed ${planId}` : `No plan ${planId}`);
  } else {
    const parsed = planInputSchema.safeParse({
      planId,
      title: values.title,
      amount: number(values.amount),
      perAmount: values.per,
      frequency: values.frequency,
      lengthOfFrequency: number(values.length),
      noOfCoin: number(values.coins),
      features: values.feature,
      position: number(values.position),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) console.error(`- ${issue.path.join('.')}: ${issue.message}`);
      process.exitCode = 1;
    } else {
      await upsertPlan(handle.db, parsed.data);
      console.log(`Saved plan ${planId}`);
    }
  }
} finally {
  await handle.close();
}
