import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { userApi } from '../../src/lib/api/endpoints.ts';
import { trustedDevices } from '../../src/server/db/schema.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import { closeRedis, openRedis } from '../../src/server/redis.ts';
import { hashSecret } from '../../src/server/services/tokens.ts';
import { readyRedis } from '../support/redis.ts';
import { createTestApp, expectLogs, newStudent, signUpStudent, type TestApp } from '../support/test-app.ts';

const t = await createTestApp();
const LOGIN = '/api/v1/user/login';

let addressCounter = 0;
/** A documentation address (RFC 5737) that no other test in this file uses. */
function freshAddress(): string {
  addressCounter += 1;
  return `198.18.${addressCounter >> 8}.${addressCounter & 255}`;
}

/** `count` wrong passwords for one number from one address, each expected to be refused with 401. */
async function wrongGuesses(app: TestApp, telephone: string, address: string, count: number) {
  for (let guess = 0; guess < count; guess++) {
    const response = await app.call(userApi.signIn, {
      body: { telephone, password: `wrong-guess-${guess}` },
      address,
    });
    expect(response.status).toBe(401);
  }
}

function expectTooMany(response: { status: number; headers: Headers; text: string }, text: string) {
  expect(response.status).toBe(429);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(response.text).toBe(text);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
}

const PHONE_LIMITED = 'Too many failed sign-in attempts for this phone number. Try again in 15 minutes.';

// A test that proves a limit of 100 or 200 failed sign-ins runs that many argon2id verifications (about
// 20 MiB and tens of milliseconds each), so those few tests get more time than the suite's default.
const ARGON2_HEAVY = { timeout: 90_000 };

describe('sign-in limits', () => {
  it('lets forty students sign in correctly from one school address', ARGON2_HEAVY, async () => {
    const students = await Promise.all(Array.from({ length: 40 }, () => signUpStudent(t)));
    const school = freshAddress();
    // The whole class signs in at once, as it does when the teacher says "start".
    const responses = await Promise.all(
      students.map(({ body }) =>
        t.call(userApi.signIn, {
          body: { telephone: body.telephone, password: body.password },
          address: school,
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(students.map(() => 200));
  });

  it('stops one guesser after 10 failures for a number from one address, in plain text with Retry-After', async () => {
    const { body } = await signUpStudent(t);
    const stranger = freshAddress();
    await wrongGuesses(t, body.telephone, stranger, RATE_LIMIT_POLICY.loginPhoneAddress.points);
    const blocked = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: stranger,
    });
    expectTooMany(blocked, PHONE_LIMITED);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
  });

  it("lets the owner sign in from another address after a stranger's ten wrong guesses", async () => {
    const { body } = await signUpStudent(t);
    await wrongGuesses(t, body.telephone, freshAddress(), 10);
    const owner = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: freshAddress(),
    });
    expect(owner.status).toBe(200);
  });

  it('forgives the failures of a number at an address once it signs in there', async () => {
    const { body } = await signUpStudent(t);
    const home = freshAddress();
    await wrongGuesses(t, body.telephone, home, 9);
    const signedIn = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: home,
    });
    expect(signedIn.status).toBe(200);
    await wrongGuesses(t, body.telephone, home, 10);
    const blocked = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: 'wrong-again' },
      address: home,
    });
    expectTooMany(blocked, PHONE_LIMITED);
  });

  it(
    'stops guessing one number spread over many addresses at 100 failures an hour',
    ARGON2_HEAVY,
    async () => {
      const { body } = await signUpStudent(t);
      const { points } = RATE_LIMIT_POLICY.loginPhone;
      // Ten addresses guess in parallel, each staying under its own limit of 10.
      await Promise.all(
        Array.from({ length: points / 10 }, () => wrongGuesses(t, body.telephone, freshAddress(), 10)),
      );
      const blocked = await t.call(userApi.signIn, {
        body: { telephone: body.telephone, password: body.password },
        address: freshAddress(),
      });
      expectTooMany(blocked, 'Too many failed sign-in attempts for this phone number. Try again in an hour.');
    },
  );

  it(
    'stops one address trying many numbers (credential stuffing) at 200 failures in 15 minutes',
    ARGON2_HEAVY,
    async () => {
      const stuffer = freshAddress();
      const { points } = RATE_LIMIT_POLICY.loginAddress;
      // Unknown numbers answer 401 like wrong passwords; 5 guesses each stay under the per-number limits.
      await Promise.all(
        Array.from({ length: points / 5 }, (_, index) =>
          wrongGuesses(t, `0709${String(index).padStart(7, '0')}`, stuffer, 5),
        ),
      );
      const blocked = await t.call(userApi.signIn, {
        body: { telephone: '07098888888', password: 'another-guess' },
        address: stuffer,
      });
      expectTooMany(blocked, 'Too many failed sign-in attempts from this network. Try again in 15 minutes.');
      // The students of a neighbouring network are not affected.
      const { body } = await signUpStudent(t);
      const other = await t.call(userApi.signIn, {
        body: { telephone: body.telephone, password: body.password },
        address: freshAddress(),
      });
      expect(other.status).toBe(200);
    },
  );

  it('lets exactly 10 of 30 concurrent wrong guesses through, however they race', async () => {
    const { body } = await signUpStudent(t);
    const stranger = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, guess) =>
        t.call(userApi.signIn, {
          body: { telephone: body.telephone, password: `race-${guess}` },
          address: stranger,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('still answers bad input with its 400 once the number is limited at that address', async () => {
    const { body } = await signUpStudent(t);
    const stranger = freshAddress();
    await wrongGuesses(t, body.telephone, stranger, 10);
    const invalid = await t.request('POST', LOGIN, {
      body: { telephone: body.telephone },
      address: stranger,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors).toContainEqual({ path: ['password'], message: 'Password is required' });
  });

  it('does not count refused input towards the limit', async () => {
    const { body } = await signUpStudent(t);
    const home = freshAddress();
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await t.call(userApi.signIn, {
        body: { telephone: body.telephone, password: '123' },
        address: home,
      });
      expect(response.status).toBe(400);
    }
    const signedIn = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: home,
    });
    expect(signedIn.status).toBe(200);
  });
});

