import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

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
  MAIL_FROM: z.string().default('Exam Practice <no-reply@localhost>'),
  INFO_MAILBOX: z.email().default('info@localhost'),
  PAYSTACK_SECRET_KEY: optionalText,
  PUBLIC_PAYSTACK_PUBLIC_KEY: optionalText,
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  AIRTIME_BILLING_URL: z.url().default('https://airtime.example.invalid/subscribe'),
  COUNTRY_HEADER: z.string().trim().toLowerCase().default('cf-ipcountry'),
  TRUST_PROXY: booleanFlag.default(false),
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
  airtimeBillingUrl: string;
  countryHeader: string;
  trustProxy: boolean;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
}

/** Thrown when the environment cannot be turned into a working configuration. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment into a Config, refusing unsafe production settings. Pure: pass `process.env`. */
export function parseConfig(environment: Environment): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  const production = vars.NODE_ENV === 'production';

  if (production) {
    const missing = ['DATABASE_URL', 'SMTP_URL', 'PAYSTACK_SECRET_KEY', 'PUBLIC_PAYSTACK_PUBLIC_KEY'].filter(
      (name) => !vars[name as keyof typeof vars],
    );
    if (missing.length > 0) {
      throw new ConfigError(`Production needs ${missing.join(', ')} to be set`);
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
    airtimeBillingUrl: vars.AIRTIME_BILLING_URL,
    countryHeader: vars.COUNTRY_HEADER,
    trustProxy: vars.TRUST_PROXY,
    logLevel: vars.LOG_LEVEL,
  };
}

/** The configuration of this process; the one place that reads `process.env`. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}
