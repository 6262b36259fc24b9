import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userApi } from '../../src/lib/api/endpoints.ts';
import type { Database, Executor } from '../../src/server/db/client.ts';
import { passwordResets, users } from '../../src/server/db/schema.ts';
import { createResetToken, settledPasswordResets } from '../../src/server/services/password-reset.ts';
import { hashSecret, newSecret } from '../../src/server/services/tokens.ts';
import { createTestApp, signUpStudent } from '../support/test-app.ts';
import { testDatabaseKind } from '../support/test-database.ts';

const t = await createTestApp({ PUBLIC_SITE_URL: 'https://examprep.test' });

/** Asks for a reset token; the token and its email are made after the answer. */
function requestReset(email: string, app = t) {
  return app.call(userApi.requestReset, { body: { email } });
}

/** The reset token from the latest email to an address, once the reset requests started have finished. */
async function tokenMailedTo(email: string): Promise<string> {
  await settledPasswordResets();
  const message = t.mailer.sent.findLast((sent) => sent.to === email);
  const token = message?.text.match(/Your reset token: (\S+)/)?.[1];
  if (!token) throw new Error(`no reset email reached ${email}`);
  return token;
}

/** How many of an account's reset tokens still work now. */
function liveTokens(userId: string) {
  return t.db.$count(
    passwordResets,
    and(
      eq(passwordResets.userId, userId),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, t.clock.now()),
    ),
  );
}

/**
 * The test database, with every transaction held until `open()`: an app on it shows what a request
 * answers before its database work can finish.
 */
function gatedDatabase(db: Database) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let waiting = 0;
  const gated = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return async (...args: Parameters<Database['transaction']>) => {
          waiting += 1;
          await gate;
          return target.transaction(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db: gated,
    open,
    get waiting() {
      return waiting;
    },
  };
}

describe('PUT /api/v1/user/reset-password (request a token)', () => {
  it('mails a 256-bit single-use token and stores only its hash', async () => {
    const { body } = await signUpStudent(t);
    const response = await requestReset(body.email);
    expect(response.status).toBe(200);
    expect(response.json.message).toBe('Reset token has been sent to your email');
    const token = await tokenMailedTo(body.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const message = t.mailer.sent.findLast((sent) => sent.to === body.email);
    expect(message?.text).toContain('https://examprep.test/set-password');
    const rows = await t.db.select().from(passwordResets);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('mails a one-tap link with the token in the fragment, and the token as text', async () => {
    const { body } = await signUpStudent(t);
    await requestReset(body.email);
    const token = await tokenMailedTo(body.email);
    const text = t.mailer.sent.findLast((sent) => sent.to === body.email)?.text ?? '';
    const links = text.match(/https?:\/\/\S+/g) ?? [];
    const link = new URL(links.find((href) => href.includes('#')) ?? '');
    expect(link.origin + link.pathname).toBe('https://examprep.test/set-password');
    expect(link.hash).toBe(`#token=${token}`);
    // Only the fragment carries it: no part a browser sends to a server or in a Referer names the token.
    expect(link.search).toBe('');
    expect(links.filter((href) => href.includes(token))).toEqual([link.href]);
    expect(text).toContain(`Your reset token: ${token}`);
  });

  it('answers the same for an email with no account, and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const response = await requestReset('nobody@example.com');
    expect(response.status).toBe(200);
    expect(response.json.message).toBe('Reset token has been sent to your email');
    await settledPasswordResets();
    expect(t.mailer.sent.length).toBe(before);
  });

  it('answers a known and an unknown email before any of their database work, on the same path', async () => {
    const { body } = await signUpStudent(t);
    const held = gatedDatabase(t.db);
    const app = await createTestApp({ PUBLIC_SITE_URL: 'https://examprep.test' }, { db: held.db });
    const known = await requestReset(body.email, app);
    const unknown = await requestReset('nobody-at-all@example.com', app);
    // Both answers are out while their transactions are still held: the answer waits for neither.
    for (const response of [known, unknown]) {
      expect(response.status).toBe(200);
      expect(response.json).toEqual(unknown.json);
    }
    expect(held.waiting).toBe(2);
    expect(app.mailer.sent).toHaveLength(0);
    held.open();
    await settledPasswordResets();
    expect(app.mailer.sent.map((sent) => sent.to)).toEqual([body.email]);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: 'not-email' }, 'Please enter a valid email address'],
  ])('rejects %j with "%s"', async (body, message) => {
    const response = await t.request('PUT', '/api/v1/user/reset-password', { body });
    expect(response.status).toBe(400);
    expect(response.json.errors).toContainEqual({ path: ['email'], message });
  });
});

