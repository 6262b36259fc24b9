import { createHmac } from 'node:crypto';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { company } from '../lib/company.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/**
 * IDENTITY_HASH_KEY outside production: fixed, so that a development database keeps recognising the
 * identities it stored across restarts; production must set its own (a published key would let anyone who
 * obtains the database test phone numbers against it).
 */
export const DEVELOPMENT_IDENTITY_HASH_KEY = 'development-only-identity-hash-key-not-a-secret';

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^(postgres|postgresql|memory)$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  SEED_SAMPLE_DATA: booleanFlag.optional(),
  PUBLIC_SITE_URL: z.url().default('http://localhost:4321'),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// URL' }).optional()),
  MAIL_FROM: z.string().default(`${company.name} <no-reply@localhost>`),
  INFO_MAILBOX: z.email().default('info@localhost'),
  PAYSTACK_SECRET_KEY: optionalText,
  DAILY_TEST_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_PAYSTACK_PUBLIC_KEY: optionalText,
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  IDENTITY_HASH_KEY: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
  ),
  AIRTIME_BILLING_URL: z.url().default('https://airtime.example.invalid/subscribe'),
  COUNTRY_HEADER: z.string().trim().toLowerCase().default('cf-ipcountry'),
  TRUST_PROXY: z.string().trim().default('false'),
  REDIS_URL: optionalText.pipe(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Environment = Record<string, string | undefined>;

/** The app's configuration, parsed once from the environment. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** `memory://` for a throw-away PGlite, a directory for PGlite on disk, or a postgres:// URL. */
  database: { kind: 'pglite'; dataDir: string | undefined } | { kind: 'postgres'; url: string };
  seedSampleData: boolean;
  siteUrl: string;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; infoMailbox: string };
  paystack: { secretKey: string | undefined; publicKey: string | undefined; baseUrl: string };
  /**
   * The HMAC key of the hashes that remember the phone numbers and emails of deleted accounts that had the
   * welcome (services/returning-identities.ts). Changing it forgets them all.
   */
  identityHashKey: string;
  airtimeBillingUrl: string;
  /**
   * The secret that draws each student's daily test, so that no one can compute a set in advance:
   * DAILY_TEST_SECRET, or in production without it one derived from PAYSTACK_SECRET_KEY (required there);
   * a fixed development value elsewhere.
   */
  dailyTestSecret: string;
  countryHeader: string;
  /**
   * Which proxies in front of the app to trust when reading X-Forwarded-For: none (false), the nearest N
   * hops, or the proxies at these addresses, CIDR ranges or proxy-addr names (loopback, uniquelocal, ...).
   */
  trustProxy: false | number | string[];
  /** Rate-limit counters go to this Redis when set, so that every instance shares them. */
  redisUrl: string | undefined;
  /** How many server processes `server.mjs` runs on this machine (PostgreSQL only). */
  workers: number;
  /** The most PostgreSQL connections one process opens. */
  databasePoolMax: number;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
}

/** Thrown when the environment cannot be turned into a working configuration. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * TRUST_PROXY: false/0 trusts no proxy, true/1 the nearest one, a number that many hops, anything else a
 * comma-separated list of addresses or ranges. Returns undefined when the value cannot be understood.
 */
function parseTrustProxy(value: string): Config['trustProxy'] | undefined {
  const lower = value.toLowerCase();
  if (['', 'false', 'no', '0'].includes(lower)) return false;
  if (['true', 'yes'].includes(lower)) return 1;
  if (/^\d+$/.test(lower)) return Math.min(Number(lower), 32);
  const addresses = value.split(',').map((entry) => entry.trim());
  try {
    proxyAddr.compile(addresses);
    return addresses;
  } catch {
    return undefined;
  }
}

/**
 * The marker of deploy/exam-practice.env.example's placeholders (IDENTITY_HASH_KEY=CHANGE-ME-..., the
 * Paystack keys, the passwords in DATABASE_URL and SMTP_URL): a value that still holds it was copied and
 * never filled in, and a published key is no secret.
 */
export const PLACEHOLDER_MARKER = 'CHANGE-ME';

/** How to make a key: both print 64 random hex characters. */
const MAKE_A_KEY = `openssl rand -hex 32, or node -e "console.log(require('node:crypto').randomBytes(32).toString('hex'))"`;

/** A development-only daily-test secret: anyone can read it here, so production never uses it. */
export const DEVELOPMENT_DAILY_TEST_SECRET = 'development-daily-test-secret-not-for-production';

/**
 * The daily test's secret: the one given, else (production) an HMAC of the Paystack secret key, which
 * production requires and which never leaves the server, else the development value.
 */
