import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEVELOPMENT_DAILY_TEST_SECRET,
  DEVELOPMENT_IDENTITY_HASH_KEY,
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
});
