import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { questions } from '../db/schema.ts';
import { importBank } from './bank/import.ts';
import { formatProblem } from './bank/types.ts';
import { DEFAULT_PLANS, listPlans, upsertPlan } from './payments/plans.ts';

/** The sample bank shipped with the app, imported on first start. */
export const SAMPLE_BANK_FOLDER = 'content/bank';

/**
 * Imports the sample question bank (content/bank, from the working folder) when the bank has no question.
 * The import is one transaction, and idempotent, so two instances starting at once cannot duplicate it.
 */
export async function seedSampleBank(db: Database, logger: Logger): Promise<void> {
  if ((await db.$count(questions)) > 0) return;
  const folder = resolve(process.cwd(), SAMPLE_BANK_FOLDER);
  if (!existsSync(folder)) {
    logger.warn({ folder }, 'the sample question bank is missing; the bank stays empty');
    return;
  }
  const started = performance.now();
  const summary = await importBank(db, [folder], { cwd: process.cwd() });
  logger.info(
    {
      papers: summary.papers.added,
      questions: summary.questions.added,
      ms: Math.round(performance.now() - started),
    },
    'sample question bank loaded',
  );
  const [firstWarning] = summary.warnings;
  if (firstWarning) {
    logger.warn(
      { warnings: summary.warnings.length, first: formatProblem(firstWarning) },
      'sample bank questions with no topic, or a topic outside content/syllabus.json',
    );
  }
}

/** Creates the default plans when there are none; after that, plans are the editors' (npm run plans). */
export async function seedPlans(db: Database, logger: Logger): Promise<void> {
  if ((await listPlans(db)).length > 0) return;
  for (const plan of DEFAULT_PLANS) await upsertPlan(db, plan);
  logger.info({ plans: DEFAULT_PLANS.length }, 'default plans created');
}

/** Loads the sample data into an empty database. The caller decides whether to seed (config.seedSampleData). */
export async function seedDatabase(db: Database, logger: Logger): Promise<void> {
  await seedSampleBank(db, logger);
  await seedPlans(db, logger);
}
