import pino from 'pino';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { closeRedis, openRedis } from './redis.ts';
import { addMathMLToStoredFormulas } from './services/bank/refresh-formulas.ts';
import { startContestJobs } from './services/contests/contest-jobs.ts';
import { createMailer } from './services/mailer.ts';
import { createPaymentVerifier } from './services/payments/paystack.ts';
import { startCalibrationJobs } from './services/prediction/calibration-jobs.ts';
import { seedDatabase } from './services/seed.ts';

/**
 * Opens the database, migrates it, brings stored formulas up to date and seeds it, builds the API from the
 * process's configuration, and starts the contests' finishing job and the daily calibration.
 */
async function boot() {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase(config.database, {
    max: config.databasePoolMax,
    onConnectionError: (error) => logger.warn({ err: error }, 'a database connection broke'),
    startUp: async (db: Database) => {
      await addMathMLToStoredFormulas(db, logger);
      if (config.seedSampleData) await seedDatabase(db, logger);
    },
  });
  const { db } = database;
  // Rate limits count in Redis when it is configured, so every instance shares them (DESIGN §7).
  const redis = config.redisUrl ? openRedis(config.redisUrl, logger) : undefined;
  const clock = { now: () => new Date() };
  const app = createApp({
    db,
    config,
    logger,
    mailer: createMailer(config.mail),
    paystack: createPaymentVerifier(config, db),
    clock,
    redis,
  });
  // Contests end and pay their prizes whether or not anyone visits (docs/contests.md).
  const stopContestJobs = startContestJobs(db, logger, clock.now);
  // The questions' parameters behind the predicted score are learnt again each day (docs/prediction.md).
  const stopCalibrationJobs = startCalibrationJobs(db, logger, clock.now);
  return {
    app,
    logger,
    close: async () => {
      stopContestJobs();
      stopCalibrationJobs();
      await database.close();
      if (redis) await closeRedis(redis);
    },
  };
}

let started: ReturnType<typeof boot> | undefined;

// `astro dev` evaluates this module again when a server file changes. The runtime the earlier evaluation
// booted still has the database open, and an embedded one may be opened once per process: close it first.
const runtimeKey = Symbol.for('exam-practice.runtime');
const processState = globalThis as typeof globalThis & { [runtimeKey]?: ReturnType<typeof boot> };

async function replaceEarlierRuntime() {
  const earlier = processState[runtimeKey];
  if (earlier) await earlier.then((runtime) => runtime.close()).catch(() => {});
  return boot();
}

/** The process's one API and its database, booted on first use; every caller awaits the same start-up. */
export function getRuntime() {
  if (!started) {
    started = replaceEarlierRuntime().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    processState[runtimeKey] = started;
  }
  return started;
}

/** The process's one API instance (for Astro's endpoint under `astro dev`). */
export async function getApp() {
  return (await getRuntime()).app;
}
