import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

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
    expect(config.trustProxy).toBe(true);
    expect(config.seedSampleData).toBe(false);
    expect(config.countryHeader).toBe('cf-ipcountry');
  });

  it('names every invalid variable', () => {
    expect(() => parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'maybe' })).toThrow(
      /PORT.*DATABASE_URL.*TRUST_PROXY/,
    );
  });

  it('refuses to start in production without its secrets, and does not seed there by default', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' })).toThrow(
      /SMTP_URL, PAYSTACK_SECRET_KEY, PUBLIC_PAYSTACK_PUBLIC_KEY/,
    );
    const config = parseConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://h/db',
      SMTP_URL: 'smtp://mail.example.com:587',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
      PUBLIC_PAYSTACK_PUBLIC_KEY: 'pk_live_x',
    });
    expect(config.seedSampleData).toBe(false);
  });
});