/** The device cookie a sign-in answer sets, as the browser would send it back, and its attributes. */
function deviceCookieOf(response: { headers: Headers }) {
  const setCookie = response.headers.get('set-cookie') ?? '';
  const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
  expect(pair).toMatch(/^device=[A-Za-z0-9_-]{43}$/);
  return { header: pair, attributes };
}

/** A sign-in with the right password from a fresh address, carrying a Cookie header when given. */
function ownerSignsIn(body: { telephone: string; password: string }, cookie?: string) {
  return t.call(userApi.signIn, {
    body: { telephone: body.telephone, password: body.password },
    address: freshAddress(),
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });
}

describe('the device cookie: a browser that signed in before is trusted past the per-number limit', () => {
  it('gives the browser an HttpOnly, SameSite=Strict cookie for the sign-in route only, and stores its hash', async () => {
    const { body, user } = await signUpStudent(t);
    const signedIn = await ownerSignsIn(body);
    expect(signedIn.status).toBe(200);
    const { header, attributes } = deviceCookieOf(signedIn);
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/api/v1/user/login', 'HttpOnly', 'SameSite=Strict', 'Max-Age=31536000']),
    );
    // The test app's site is http://localhost: a Secure cookie would never come back there.
    expect(attributes).not.toContain('Secure');
    const value = header.slice('device='.length);
    const stored = await t.db
      .select({ tokenHash: trustedDevices.tokenHash })
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, user._id));
    expect(stored).toEqual([{ tokenHash: hashSecret(value) }]);
    // Signing in again with it keeps the same device (one row), and a wrong password sets no cookie.
    const again = await ownerSignsIn(body, header);
    expect(deviceCookieOf(again).header).toBe(header);
    expect(await t.db.$count(trustedDevices, eq(trustedDevices.userId, user._id))).toBe(1);
    const wrong = await ownerSignsIn({ telephone: body.telephone, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('is Secure when the site is https', async () => {
    // A second instance on this file's database, with an https site.
    const secure = await createTestApp({ PUBLIC_SITE_URL: 'https://examprep.example' }, { db: t.db });
    const { body } = await signUpStudent(secure);
    const signedIn = await secure.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
    });
    expect(signedIn.status).toBe(200);
    expect(deviceCookieOf(signedIn).attributes).toContain('Secure');
  });

  it(
    "lets the owner's device in after a stranger's 100 wrong guesses from 10 addresses; no cookie, a forged or another account's cookie still get 429",
    ARGON2_HEAVY,
    async () => {
      const { body } = await signUpStudent(t);
      const device = deviceCookieOf(await ownerSignsIn(body)).header;
      const other = await signUpStudent(t);
      const othersDevice = deviceCookieOf(await ownerSignsIn(other.body)).header;

      await Promise.all(
        Array.from({ length: RATE_LIMIT_POLICY.loginPhone.points / 10 }, () =>
          wrongGuesses(t, body.telephone, freshAddress(), 10),
        ),
      );
      const locked = 'Too many failed sign-in attempts for this phone number. Try again in an hour.';
      expectTooMany(await ownerSignsIn(body), locked);
      expectTooMany(await ownerSignsIn(body, `device=${'A'.repeat(43)}`), locked);
      expectTooMany(await ownerSignsIn(body, othersDevice), locked);
      // The stranger cannot pass another account's cookie, nor one glued onto a real one.
      expectTooMany(await ownerSignsIn(body, `${othersDevice}; theme=dark`), locked);

      const owner = await ownerSignsIn(body, `theme=dark; ${device}`);
      expect(owner.status).toBe(200);
      expect(owner.json.data.user.telephone).toBe(body.telephone);
      // The number stays locked for everyone else.
      expectTooMany(await ownerSignsIn(body), locked);
    },
  );

  it(
    "limits the device's own wrong guesses: 10 in 15 minutes, then 429; a sign-in forgives earlier typos",
    ARGON2_HEAVY,
    async () => {
      const { body } = await signUpStudent(t);
      const device = deviceCookieOf(await ownerSignsIn(body)).header;
      // The owner's own typos are forgiven once the device signs in.
      const typo = { telephone: body.telephone, password: 'typo-typo' };
      for (let guess = 0; guess < 9; guess++) expect((await ownerSignsIn(typo, device)).status).toBe(401);
      expect((await ownerSignsIn(body, device)).status).toBe(200);
      // From ten addresses, so no per-address counter is what stops it.
      for (let guess = 0; guess < RATE_LIMIT_POLICY.loginDevice.points; guess++) {
        const response = await ownerSignsIn(
          { telephone: body.telephone, password: `device-guess-${guess}` },
          device,
        );
        expect(response.status).toBe(401);
      }
      const blocked = await ownerSignsIn(body, device);
      expectTooMany(blocked, 'Too many failed sign-in attempts on this device. Try again in 15 minutes.');
      // Those guesses did not count against the number: the owner elsewhere, without the cookie, signs in.
      expect((await ownerSignsIn(body)).status).toBe(200);
    },
  );
});

