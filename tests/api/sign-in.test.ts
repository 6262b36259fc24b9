import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userApi } from '../../src/lib/api/endpoints.ts';
import { sessions, trustedDevices } from '../../src/server/db/schema.ts';
import { DEFAULT_PLANS, upsertPlan } from '../../src/server/services/payments/plans.ts';
import { hashSecret } from '../../src/server/services/tokens.ts';
import { DEVICES_KEPT } from '../../src/server/services/trusted-devices.ts';
import { createTestApp, newStudent, queueWeeklyBehindMonthly, signUpStudent } from '../support/test-app.ts';

// A sign-in's database work is one statement after the credentials (services/sign-in.ts): these check
// that it answers what GET /user answers and keeps the trusted devices as the rate limits expect.

const DAY = 86_400_000;
const t = await createTestApp();
for (const plan of DEFAULT_PLANS) await upsertPlan(t.db, plan);

function signIn(body: { telephone: string; password: string }, cookie?: string) {
  return t.call(userApi.signIn, {
    body: { telephone: body.telephone, password: body.password },
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });
}

/** The `device=…` pair a sign-in answer sets. */
function deviceCookieOf(response: { headers: Headers }): string {
  const pair = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  expect(pair).toMatch(/^device=[A-Za-z0-9_-]{43}$/);
  return pair;
}

async function deviceHashesOf(userId: string) {
  const rows = await t.db
    .select({ tokenHash: trustedDevices.tokenHash })
    .from(trustedDevices)
    .where(eq(trustedDevices.userId, userId));
  return rows.map((row) => row.tokenHash).sort();
}

const hashOfCookie = (pair: string) => hashSecret(pair.slice('device='.length));

describe('POST /api/v1/user/login answers what GET /user answers', () => {
  it('with a pending email change and a plan queued behind the running one', async () => {
    const { token, user, body } = await signUpStudent(t);
    const newEmail = newStudent().email;
    const change = await t.call(userApi.update, {
      token,
      body: { email: newEmail, currentPassword: body.password },
    });
    expect(change.status).toBe(200);
    const start = await queueWeeklyBehindMonthly(t, user._id);

    const login = await signIn(body);
    expect(login.status, login.text).toBe(200);
    const me = await t.call(userApi.current, { token: login.json.data.token });
    expect(me.status).toBe(200);
    const { token: loginToken, ...signedIn } = login.json.data;
    const { token: sameToken, ...current } = me.json.data;
    expect(sameToken).toBe(loginToken);
    expect(signedIn).toEqual(current);
    expect(signedIn.user).toMatchObject({
      emailVerified: true,
      pendingEmail: newEmail,
      createdAt: user.createdAt,
    });
    // GET /user's answer for a queued plan is checked in plan-and-daily-status.test.ts.
    expect(signedIn.profile.subscription).toMatchObject({ planId: 'weekly', current: { planId: 'monthly' } });
    const [session] = await t.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecret(loginToken)));
    expect(session?.expiresAt.toISOString()).toBe(new Date(start + 30 * DAY).toISOString());
  });

  it('for an account with no plan and an unconfirmed email', async () => {
    const body = newStudent();
    expect((await t.call(userApi.signUp, { body })).status).toBe(201);
    const login = await signIn(body);
    expect(login.json.data.user).toMatchObject({ emailVerified: false, pendingEmail: null });
    expect(login.json.data.profile).toEqual({
      totalScore: 0,
      subscription: { status: 'none', planId: null, planTitle: null, endsAt: null },
    });
  });
});

describe('the trusted devices a sign-in keeps', () => {
  it(`keeps an account's newest ${DEVICES_KEPT} devices and forgets expired ones`, async () => {
    const { user, body } = await signUpStudent(t);
    const cookies: string[] = [];
    for (let browser = 0; browser <= DEVICES_KEPT; browser++) {
      t.clock.advance(60_000);
      cookies.push(deviceCookieOf(await signIn(body)));
    }
    // The eleventh browser pushed out the first.
    expect(await deviceHashesOf(user._id)).toEqual(cookies.slice(1).map(hashOfCookie).sort());

    // The first browser's cookie is no longer trusted: it gets a new one, which pushes out the second.
    t.clock.advance(60_000);
    const returning = deviceCookieOf(await signIn(body, cookies[0]));
    expect(returning).not.toBe(cookies[0]);
    expect(await deviceHashesOf(user._id)).toEqual([...cookies.slice(2), returning].map(hashOfCookie).sort());

    // A kept device's sign-in forgets nothing, even an expired device; a new device's sign-in forgets the
    // expired one and the oldest beyond the newest ten.
    const expired = hashOfCookie(cookies[5] ?? '');
    await t.db
      .update(trustedDevices)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1) })
      .where(eq(trustedDevices.tokenHash, expired));
    expect(deviceCookieOf(await signIn(body, returning))).toBe(returning);
    expect(await deviceHashesOf(user._id)).toContain(expired);
    const another = deviceCookieOf(await signIn(body));
    expect(await deviceHashesOf(user._id)).toEqual(
      [cookies[3], cookies[4], ...cookies.slice(6), returning, another]
        .map((pair) => hashOfCookie(pair ?? ''))
        .sort(),
    );
  });

  it("never keeps another account's cookie, and leaves that account's device alone", async () => {
    const owner = await signUpStudent(t);
    const other = await signUpStudent(t);
    const ownersCookie = deviceCookieOf(await signIn(owner.body));
    const othersCookie = deviceCookieOf(await signIn(other.body, ownersCookie));
    expect(othersCookie).not.toBe(ownersCookie);
    expect(await deviceHashesOf(owner.user._id)).toEqual([hashOfCookie(ownersCookie)]);
    expect(await deviceHashesOf(other.user._id)).toEqual([hashOfCookie(othersCookie)]);
  });
});
