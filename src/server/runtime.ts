import pino from 'pino';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createMailer } from './services/mailer.ts';
import { createPaymentVerifier } from './services/payments/paystack.ts';
import { seedDatabase } from './services/seed.ts';

/** Opens the database, migrates and seeds it, and builds the API from the process's configuration. */
async function boot() {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const { db } = await openDatabase(config.database);
  if (config.seedSampleData) await seedDatabase(db, logger);
  return createApp({
    db,
    config,
    logger,
    mailer: createMailer(config.mail),
    paystack: createPaymentVerifier(config, db),
    clock: { now: () => new Date() },
  });
}

let started: ReturnType<typeof boot> | undefined;

/** The process's one API instance, booted on first use; every request awaits the same start-up. */
export function getApp() {
  started ??= boot().catch((error: unknown) => {
    started = undefined;
    throw error;
  });
  return started;
}
