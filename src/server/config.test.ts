import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEVELOPMENT_DAILY_TEST_SECRET,
  DEVELOPMENT_IDENTITY_HASH_KEY,
  PLACEHOLDER_MARKER,
  parseConfig,
} from './config.ts';

/** Every setting production needs; a test leaves out or changes the one it is about. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://h/db',
  SMTP_URL: 'smtp://mail.example.com:587',
  PAYSTACK_SECRET_KEY: 'sk_live_x',
  PUBLIC_PAYSTACK_PUBLIC_KEY: 'pk_live_x',
  IDENTITY_HASH_KEY: 'a-production-secret-of-at-least-32-characters',
  PUBLIC_SITE_URL: 'https://exam.example.com',
};

/**
 * deploy/exam-practice.env.example as an environment, with its commented-out settings
 * (`# DAILY_TEST_SECRET=...`) too: what production gets when someone copies it and fills nothing in.
 */
function deployExample(): Record<string, string> {
  const text = readFileSync(resolve(import.meta.dirname, '../../deploy/exam-practice.env.example'), 'utf8');
  const settings = [...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/gm)];
  return Object.fromEntries(settings.map(([, name, value]) => [name as string, value as string]));
}

describe('parseConfig', () => {
  it('uses PGlite under DATA_DIR when DATABASE_URL is unset', () => {
    const config = parseConfig({ DATA_DIR: './state/' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './state/pglite' });
    expect(config.mail.outboxDir).toBe('./state/outbox');
    expect(config.port).toBe(4321);
    expect(config.seedSampleData).toBe(true);
  });

  it('uses an in-memory PGlite for memory:// and PostgreSQL for a postgres URL', () => {
    expect(parseConfig({ DATABASE_URL: 'memory://' }).database).toEqual({
      kind: 'pglite',
      dataDir: undefined,
    });
    expect(parseConfig({ DATABASE_URL: 'postgres://db.internal:5432/app' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://db.internal:5432/app',
    });
  });

  it('reads flags, ports and the trusted proxy setting', () => {
    const config = parseConfig({
      PORT: '8080',
      TRUST_PROXY: 'true',
      SEED_SAMPLE_DATA: 'false',
      COUNTRY_HEADER: 'CF-IPCountry',
    });
    expect(config.port).toBe(8080);
    expect(config.trustProxy).toBe(1);
    expect(config.seedSampleData).toBe(false);
    expect(config.countryHeader).toBe('cf-ipcountry');
  });

  it('names every invalid variable', () => {
    expect(() => parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x' })).toThrow(
      /PORT.*DATABASE_URL.*REDIS_URL/,
    );
    expect(() => parseConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => parseConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('reads TRUST_PROXY as no proxy, a number of hops or a list of trusted addresses', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });

  it('reads Redis, the number of processes and the pool size', () => {
    const config = parseConfig({
      REDIS_URL: 'redis://127.0.0.1:6379',
      WEB_CONCURRENCY: '2',
      DATABASE_URL: 'postgres://h/db',
    });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.workers).toBe(2);
    expect(config.databasePoolMax).toBe(10);
    expect(parseConfig({}).redisUrl).toBeUndefined();
  });

  it('refuses production without an IDENTITY_HASH_KEY of its own, and keeps a fixed one elsewhere', () => {
    const { IDENTITY_HASH_KEY: _key, ...production } = PRODUCTION;
    expect(() => parseConfig(production)).toThrow(/Production needs IDENTITY_HASH_KEY to be set/);
    expect(() => parseConfig({ ...production, IDENTITY_HASH_KEY: DEVELOPMENT_IDENTITY_HASH_KEY })).toThrow(
      /IDENTITY_HASH_KEY to be set to a secret of its own/,
    );
    expect(() => parseConfig({ ...production, IDENTITY_HASH_KEY: 'short' })).toThrow(
      /IDENTITY_HASH_KEY must be at least 32 characters/,
    );
    const key = 'b'.repeat(64);
    expect(parseConfig({ ...production, IDENTITY_HASH_KEY: key }).identityHashKey).toBe(key);
    expect(parseConfig({}).identityHashKey).toBe(DEVELOPMENT_IDENTITY_HASH_KEY);
    expect(parseConfig({ NODE_ENV: 'test' }).identityHashKey).toBe(DEVELOPMENT_IDENTITY_HASH_KEY);
  });

  it('refuses several processes on the embedded database, which only one process can open', () => {
    expect(() => parseConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
  });

  it('refuses to start in production without its secrets, and does not seed there by default', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' })).toThrow(
      /SMTP_URL, PAYSTACK_SECRET_KEY, PUBLIC_PAYSTACK_PUBLIC_KEY/,
    );
    const config = parseConfig({ ...PRODUCTION, PUBLIC_SITE_URL: 'https://exam.example.com/' });
    expect(config.seedSampleData).toBe(false);
    expect(config.siteUrl).toBe('https://exam.example.com');
    // The daily test's secret: derived from the Paystack key when not set, never the development value.
    expect(config.dailyTestSecret).not.toBe(DEVELOPMENT_DAILY_TEST_SECRET);
    expect(config.dailyTestSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(parseConfig({ NODE_ENV: 'development' }).dailyTestSecret).toBe(DEVELOPMENT_DAILY_TEST_SECRET);
    const own = 'x'.repeat(40);
    expect(parseConfig({ DAILY_TEST_SECRET: own }).dailyTestSecret).toBe(own);
    expect(() => parseConfig({ DAILY_TEST_SECRET: 'short' })).toThrow(/DAILY_TEST_SECRET/);
  });

  it('refuses production without PUBLIC_SITE_URL, or with one that is not https', () => {
    const { PUBLIC_SITE_URL: _url, ...production } = PRODUCTION;
    expect(() => parseConfig(production)).toThrow(/Production needs PUBLIC_SITE_URL to be set/);
    expect(() => parseConfig({ ...production, PUBLIC_SITE_URL: '  ' })).toThrow(/PUBLIC_SITE_URL/);
    expect(() => parseConfig({ ...production, SMTP_URL: undefined })).toThrow(/SMTP_URL, PUBLIC_SITE_URL/);
    expect(() => parseConfig({ ...production, PUBLIC_SITE_URL: 'http://exam.example.com' })).toThrow(
      /PUBLIC_SITE_URL to be the public https:\/\/ origin/,
    );
    expect(parseConfig({ ...production, PUBLIC_SITE_URL: 'https://127.0.0.1:8443' }).siteUrl).toBe(
      'https://127.0.0.1:8443',
    );
    // Development and tests keep the local default.
    expect(parseConfig({}).siteUrl).toBe('http://localhost:4321');
  });

  it("refuses to start in production with any of the deploy example's placeholders left in", () => {
    const example = deployExample();
    // The example's keys are long enough to pass the length checks: only the placeholder check stops them.
    expect(example.IDENTITY_HASH_KEY).toContain(PLACEHOLDER_MARKER);
    expect(example.IDENTITY_HASH_KEY?.length).toBeGreaterThanOrEqual(32);
    expect(example.DAILY_TEST_SECRET).toContain(PLACEHOLDER_MARKER);
    expect(example.DAILY_TEST_SECRET?.length).toBeGreaterThanOrEqual(32);
    const placeholders = Object.keys(example).filter((name) => example[name]?.includes(PLACEHOLDER_MARKER));
    expect(placeholders.sort()).toEqual([
      'DAILY_TEST_SECRET',
      'DATABASE_URL',
      'IDENTITY_HASH_KEY',
      'PAYSTACK_SECRET_KEY',
      'PUBLIC_PAYSTACK_PUBLIC_KEY',
      'SMTP_URL',
    ]);
    expect(() => parseConfig(example)).toThrow(
      "Production refuses the example's CHANGE-ME placeholder in DATABASE_URL, SMTP_URL, PAYSTACK_SECRET_KEY, " +
        'DAILY_TEST_SECRET, PUBLIC_PAYSTACK_PUBLIC_KEY, IDENTITY_HASH_KEY',
    );

    // Filled in, the example starts; leave any one placeholder and it does not, naming that variable and
    // saying how to make a key.
    const filled: Record<string, string> = {
      ...example,
      DATABASE_URL: 'postgres://exam:a-real-password@127.0.0.1:5432/exam',
      SMTP_URL: 'smtps://user:a-real-password@mail.example.com',
      PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdef',
      DAILY_TEST_SECRET: 'c'.repeat(64),
      PUBLIC_PAYSTACK_PUBLIC_KEY: 'pk_live_0123456789abcdef',
      IDENTITY_HASH_KEY: 'd'.repeat(64),
    };
    expect(parseConfig(filled).identityHashKey).toBe('d'.repeat(64));
    for (const name of placeholders) {
      const refused = () => parseConfig({ ...filled, [name]: example[name] });
      expect(refused).toThrow(ConfigError);
      expect(refused).toThrow(`CHANGE-ME placeholder in ${name}: set the real value`);
      expect(refused).toThrow(/openssl rand -hex 32, or node -e .*randomBytes\(32\)/);
    }
    // In any case, and wherever the marker sits in the value.
    expect(() => parseConfig({ ...filled, IDENTITY_HASH_KEY: `${'e'.repeat(40)}change-me` })).toThrow(
      /placeholder in IDENTITY_HASH_KEY/,
    );
    // Development and tests do not care: they use no real secret.
    expect(parseConfig({ IDENTITY_HASH_KEY: example.IDENTITY_HASH_KEY }).identityHashKey).toBe(
      example.IDENTITY_HASH_KEY,
    );
  });
});
