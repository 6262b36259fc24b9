import { describe, expect, it } from 'vitest';
import { siteApi, userApi } from '../../src/lib/api/endpoints.ts';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import { testLogger } from '../support/logs.ts';
import { createTestApp, expectLogs, signUpStudent } from '../support/test-app.ts';

const t = await createTestApp();

describe('API conventions', () => {
  it('sends the security headers and a request id on every response', async () => {
    const response = await t.call(siteApi.health);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-request-id')).toMatch(/.+/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown route with 404 in the error shape', async () => {
    const response = await t.request('GET', '/api/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ success: false, message: 'This API route does not exist' });
  });

  it('answers 500 with a request id and no internals when something breaks', async () => {
    expectLogs(/request failed/, { level: 'error' });
    // A database that fails on every use with an error that is not a lost connection: a bug, not an outage.
    const brokenDb = new Proxy(
      {},
      {
        get() {
          throw new Error('secret database detail');
        },
      },
    ) as Database;
    const app = createApp({
      db: brokenDb,
      config: t.config,
      mailer: t.mailer,
      clock: t.clock,
      paystack: { mode: 'test-checkout', verify: async () => undefined },
      logger: testLogger(),
    });
    // Any route that reads the database; /health answers 503 for a failing database instead.
    const response = await app.request('/api/v1/user', {
      headers: { authorization: `Bearer ${'a'.repeat(43)}` },
    });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(text).not.toContain('secret database detail');
    expect(JSON.parse(text)).toMatchObject({
      success: false,
      requestId: response.headers.get('x-request-id'),
    });
  });
});

// The limits themselves, and why each is what it is, are tested in rate-limits.test.ts.
describe('rate limits', () => {
  it('answers 429 in plain text with Retry-After, and the cache headers of any API answer', async () => {
    const { body } = await signUpStudent(t);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await t.call(userApi.signIn, {
        body: { telephone: body.telephone, password: `wrong-${attempt}` },
        address: '192.0.2.6',
      });
      expect(response.status).toBe(401);
    }
    const blocked = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: '192.0.2.6',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(blocked.headers.get('cache-control')).toBe('no-store');
    expect(blocked.text).toBe(
      'Too many failed sign-in attempts for this phone number. Try again in 15 minutes.',
    );
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= RATE_LIMIT_POLICY.resetRequestAddress.points; attempt++) {
      const response = await t.call(userApi.requestReset, {
        body: { email: `spoof${attempt}@example.com` },
        address: '192.0.2.9',
        headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-2)).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });
});

const proxied = await createTestApp({ TRUST_PROXY: 'true' });

describe('rate limits behind a trusted proxy', () => {
  it('keys on the address the proxy appended, not on the first X-Forwarded-For entry', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= RATE_LIMIT_POLICY.resetRequestAddress.points; attempt++) {
      const response = await proxied.call(userApi.requestReset, {
        body: { email: `proxied${attempt}@example.com` },
        address: '10.9.9.9',
        // The client wrote the first entry itself; the proxy at 10.9.9.9 appended 203.0.113.50.
        headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.50` },
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-2)).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });

  it('tells apart clients that the proxy forwards from different addresses', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= RATE_LIMIT_POLICY.resetRequestAddress.points; attempt++) {
      const response = await proxied.call(userApi.requestReset, {
        body: { email: `forwarded${attempt}@example.com` },
        address: '10.9.9.9',
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 100}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