describe('sign-up, reset and contact limits', () => {
  it(
    'lets a class of forty sign up from one address, and stops the 61st sign-up in an hour',
    ARGON2_HEAVY,
    async () => {
      const school = freshAddress();
      const refused = await t.call(userApi.signUp, {
        body: newStudent({ confirmPassword: 'different' }),
        address: school,
      });
      expect(refused.status).toBe(400);
      const responses = await Promise.all(
        Array.from({ length: RATE_LIMIT_POLICY.signUpAddress.points }, () =>
          t.call(userApi.signUp, { body: newStudent(), address: school }),
        ),
      );
      expect(responses.every((response) => response.status === 201)).toBe(true);
      const blocked = await t.call(userApi.signUp, { body: newStudent(), address: school });
      expectTooMany(blocked, 'Too many sign-ups from this network. Try again in an hour.');
      const elsewhere = await t.call(userApi.signUp, {
        body: newStudent(),
        address: freshAddress(),
      });
      expect(elsewhere.status).toBe(201);
    },
  );

  it('limits reset requests to 3 per email and 30 per address in 15 minutes', async () => {
    const email = `reset-${randomUUID()}@example.com`;
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await t.call(userApi.requestReset, { body: { email }, address: freshAddress() });
      expect(response.status).toBe(200);
    }
    const sameEmail = await t.call(userApi.requestReset, {
      body: { email: email.toUpperCase() },
      address: freshAddress(),
    });
    expectTooMany(sameEmail, 'Too many reset requests for this email. Try again in 15 minutes.');

    const school = freshAddress();
    for (let attempt = 0; attempt < RATE_LIMIT_POLICY.resetRequestAddress.points; attempt++) {
      const response = await t.call(userApi.requestReset, {
        body: { email: `student${attempt}-${randomUUID()}@example.com` },
        address: school,
      });
      expect(response.status).toBe(200);
    }
    const blocked = await t.call(userApi.requestReset, {
      body: { email: 'one.more@example.com' },
      address: school,
    });
    expectTooMany(blocked, 'Too many reset requests from this network. Try again in 15 minutes.');
  });

  it('counts only failed reset submissions: 20 wrong tokens from one address in 15 minutes', async () => {
    const address = freshAddress();
    // Two students reset successfully from the address first; their successes cost nothing.
    for (let index = 0; index < 2; index++) {
      const { body } = await signUpStudent(t);
      await t.call(userApi.requestReset, { body: { email: body.email } });
      const token = await tokenMailedTo(body.email);
      const reset = await t.call(userApi.resetPassword, {
        body: { otp: token, password: 'new-secret-1' },
        address,
      });
      expect(reset.status).toBe(200);
    }
    for (let attempt = 0; attempt < RATE_LIMIT_POLICY.resetSubmitAddress.points; attempt++) {
      const response = await t.call(userApi.resetPassword, {
        body: { otp: `not-a-token-${attempt}`, password: 'new-secret-1' },
        address,
      });
      expect(response.status).toBe(400);
    }
    const blocked = await t.call(userApi.resetPassword, {
      body: { otp: 'another', password: 'new-secret-1' },
      address,
    });
    expectTooMany(blocked, 'Too many failed reset attempts from this network. Try again in 15 minutes.');
  });

  it('limits subscription look-ups (GRW) per address without counting bad input', async () => {
    const address = freshAddress();
    const form = (body: string) => ({
      body,
      address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const invalid = await t.request('POST', '/api', form('action=NOPE'));
    expect(invalid.status).toBe(400);
    const requests = Array.from({ length: RATE_LIMIT_POLICY.msisdnAddress.points }, () =>
      t.request('POST', '/api', form('action=GRW&msisdn=')),
    );
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expectTooMany(
      await t.request('POST', '/api', form('action=GRW&msisdn=')),
      'Too many requests from this network. Try again in 15 minutes.',
    );
  });

  /** The reset token from the latest email to an address (mail is sent without holding up the response). */
  async function tokenMailedTo(email: string): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const token = t.mailer.sent
        .findLast((sent) => sent.to === email)
        ?.text.match(/Your reset token: (\S+)/)?.[1];
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no reset email reached ${email}`);
  }
});

const proxied = await createTestApp({ TRUST_PROXY: '1' });
const PROXY = '10.0.0.1';

describe('limits behind one trusted proxy (TRUST_PROXY=1)', () => {
  it('keys on the address the proxy appended, so a client writing its own first entry cannot dodge', async () => {
    const client = '203.0.113.77';
    for (let attempt = 0; attempt < RATE_LIMIT_POLICY.resetRequestAddress.points; attempt++) {
      const response = await proxied.call(userApi.requestReset, {
        body: { email: `proxied${attempt}@example.com` },
        address: PROXY,
        headers: { 'x-forwarded-for': `198.51.100.${attempt}, ${client}` },
      });
      expect(response.status).toBe(200);
    }
    const blocked = await proxied.call(userApi.requestReset, {
      body: { email: 'proxied-last@example.com' },
      address: PROXY,
      headers: { 'x-forwarded-for': `198.51.100.250, ${client}` },
    });
    expectTooMany(blocked, 'Too many reset requests from this network. Try again in 15 minutes.');
  });

  it('tells clients behind the proxy apart: the owner signs in while a stranger is limited', async () => {
    const { body } = await signUpStudent(proxied);
    const stranger = '203.0.113.88';
    for (let guess = 0; guess < 10; guess++) {
      const response = await proxied.call(userApi.signIn, {
        body: { telephone: body.telephone, password: `wrong-${guess}` },
        address: PROXY,
        headers: { 'x-forwarded-for': `192.0.2.${guess}, ${stranger}` },
      });
      expect(response.status).toBe(401);
    }
    const strangerAgain = await proxied.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: PROXY,
      headers: { 'x-forwarded-for': `192.0.2.99, ${stranger}` },
    });
    expectTooMany(strangerAgain, PHONE_LIMITED);
    const owner = await proxied.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(owner.status).toBe(200);
  });
});

// Nothing listens on port 1: every Redis command fails, as during an outage.
const deadRedis = openRedis('redis://127.0.0.1:1', pino({ level: 'silent' }));
afterAll(() => closeRedis(deadRedis));
const offline = await createTestApp({}, { redis: deadRedis, db: t.db });

describe('limits while Redis is unreachable', () => {
  it('keeps counting in memory and never answers 5xx', async () => {
    expectLogs(/redis did not answer/);
    const { body } = await signUpStudent(offline);
    const stranger = freshAddress();
    await wrongGuesses(offline, body.telephone, stranger, 10);
    expectTooMany(
      await offline.call(userApi.signIn, {
        body: { telephone: body.telephone, password: 'x-guess-11' },
        address: stranger,
      }),
      PHONE_LIMITED,
    );
    const owner = await offline.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: freshAddress(),
    });
    expect(owner.status).toBe(200);
  });
});

/**
 * Two instances of one deployment (one database, one Redis, one key prefix) and a third under another
 * prefix. The prefix is new on every run of this file, so parallel runs and other files never share a
 * counter.
 */
async function sharedInstances(url: string) {
  const redis = await readyRedis(url);
  const prefix = `test:rate-limits:${randomUUID()}`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await closeRedis(redis);
  });
  return {
    instanceA: await createTestApp({}, { redis, rateLimitPrefix: prefix, db: t.db }),
    instanceB: await createTestApp({}, { redis, rateLimitPrefix: prefix, db: t.db }),
    otherDeployment: await createTestApp({}, { redis, rateLimitPrefix: `${prefix}:other`, db: t.db }),
  };
}

const redisUrl = process.env.TEST_REDIS_URL;
const shared = redisUrl ? await sharedInstances(redisUrl) : undefined;

/** The shared instances; only called from tests that run when TEST_REDIS_URL is set. */
function instances() {
  if (!shared) throw new Error('TEST_REDIS_URL is needed');
  return shared;
}

// Limits shared by instances need a Redis server (TEST_REDIS_URL): skipped without one (CI has one).
describe.skipIf(!shared)('limits shared through Redis (TEST_REDIS_URL)', () => {
  it('adds up failures made at two instances', async () => {
    const { instanceA, instanceB } = instances();
    const { body } = await signUpStudent(instanceA);
    const stranger = freshAddress();
    await wrongGuesses(instanceA, body.telephone, stranger, 5);
    await wrongGuesses(instanceB, body.telephone, stranger, 5);
    for (const instance of [instanceA, instanceB]) {
      const blocked = await instance.call(userApi.signIn, {
        body: { telephone: body.telephone, password: body.password },
        address: stranger,
      });
      expectTooMany(blocked, PHONE_LIMITED);
    }
    // The owner, elsewhere, still gets in through either instance.
    const owner = await instanceB.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: freshAddress(),
    });
    expect(owner.status).toBe(200);
  });

  it('lets concurrent guesses at two instances through no more than the limit together', async () => {
    const { instanceA, instanceB } = instances();
    const { body } = await signUpStudent(instanceA);
    const stranger = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, guess) =>
        (guess % 2 ? instanceA : instanceB).call(userApi.signIn, {
          body: { telephone: body.telephone, password: `race-${guess}` },
          address: stranger,
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 401)).toHaveLength(10);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(14);
  });

  it('keeps the counters of instances with another prefix apart', async () => {
    const { instanceA, instanceB, otherDeployment } = instances();
    const { body } = await signUpStudent(instanceA);
    const stranger = freshAddress();
    await wrongGuesses(instanceA, body.telephone, stranger, 10);
    expectTooMany(
      await instanceB.call(userApi.signIn, {
        body: { telephone: body.telephone, password: body.password },
        address: stranger,
      }),
      PHONE_LIMITED,
    );
    const elsewhere = await otherDeployment.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
      address: stranger,
    });
    expect(elsewhere.status).toBe(200);
  });
});
