import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coinHistoryApi, userApi } from '../../src/lib/api/endpoints.ts';
import { LIST_DEPTH } from '../../src/lib/api/paged.ts';
import { coinLedger, sessions, subscriptions, users } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/services/accounts.ts';
import { createTestApp, newStudent, signUpStudent } from '../support/test-app.ts';

const t = await createTestApp();

describe('POST /api/v1/user (sign-up)', () => {
  it('creates the account and a session, and mails a link to confirm the email before any reward', async () => {
    const body = newStudent();
    const response = await t.call(userApi.signUp, { body });
    expect(response.status).toBe(201);
    expect(response.json.success).toBe(true);
    const { user, token, isAdmin, profile } = response.json.data;
    expect(user).toMatchObject({
      firstName: 'Ngozi',
      email: body.email,
      emailVerified: false,
      pendingEmail: null,
      telephone: body.telephone,
      triviaPoints: 0,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(isAdmin).toBe(false);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(profile.subscription).toEqual({ status: 'none', planId: null, planTitle: null, endsAt: null });
    expect(await t.db.$count(coinLedger, eq(coinLedger.userId, user._id))).toBe(0);
    expect(await t.db.$count(subscriptions, eq(subscriptions.userId, user._id))).toBe(0);

    const mail = t.mailer.sent.findLast((message) => message.to === body.email);
    expect(mail?.subject).toBe('Confirm your email address');
    expect(mail?.text).toContain(`${t.config.siteUrl}/verify-email?token=`);

    const [stored] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.emailVerifiedAt).toBeNull();
    const [storedSession] = await t.db.select().from(sessions).where(eq(sessions.userId, user._id));
    expect(storedSession?.tokenHash).not.toBe(token);
  });

  it('starts the one-day trial and the 80 welcome coins when the link is opened', async () => {
    const { user, token } = await signUpStudent(t);
    expect(user).toMatchObject({ emailVerified: true, triviaPoints: 80 });
    const me = await t.call(userApi.current, { token });
    expect(me.json.data.profile.subscription).toEqual({
      status: 'trial',
      planId: null,
      planTitle: null,
      endsAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    });
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user._id));
    expect(ledger).toMatchObject([
      { type: 'credit', coins: 80, coinsAfter: 80, description: 'Welcome bonus' },
    ]);
  });

  it('stores the email lower-cased and trims names', async () => {
    const body = newStudent({ firstName: '  Tunde ', email: 'Tunde.Bakare@Example.COM' });
    const response = await t.call(userApi.signUp, { body });
    expect(response.status).toBe(201);
    expect(response.json.data.user).toMatchObject({ firstName: 'Tunde', email: 'tunde.bakare@example.com' });
  });

  it.each([
    ['firstName', '', 'First Name is required'],
    ['lastName', undefined, 'Last Name is required'],
    ['email', '', 'Email is required'],
    ['email', 'not-an-email', 'Email is invalid'],
    ['telephone', '', 'Phone number is required'],
    ['telephone', '080123', 'Please enter a valid 11-digit phone number'],
    ['telephone', '0801234567X', 'Please enter a valid 11-digit phone number'],
    ['password', '', 'Password is required'],
    ['password', 'abc12', 'Password must be at least 6 characters'],
    ['agreeTerms', false, 'You must agree to the terms and conditions'],
  ])('rejects %s = %j with "%s" and creates nothing', async (field, value, message) => {
    const body = {
      ...newStudent(),
      [field]: value,
      ...(field === 'password' ? { confirmPassword: value } : {}),
    };
    const before = await t.db.$count(users);
    const response = await t.request('POST', '/api/v1/user', { body });
    expect(response.status).toBe(400);
    expect(response.json.success).toBe(false);
    expect(response.json.errors).toContainEqual({ path: [field], message });
    expect(await t.db.$count(users)).toBe(before);
  });

  it('rejects a confirmation that does not match', async () => {
    const response = await t.call(userApi.signUp, {
      body: newStudent({ confirmPassword: 'different1' }),
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ path: ['confirmPassword'], message: 'Passwords do not match' }]);
  });

  it('lists a mismatched confirmation among the other field errors of the 400', async () => {
    const response = await t.request('POST', '/api/v1/user', {
      body: newStudent({
        firstName: '',
        email: 'not-an-email',
        telephone: '0803',
        password: 'abc',
        confirmPassword: 'abd',
        agreeTerms: false,
      }),
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      { path: ['firstName'], message: 'First Name is required' },
      { path: ['email'], message: 'Email is invalid' },
      { path: ['telephone'], message: 'Please enter a valid 11-digit phone number' },
      { path: ['password'], message: 'Password must be at least 6 characters' },
      { path: ['agreeTerms'], message: 'You must agree to the terms and conditions' },
      { path: ['confirmPassword'], message: 'Passwords do not match' },
    ]);
  });

  it('answers 409 for a phone number or an email that is already used', async () => {
    const { body } = await signUpStudent(t);
    const samePhone = await t.call(userApi.signUp, {
      body: newStudent({ telephone: body.telephone }),
    });
    expect(samePhone.status).toBe(409);
    expect(samePhone.json.message).toBe('An account with this phone number already exists');
    const sameEmail = await t.call(userApi.signUp, {
      body: newStudent({ email: body.email.toUpperCase() }),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json.message).toBe('An account with this email already exists');
  });

  it('answers 400 for malformed JSON and 413 for a body over 1 MB', async () => {
    const malformed = await t.request('POST', '/api/v1/user', { body: '{"firstName": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.success).toBe(false);
    const huge = await t.request('POST', '/api/v1/user', {
      body: JSON.stringify({ firstName: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.json.message).toBe('Request body is too large (1 MB at most)');
  });
});

describe('POST /api/v1/user/login', () => {
  it('signs in with the right phone number and password', async () => {
    const { body } = await signUpStudent(t);
    const response = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: body.password },
    });
    expect(response.status).toBe(200);
    expect(response.json.message).toBe('Login successful');
    expect(response.json.data.user.telephone).toBe(body.telephone);
    const me = await t.call(userApi.current, { token: response.json.data.token });
    expect(me.status).toBe(200);
  });

  it('answers 401 for a wrong password or an unknown number, without saying which', async () => {
    const { body } = await signUpStudent(t);
    const wrongPassword = await t.call(userApi.signIn, {
      body: { telephone: body.telephone, password: 'wrong-password' },
    });
    const unknown = await t.call(userApi.signIn, {
      body: { telephone: '09099999999', password: body.password },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.json.message).toBe('Incorrect phone number or password');
    expect(unknown.json.message).toBe(wrongPassword.json.message);
  });

  it.each([
    [{ password: 'secret123' }, 'telephone', 'Phone number is required'],
    [
      { telephone: '0803123456', password: 'secret123' },
      'telephone',
      'Please enter a valid 11-digit phone number',
    ],
    [{ telephone: '08031234567' }, 'password', 'Password is required'],
    [
      { telephone: '08031234567', password: 'abc' },
      'password',
      'Password must be at least 6 characters long',
    ],
  ])('rejects %j with "%s: %s"', async (body, field, message) => {
    const response = await t.request('POST', '/api/v1/user/login', { body });
    expect(response.status).toBe(400);
    expect(response.json.errors).toContainEqual({ path: [field], message });
  });

  it('refuses an admin coming from the web app with 403', async () => {
    await t.db.insert(users).values({
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'ada.admin@example.com',
      telephone: '08000000001',
      passwordHash: await hashPassword('admin-pass-1'),
      isAdmin: true,
    });
    const response = await t.call(userApi.signIn, {
      body: { telephone: '08000000001', password: 'admin-pass-1' },
    });
    expect(response.status).toBe(403);
    expect(response.json.message).toBe('Unauthorized User, Access denied');
    const id = await adminId();
    expect(id).toBeDefined();
    expect(await t.db.$count(sessions, eq(sessions.userId, id ?? ''))).toBe(0);
  });
});

async function adminId() {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.telephone, '08000000001'));
  return row?.id;
}

