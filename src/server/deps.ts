import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './services/mailer.ts';
import type { PaymentVerifier } from './services/payments/paystack.ts';

/** A source of the current time, so that tests can move it. */
export interface Clock {
  now: () => Date;
}

/** Everything the API takes from outside; tests pass their own. */
export interface AppDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  /** Confirms card payments: Paystack, or the local test checkout without keys. */
  paystack: PaymentVerifier;
  clock: Clock;
  logger: Logger;
  /** Where rate limits count, so that every instance shares them (REDIS_URL); memory when absent. */
  redis?: Redis;
  /** Prefixes the Redis keys of the rate limits: instances that share it share counters; tests set their own. */
  rateLimitPrefix?: string;
}