function dailyTestSecret(given: string | undefined, paystackSecret: string | undefined): string {
  if (given) return given;
  if (paystackSecret) return createHmac('sha256', paystackSecret).update('daily-test-set').digest('hex');
  return DEVELOPMENT_DAILY_TEST_SECRET;
}

/** Parses the environment into a Config, refusing unsafe production settings. Pure: pass `process.env`. */
export function parseConfig(environment: Environment): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  const trustProxy = parseTrustProxy(vars.TRUST_PROXY);
  if (trustProxy === undefined) {
    throw new ConfigError(
      'Invalid environment: TRUST_PROXY must be true, false, a number of proxies, or a list of addresses',
    );
  }
  const production = vars.NODE_ENV === 'production';

  if (production) {
    const missing = ['DATABASE_URL', 'SMTP_URL', 'PAYSTACK_SECRET_KEY', 'PUBLIC_PAYSTACK_PUBLIC_KEY'].filter(
      (name) => !vars[name as keyof typeof vars],
    );
    // Its development default would send every confirmation and reset link to http://localhost:4321.
    if (!environment.PUBLIC_SITE_URL?.trim()) missing.push('PUBLIC_SITE_URL');
    if (missing.length > 0) {
      throw new ConfigError(`Production needs ${missing.join(', ')} to be set`);
    }
    if (new URL(vars.PUBLIC_SITE_URL).protocol !== 'https:') {
      throw new ConfigError(
        'Production needs PUBLIC_SITE_URL to be the public https:// origin (https://exam.example.com): ' +
          'links in emails and the API origin check use it',
      );
    }
  }

  // Without its own key, production would hash with the published development one, or a new key each start
  // would forget every identity stored.
  if (production && (!vars.IDENTITY_HASH_KEY || vars.IDENTITY_HASH_KEY === DEVELOPMENT_IDENTITY_HASH_KEY)) {
    throw new ConfigError(
      `Production needs IDENTITY_HASH_KEY to be set to a secret of its own (${MAKE_A_KEY})`,
    );
  }

  // The deploy example's values parse (IDENTITY_HASH_KEY's placeholder is 48 characters, DAILY_TEST_SECRET's
  // 33), so production would otherwise start with keys anyone can read in the repository: the identity
  // hashes, and the daily tests drawn from DAILY_TEST_SECRET or from PAYSTACK_SECRET_KEY, could be computed.
  if (production) {
    const placeholders = Object.keys(environmentSchema.shape).filter((name) =>
      environment[name]?.toUpperCase().includes(PLACEHOLDER_MARKER),
    );
    if (placeholders.length > 0) {
      throw new ConfigError(
        `Production refuses the example's ${PLACEHOLDER_MARKER} placeholder in ${placeholders.join(', ')}: ` +
          `set the real value (a key such as IDENTITY_HASH_KEY or DAILY_TEST_SECRET from ${MAKE_A_KEY})`,
      );
    }
  }

  const dataDir = vars.DATA_DIR.replace(/\/+$/, '');
  const databaseUrl = vars.DATABASE_URL;
  const database: Config['database'] =
    databaseUrl === undefined
      ? { kind: 'pglite', dataDir: `${dataDir}/pglite` }
      : databaseUrl.startsWith('memory:')
        ? { kind: 'pglite', dataDir: undefined }
        : { kind: 'postgres', url: databaseUrl };

  if (vars.WEB_CONCURRENCY > 1 && database.kind === 'pglite') {
    throw new ConfigError(
      'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database can be opened by one process only',
    );
  }

  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    database,
    seedSampleData: vars.SEED_SAMPLE_DATA ?? !production,
    siteUrl: vars.PUBLIC_SITE_URL.replace(/\/+$/, ''),
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM,
      outboxDir: `${dataDir}/outbox`,
      infoMailbox: vars.INFO_MAILBOX,
    },
    paystack: {
      secretKey: vars.PAYSTACK_SECRET_KEY,
      publicKey: vars.PUBLIC_PAYSTACK_PUBLIC_KEY,
      baseUrl: vars.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
    },
    identityHashKey: vars.IDENTITY_HASH_KEY ?? DEVELOPMENT_IDENTITY_HASH_KEY,
    airtimeBillingUrl: vars.AIRTIME_BILLING_URL,
    dailyTestSecret: dailyTestSecret(
      vars.DAILY_TEST_SECRET,
      production ? vars.PAYSTACK_SECRET_KEY : undefined,
    ),
    countryHeader: vars.COUNTRY_HEADER,
    trustProxy,
    redisUrl: vars.REDIS_URL,
    workers: vars.WEB_CONCURRENCY,
    databasePoolMax: vars.DATABASE_POOL_MAX,
    logLevel: vars.LOG_LEVEL,
  };
}

/** The configuration of this process; the one place that reads `process.env`. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}