describe('GET /api/v1/user', () => {
  it('returns the user, isAdmin, the profile and the token', async () => {
    const { token, user } = await signUpStudent(t);
    const response = await t.call(userApi.current, { token });
    expect(response.status).toBe(200);
    expect(response.json.data).toMatchObject({ user: { _id: user._id }, isAdmin: false, token });
    expect(response.json.data.profile).toMatchObject({ totalScore: 0, subscription: { status: 'trial' } });
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers 304 with no body to the ETag it gave, and a new tag once anything in the answer changes', async () => {
    const { token } = await signUpStudent(t);
    const first = await t.call(userApi.current, { token });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('vary')).toMatch(/Authorization/);

    const again = await t.call(userApi.current, { token, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    expect(again.headers.get('vary')).toMatch(/Authorization/);

    const renamed = await t.call(userApi.update, { token, body: { firstName: 'Adaeze' } });
    expect(renamed.status).toBe(200);
    const afterName = await t.call(userApi.current, { token, headers: { 'if-none-match': etag } });
    expect(afterName.status).toBe(200);
    expect(afterName.json.data.user.firstName).toBe('Adaeze');
    const nameTag = afterName.headers.get('etag') ?? '';
    expect(nameTag).not.toBe(etag);

    // Coins spent or earned change the tag too.
    const userId = afterName.json.data.user._id;
    await t.db.update(users).set({ triviaPoints: 5 }).where(eq(users.id, userId));
    const afterCoins = await t.call(userApi.current, { token, headers: { 'if-none-match': nameTag } });
    expect(afterCoins.status).toBe(200);
    expect(afterCoins.json.data.user.triviaPoints).toBe(5);
  });

  it("never answers 304 to another session's tag", async () => {
    const one = await signUpStudent(t);
    const other = await signUpStudent(t);
    const tag = (await t.call(userApi.current, { token: one.token })).headers.get('etag') ?? '';
    const response = await t.call(userApi.current, { token: other.token, headers: { 'if-none-match': tag } });
    expect(response.status).toBe(200);
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'abc'],
    ['an unknown token', 'A'.repeat(43)],
  ])('answers 401 with %s', async (_, token) => {
    const response = await t.call(userApi.current, { token });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({
      success: false,
      message: 'Invalid Authentication, Unauthorized User',
    });
  });

  it('answers 401 once the session has expired after 30 days', async () => {
    const { token } = await signUpStudent(t);
    t.clock.advance(31 * 86_400_000);
    try {
      const response = await t.call(userApi.current, { token });
      expect(response.status).toBe(401);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });

  it('shows the trial as expired after a day', async () => {
    const { token } = await signUpStudent(t);
    t.clock.advance(86_400_000 + 1000);
    try {
      const response = await t.call(userApi.current, { token });
      expect(response.json.data.profile.subscription.status).toBe('expired');
    } finally {
      t.clock.advance(-(86_400_000 + 1000));
    }
  });

  it('refuses an admin token from the web app, and not from another client', async () => {
    const [admin] = await t.db
      .insert(users)
      .values({
        firstName: 'Bola',
        lastName: 'Admin',
        email: 'bola.admin@example.com',
        telephone: '08000000002',
        passwordHash: await hashPassword('admin-pass-2'),
        isAdmin: true,
      })
      .returning();
    const login = await t.call(userApi.signIn, {
      body: { telephone: '08000000002', password: 'admin-pass-2' },
      headers: { 'frontend-source': 'admin-console' },
    });
    expect(login.status).toBe(200);
    const token = login.json.data.token;
    const fromWeb = await t.call(userApi.current, { token });
    expect(fromWeb.status).toBe(403);
    expect(fromWeb.json.message).toBe('Unauthorized User, Access denied');
    const fromConsole = await t.call(userApi.current, {
      token,
      headers: { 'frontend-source': 'admin-console' },
    });
    expect(fromConsole.status).toBe(200);
    expect(fromConsole.json.data.isAdmin).toBe(true);
    expect(admin?.isAdmin).toBe(true);
  });
});

describe('PUT /api/v1/user', () => {
  it('updates one field and returns the updated user', async () => {
    const { token } = await signUpStudent(t);
    const response = await t.call(userApi.update, { token, body: { firstName: 'Chiamaka' } });
    expect(response.status).toBe(200);
    expect(response.json.message).toBe('Profile updated successfully');
    expect(response.json.data.firstName).toBe('Chiamaka');
    const me = await t.call(userApi.current, { token });
    expect(me.json.data.user.firstName).toBe('Chiamaka');
  });

  it('refuses to change the telephone', async () => {
    const { token, body } = await signUpStudent(t);
    const response = await t.call(userApi.update, { token, body: { telephone: '08111111111' } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toContainEqual({
      path: ['telephone'],
      message: 'Phone number cannot be changed',
    });
    const me = await t.call(userApi.current, { token });
    expect(me.json.data.user.telephone).toBe(body.telephone);
  });

  it.each([
    [{}, 'No changes to update'],
    [{ firstName: 'A', lastName: 'B' }, 'Update one field at a time'],
    [{ firstName: '   ' }, 'First Name is required'],
    [{ email: 'nope' }, 'Email is invalid'],
    [{ isAdmin: true }, 'Unrecognized key: "isAdmin"'],
  ])('rejects %j', async (body, message) => {
    const { token } = await signUpStudent(t);
    const response = await t.request('PUT', '/api/v1/user', { token, body });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((error: { message: string }) => error.message)).toContain(message);
  });

  it('does not say whether another account uses the email asked for (its owner is told instead)', async () => {
    const other = await signUpStudent(t);
    const { token, body } = await signUpStudent(t);
    const response = await t.call(userApi.update, {
      token,
      body: { email: other.body.email, currentPassword: body.password },
    });
    expect(response.status).toBe(200);
    expect(response.json.message).toBe(
      `We sent a link to ${other.body.email}. Your email changes when you open it.`,
    );
    expect(t.mailer.sent.at(-1)).toMatchObject({
      to: other.body.email,
      subject: 'Someone tried to use your email address',
    });
  });

  it('answers 401 without a token', async () => {
    const response = await t.call(userApi.update, { body: { firstName: 'X' } });
    expect(response.status).toBe(401);
  });
});

describe('POST /api/v1/user/logout', () => {
  it('revokes the token', async () => {
    const { token } = await signUpStudent(t);
    const response = await t.call(userApi.signOut, { token });
    expect(response.status).toBe(200);
    expect(response.json.message).toBe('Logout Successfully');
    const after = await t.call(userApi.current, { token });
    expect(after.status).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const response = await t.call(userApi.signOut);
    expect(response.status).toBe(401);
  });
});

describe('GET /api/v1/history', () => {
  it("lists the caller's ledger newest first, and only theirs", async () => {
    const { token, user } = await signUpStudent(t);
    await signUpStudent(t);
    const { creditCoins, debitCoins } = await import('../../src/server/services/coins.ts');
    await t.db.transaction(async (tx) => {
      await debitCoins(tx, { userId: user._id, coins: 4, description: '50-50 lifeline', at: t.clock.now() });
      await creditCoins(tx, { userId: user._id, coins: 30, description: 'Coin pack', at: t.clock.now() });
    });
    const response = await t.call(coinHistoryApi.list, { token });
    expect(response.status).toBe(200);
    const { docs, totalDocs, page, totalPages } = response.json.data;
    expect({ totalDocs, page, totalPages }).toEqual({ totalDocs: 3, page: 1, totalPages: 1 });
    expect(
      docs.map((entry: { description: string; type: string; coins: number; coinsAfter: number }) => [
        entry.description,
        entry.type,
        entry.coins,
        entry.coinsAfter,
      ]),
    ).toEqual([
      ['Coin pack', 'credit', 30, 106],
      ['50-50 lifeline', 'debit', 4, 76],
      ['Welcome bonus', 'credit', 80, 80],
    ]);
    expect(docs[0]).toHaveProperty('_id');
    expect(docs[0]).toHaveProperty('createdAt');
  });

  it('pages the list and validates the page query', async () => {
    const { token } = await signUpStudent(t);
    const second = await t.call(coinHistoryApi.list, { query: { page: 2, limit: 1 }, token });
    expect(second.json.data).toMatchObject({ docs: [], totalDocs: 1, page: 2, limit: 1 });
    const bad = await t.call(coinHistoryApi.list, { query: { limit: 1000 }, token });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toContainEqual({ path: ['limit'], message: 'limit is at most 100' });
  });

  it(`pages only the newest ${LIST_DEPTH} entries of a long coin history`, async () => {
    const { token, user } = await signUpStudent(t);
    // The welcome bonus, then more credits than the list reaches: coins_after counts them, newest highest.
    await t.db.execute(sql`insert into coin_ledger (user_id, created_at, description, type, coins, coins_after)
      select ${user._id}::uuid, now(), 'Coin pack', 'credit', 1, 80 + g
      from generate_series(1, ${LIST_DEPTH + 25}) as g`);
    const page = async (query: { page: number; limit: number }) =>
      (await t.call(coinHistoryApi.list, { query, token })).json.data;
    const first = await page({ page: 1, limit: 20 });
    expect(first).toMatchObject({ totalDocs: LIST_DEPTH, totalPages: LIST_DEPTH / 20 });
    expect(first.docs[0]?.coinsAfter).toBe(80 + LIST_DEPTH + 25);
    const last = await page({ page: LIST_DEPTH / 20, limit: 20 });
    expect(last.docs.at(-1)?.coinsAfter).toBe(80 + 26);
    expect((await page({ page: Math.ceil(LIST_DEPTH / 30), limit: 30 })).docs).toHaveLength(
      LIST_DEPTH % 30 || 30,
    );
    expect((await page({ page: LIST_DEPTH / 20 + 1, limit: 20 })).docs).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call(coinHistoryApi.list)).status).toBe(401);
  });
});

describe('the trial', () => {
  it('is one subscription row of source trial', async () => {
    const { user } = await signUpStudent(t);
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user._id));
    expect(rows).toMatchObject([{ source: 'trial', planId: null }]);
  });
});