describe('POST /api/v1/user/reset-password (set the new password)', () => {
  async function requestToken() {
    const student = await signUpStudent(t);
    await requestReset(student.body.email);
    return { ...student, otp: await tokenMailedTo(student.body.email) };
  }

  it('sets the password once and signs the user out everywhere', async () => {
    const { otp, token, body } = await requestToken();
    const response = await t.call(userApi.resetPassword, { body: { otp, password: 'NewPass#2026' } });
    expect(response.status).toBe(200);
    expect(response.json.message).toBe('Password successfully reset');

    expect((await t.call(userApi.current, { token })).status).toBe(401);
    const oldLogin = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: 'NewPass#2026' },
    });
    expect(newLogin.status).toBe(200);

    const again = await t.call(userApi.resetPassword, { body: { otp, password: 'Another#2026' } });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('This reset token is invalid or has expired. Request a new one.');
  });

  it('refuses a token after 15 minutes', async () => {
    const { otp } = await requestToken();
    t.clock.advance(15 * 60_000 + 1);
    try {
      const response = await t.call(userApi.resetPassword, { body: { otp, password: 'NewPass#2026' } });
      expect(response.status).toBe(400);
    } finally {
      t.clock.advance(-(15 * 60_000 + 1));
    }
  });

  it('retires an earlier token when a new one is requested', async () => {
    const { otp, body } = await requestToken();
    await requestReset(body.email);
    await settledPasswordResets();
    const response = await t.call(userApi.resetPassword, { body: { otp, password: 'NewPass#2026' } });
    expect(response.status).toBe(400);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.usedAt, t.clock.now()));
    expect(row).toBeDefined();
  });

  it('retires every outstanding token of the account once one of them resets the password', async () => {
    const { otp, body, user } = await requestToken();
    // A second live token, as a request racing another could leave one before requests were serialised.
    const stray = newSecret();
    await t.db.insert(passwordResets).values({
      userId: user._id,
      tokenHash: hashSecret(stray),
      createdAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 15 * 60_000),
    });
    const reset = await t.call(userApi.resetPassword, { body: { otp, password: 'NewPass#2026' } });
    expect(reset.status).toBe(200);
    const again = await t.call(userApi.resetPassword, { body: { otp: stray, password: 'Stolen#2026' } });
    expect(again.status).toBe(400);
    const signedIn = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: 'NewPass#2026' },
    });
    expect(signedIn.status).toBe(200);
    expect(await liveTokens(user._id)).toBe(0);
  });

  it.each([
    [{ password: 'NewPass#2026' }, 'otp', 'Token is required'],
    [{ otp: 'x' }, 'password', 'New password is required'],
    [{ otp: 'x', password: 'short' }, 'password', 'Password must be at least 8 characters long'],
  ])('rejects %j with "%s: %s"', async (body, field, message) => {
    const response = await t.request('POST', '/api/v1/user/reset-password', { body });
    expect(response.status).toBe(400);
    expect(response.json.errors).toContainEqual({ path: [field], message });
  });
});

// PGlite runs one query at a time, so these races need PostgreSQL (the api-postgres project).
describe.runIf(testDatabaseKind === 'postgres')('reset races on PostgreSQL', () => {
  // Each round signs a student up (an argon2id hash): more time than the suite's default.
  const ROUNDS = { timeout: 120_000 };

  it('three requests at once for one account leave one live token (12 rounds)', ROUNDS, async () => {
    for (let round = 0; round < 12; round++) {
      const { body, user } = await signUpStudent(t);
      const responses = await Promise.all(Array.from({ length: 3 }, () => requestReset(body.email)));
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
      await settledPasswordResets();
      expect(await liveTokens(user._id)).toBe(1);
    }
  });

  it('a reset that meets a new request for the same account waits for it instead of deadlocking', async () => {
    const { body, user } = await signUpStudent(t);
    await requestReset(body.email);
    const otp = await tokenMailedTo(body.email);
    let reset: ReturnType<typeof t.request> | undefined;
    // A request for a new token holds the account's row, as createResetToken does, while the reset starts.
    await t.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user._id)).for('update');
      reset = t.call(userApi.resetPassword, { body: { otp, password: 'NewPass#2026' } });
      await waitUntilBlocked(tx);
      // It retires the earlier token: had the reset locked that token first, each would wait for the other.
      await createResetToken(tx as unknown as Database, body.email, t.clock.now());
    });
    const answered = await reset;
    expect(answered?.status).toBe(400);
    expect(await liveTokens(user._id)).toBe(1);
  });
});

/** Resolves once another session of this database waits for a lock (the request under test). */
async function waitUntilBlocked(tx: Executor) {
  for (let poll = 0; poll < 200; poll++) {
    // The tests' PostgreSQL driver (node-postgres) answers execute() with its result's rows.
    const { rows } = (await tx.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the reset never waited for the account row');
}
