import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { contests, questions } from '../db/schema.ts';
import { importBank } from './bank/import.ts';
import { formatProblem } from './bank/types.ts';
import { ContestFileError, readContestFile } from './contests/contest-file.ts';
import { ContestExistsError, scheduleContest } from './contests/schedule.ts';
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

/** The sample contest shipped with the app, scheduled on first start. */
export const SAMPLE_CONTEST_FILE = 'content/contests/sample-contest.json';
/** The sample contest's identity: one per database, whenever the first start happens. */
export const SAMPLE_CONTEST_KEY = 'sample-contest';
/** How long after the first start the sample contest begins: time to enter it. */
const SAMPLE_CONTEST_LEAD_MS = 5 * 60_000;

/**
 * Schedules the sample contest (content/contests/sample-contest.json) as a free contest starting about five
 * minutes from `now`, when there is no contest at all. Its fixed key makes a second instance starting at the
 * same moment create nothing.
 */
export async function seedSampleContest(
  db: Database,
  logger: Logger,
  now = new Date(),
  path = SAMPLE_CONTEST_FILE,
): Promise<void> {
  if ((await db.$count(contests)) > 0) return;
  if (!existsSync(resolve(process.cwd(), path))) {
    logger.warn({ file: path }, 'the sample contest is missing; no contest is scheduled');
    return;
  }
  const startsAt = new Date(Math.ceil((now.getTime() + SAMPLE_CONTEST_LEAD_MS) / 60_000) * 60_000);
  // The file's start is a placeholder: its check is run against a moment before the start set here.
  const check = await readContestFile(path, new Date(0));
  if (!check.draft) throw new ContestFileError(check.problems);
  const draft = { ...check.draft, startsAt, entryFee: 0 };
  try {
    const summary = await scheduleContest(db, draft, { now, key: SAMPLE_CONTEST_KEY });
    logger.info(
      { contestId: summary.contestId, startsAt: startsAt.toISOString() },
      'sample contest scheduled',
    );
  } catch (error) {
    // A second instance starting at the same moment created it first.
    if (error instanceof ContestExistsError) return;
    // The catalogue lacks its exam type or subject: a bank of the operator's own, not the sample's.
    if (!(error instanceof ContestFileError)) throw error;
    const [first] = error.problems;
    logger.warn(
      { file: path, problem: first ? formatProblem(first) : undefined },
      'the sample contest names an exam type or subject the catalogue lacks; no contest is scheduled',
    );
  }
}

/** Loads the sample data into an empty database. The caller decides whether to seed (config.seedSampleData). */
export async function seedDatabase(db: Database, logger: Logger): Promise<void> {
  await seedSampleBank(db, logger);
  await seedSampleContest(db, logger);
  await seedPlans(db, logger);
}
