import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { examApi, userApi } from '../../src/lib/api/endpoints.ts';
import { PaymentCode } from '../../src/lib/errors.ts';
import { coinLedger, emailConfirmations, subscriptions, users } from '../../src/server/db/schema.ts';
import { closeRedis } from '../../src/server/redis.ts';
import { CONFIRMATION_LINK_HOURS } from '../../src/server/services/email-confirmation.ts';
import { hashSecret } from '../../src/server/services/tokens.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { readyRedis } from '../support/redis.ts';
import {
  confirmationTokenFor,
  confirmEmailOf,
  createTestApp,
  newStudent,
  signUpStudent,
  signUpUnconfirmedStudent,
  type TestApp,
} from '../support/test-app.ts';
import { testDatabaseKind } from '../support/test-database.ts';

const t = await createTestApp();
const HOUR = 3_600_000;

/** What a student has been granted: trial rows and coin credits. */
async function rewardsOf(app: TestApp, userId: string) {
  const trials = await app.db
    .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.source, 'trial')));
  const credits = await app.db
    .select({ coins: coinLedger.coins, description: coinLedger.description })
    .from(coinLedger)
    .where(eq(coinLedger.userId, userId));
  const [user] = await app.db
    .select({ balance: users.triviaPoints, verifiedAt: users.emailVerifiedAt, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { trials, credits, balance: user?.balance, verifiedAt: user?.verifiedAt, email: user?.email };
}

function verify(token: string, sessionToken?: string) {
  return t.call(userApi.confirmEmail, {
    body: { token },
    ...(sessionToken ? { token: sessionToken } : {}),
  });
}

describe('an account whose email is not confirmed', () => {
  it('gets no trial, no welcome coins and no leaderboard row, but may take the daily test as practice', async () => {
    const paper = await createPaper(t.db, { count: 3 });
    const { token, user } = await signUpUnconfirmedStudent(t);
    expect(await rewardsOf(t, user._id)).toMatchObject({
      trials: [],
      credits: [],
      balance: 0,
      verifiedAt: null,
    });

    const me = await t.call(userApi.current, { token });
    expect(me.json.data.user).toMatchObject({ emailVerified: false, pendingEmail: null, triviaPoints: 0 });
    expect(me.json.data.profile.subscription.status).toBe('none');

    const exam = await t.call(examApi.paper, {
      query: { exam: 'new', examType: paper.ids.examType, subject: paper.ids.subject, year: paper.ids.year },
      token,
    });
    expect(exam.status).toBe(402);
    expect(exam.json.code).toBe(PaymentCode.subscriptionRequired);

    const daily = await t.call(examApi.daily, { query: { subject: paper.ids.subject }, token });
    expect(daily.status).toBe(200);
    const answers = paper.questions.map((question) => ({ question: question.id, option: question.right }));
    const submitted = await t.call(examApi.submitDaily, {
      token,
      body: { subject: paper.ids.subject, answers },
    });
    expect(submitted.status).toBe(200);
    // Only a confirmed account's daily test counts, or throwaway accounts could read the day's key for free.
    expect(submitted.json.data.counted).toBe(false);

    const board = await t.call(examApi.leaderboard, { token });
    expect(board.status).toBe(200);
    expect(board.json.data.me).toBeNull();
    expect(board.json.data.docs.some((entry: { isMe: boolean }) => entry.isMe)).toBe(false);

    // Confirming later does not turn that practice into points.
    await confirmEmailOf(t, user.email, token);
    const after = await t.call(examApi.leaderboard, { token });
    expect(after.json.data.me?.totalScore ?? 0).toBe(0);
  });
});

describe('POST /api/v1/user/verify-email', () => {
  it('starts the trial and the 80 welcome coins once; a second opening says the address is confirmed', async () => {
    const { token, user } = await signUpUnconfirmedStudent(t);
    const link = confirmationTokenFor(t, user.email);

    const first = await verify(link, token);
    expect(first.status).toBe(200);
    expect(first.json.message).toBe('Your email is confirmed: your free trial and 80 coins are ready.');
    expect(first.json.data).toMatchObject({ purpose: 'sign-up', email: user.email, welcomeGranted: true });
    expect(first.json.data.account?.user).toMatchObject({
      _id: user._id,
      emailVerified: true,
      triviaPoints: 80,
    });
    expect(first.json.data.account?.profile.subscription).toMatchObject({
      status: 'trial',
      endsAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    });

    // A double tap, or a mail scanner that opened the link first: the student reads that all is well.
    const second = await verify(link, token);
    expect(second.status).toBe(200);
    expect(second.json.message).toBe(`${user.email} is already confirmed: there is nothing more to do.`);
    expect(second.json.data).toMatchObject({
      purpose: 'sign-up',
      email: user.email,
      welcomeGranted: false,
      alreadyConfirmed: true,
    });
    expect(first.json.data.alreadyConfirmed).toBe(false);
    const rewards = await rewardsOf(t, user._id);
    expect(rewards.trials).toHaveLength(1);
    expect(rewards.credits).toEqual([{ coins: 80, description: 'Welcome bonus' }]);
    expect(rewards.balance).toBe(80);
  });

  it('needs no session: a link opened on another device confirms, and returns no account', async () => {
    const { user } = await signUpUnconfirmedStudent(t);
    const other = await signUpStudent(t);
    const response = await verify(confirmationTokenFor(t, user.email), other.token);
    expect(response.status).toBe(200);
    expect(response.json.data.account).toBeNull();
    expect((await rewardsOf(t, user._id)).balance).toBe(80);
    expect((await rewardsOf(t, other.user._id)).balance).toBe(80);
    const anonymous = await signUpUnconfirmedStudent(t);
    const withoutSession = await verify(confirmationTokenFor(t, anonymous.user.email));
    expect(withoutSession.status).toBe(200);
    expect(withoutSession.json.data.account).toBeNull();
  });

  it('stores only the hash of the token', async () => {
    const { user } = await signUpUnconfirmedStudent(t);
    const link = confirmationTokenFor(t, user.email);
    const rows = await t.db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashSecret(link));
    expect(JSON.stringify(rows)).not.toContain(link);
  });

  it(`refuses a link older than ${CONFIRMATION_LINK_HOURS} hours, and a fresh one works`, async () => {
    const { token, user } = await signUpUnconfirmedStudent(t);
    const link = confirmationTokenFor(t, user.email);
    t.clock.advance(CONFIRMATION_LINK_HOURS * HOUR + 1000);
    try {
      const expired = await verify(link, token);
      expect(expired.status).toBe(400);
      expect((await rewardsOf(t, user._id)).verifiedAt).toBeNull();
      const resent = await t.call(userApi.resendConfirmation, { token });
      expect(resent.status).toBe(200);
      expect(resent.json.data).toEqual({ purpose: 'sign-up', email: user.email });
      const fresh = confirmationTokenFor(t, user.email);
      expect(fresh).not.toBe(link);
      expect((await verify(fresh, token)).status).toBe(200);
    } finally {
      t.clock.advance(-(CONFIRMATION_LINK_HOURS * HOUR + 1000));
    }
  });

  it('refuses an unknown token and a blank one, in the error shape', async () => {
    const unknown = await verify('A'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.json.success).toBe(false);
    const blank = await verify('  ');
    expect(blank.status).toBe(400);
    expect(blank.json.errors).toEqual([
      { path: ['token'], message: 'The confirmation token is missing. Open the link from your email again.' },
    ]);
  });

  it('limits wrong tokens from one network', async () => {
    const address = '203.0.113.40';
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await t.call(userApi.confirmEmail, { body: { token: `wrong-${attempt}` }, address });
      expect(response.status).toBe(400);
    }
    const refused = await t.call(userApi.confirmEmail, { body: { token: 'wrong-again' }, address });
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(/Too many invalid confirmation links from this network/);
  });
});

describe('POST /api/v1/user/verify-email/resend', () => {
  it('mails a fresh link and retires the earlier one', async () => {
    const { token, user } = await signUpUnconfirmedStudent(t);
    const earlier = confirmationTokenFor(t, user.email);
    const response = await t.call(userApi.resendConfirmation, { token });
    expect(response.status).toBe(200);
    expect(response.json.message).toBe(`We sent a new link to ${user.email}.`);
    const latest = confirmationTokenFor(t, user.email);
    expect(latest).not.toBe(earlier);
    expect((await verify(earlier)).status).toBe(400);
    expect((await verify(latest)).status).toBe(200);
  });

  it('answers 409 when the email is already confirmed, and 401 without a session', async () => {
    const { token } = await signUpStudent(t);
    const sentBefore = t.mailer.sent.length;
    const response = await t.call(userApi.resendConfirmation, { token });
    expect(response.status).toBe(409);
    expect(response.json.message).toBe('Your email address is already confirmed.');
    expect(t.mailer.sent.length).toBe(sentBefore);
    expect((await t.call(userApi.resendConfirmation)).status).toBe(401);
  });

  it('sends at most 3 links an hour per account, from any network', async () => {
    const { token, user } = await signUpUnconfirmedStudent(t);
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await t.call(userApi.resendConfirmation, { token });
      expect(response.status).toBe(200);
    }
    const sent = t.mailer.sent.filter((message) => message.to === user.email).length;
    const refused = await t.call(userApi.resendConfirmation, { token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(t.mailer.sent.filter((message) => message.to === user.email).length).toBe(sent);
    // Another account is not held back by this one's limit.
    const other = await signUpUnconfirmedStudent(t);
    expect((await t.call(userApi.resendConfirmation, { token: other.token })).status).toBe(200);
  });
});

/** Two instances of one deployment sharing the database and Redis, when TEST_REDIS_URL names a server. */
async function twoInstances(url: string) {
  const redis = await readyRedis(url);
  const prefix = `test:email-confirmation:${randomUUID()}`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await closeRedis(redis);
  });
  return [
    await createTestApp({}, { redis, rateLimitPrefix: prefix, db: t.db }),
    await createTestApp({}, { redis, rateLimitPrefix: prefix, db: t.db }),
  ] as const;
}

const redisUrl = process.env.TEST_REDIS_URL;
const shared = redisUrl ? await twoInstances(redisUrl) : undefined;

// Instances share the resend limit through Redis: skipped without a Redis server (CI has one).
describe.skipIf(!shared)('the resend limit across instances (TEST_REDIS_URL)', () => {
  it('counts resends made at two instances together', async () => {
    if (!shared) throw new Error('TEST_REDIS_URL is needed');
    const [instanceA, instanceB] = shared;
    const { token } = await signUpUnconfirmedStudent(instanceA);
    const resend = (instance: TestApp) => instance.call(userApi.resendConfirmation, { token });
    expect((await resend(instanceA)).status).toBe(200);
    expect((await resend(instanceB)).status).toBe(200);
    expect((await resend(instanceA)).status).toBe(200);
    expect((await resend(instanceB)).status).toBe(429);
  });
});

describe('changing the email', () => {
  it('is refused without the current password, and with a wrong one, changing nothing', async () => {
    const { token, user } = await signUpStudent(t);
    const sentBefore = t.mailer.sent.length;
    const missing = await t.call(userApi.update, { token, body: { email: 'new.one@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toContainEqual({
      path: ['currentPassword'],
      message: 'Enter your current password to change your email',
    });
    const wrong = await t.call(userApi.update, {
      token,
      body: { email: 'new.one@example.com', currentPassword: 'not-my-password' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({
      success: false,
      errors: [{ path: ['currentPassword'], message: 'Your current password is not correct' }],
    });
    expect(t.mailer.sent.length).toBe(sentBefore);
    expect(await t.db.$count(emailConfirmations, eq(emailConfirmations.purpose, 'change'))).toBe(0);
    expect((await rewardsOf(t, user._id)).email).toBe(user.email);
  });

  it('with the password changes nothing until the new address confirms; then the old one is told', async () => {
    const { token, user, body } = await signUpStudent(t);
    const newEmail = newStudent().email;
    const requested = await t.call(userApi.update, {
      token,
      body: { email: newEmail.toUpperCase(), currentPassword: body.password },
    });
    expect(requested.status).toBe(200);
    expect(requested.json.message).toBe(
      `We sent a link to ${newEmail}. Your email changes when you open it.`,
    );
    expect(requested.json.data).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
      emailVerified: true,
    });
    expect((await rewardsOf(t, user._id)).email).toBe(user.email);
    const me = await t.call(userApi.current, { token });
    expect(me.json.data.user).toMatchObject({ email: user.email, pendingEmail: newEmail });
    // Signing in and resetting still go by the old address until the change is confirmed.
    const reset = await t.call(userApi.requestReset, { body: { email: newEmail } });
    expect(reset.status).toBe(200);
    expect(t.mailer.sent.some((message) => message.to === newEmail && /reset/i.test(message.subject))).toBe(
      false,
    );

    const mail = t.mailer.sent.findLast((message) => message.to === newEmail);
    expect(mail?.subject).toBe('Confirm your new email address');
    const confirmed = await verify(confirmationTokenFor(t, newEmail), token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.message).toBe(`Your email is now ${newEmail}.`);
    expect(confirmed.json.data).toMatchObject({ purpose: 'change', email: newEmail, welcomeGranted: false });
    expect(confirmed.json.data.account?.user).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await rewardsOf(t, user._id)).email).toBe(newEmail);
    // No second welcome for a confirmed account.
    expect((await rewardsOf(t, user._id)).credits).toHaveLength(1);

    const notice = t.mailer.sent.findLast((message) => message.to === user.email);
    expect(notice?.subject).toBe('Your email address was changed');
    expect(notice?.text).toContain(newEmail);
  });

  it('answers 409 when another account took the new address before the link was opened', async () => {
    const { token, user, body } = await signUpStudent(t);
    const wanted = newStudent().email;
    const requested = await t.call(userApi.update, {
      token,
      body: { email: wanted, currentPassword: body.password },
    });
    expect(requested.status).toBe(200);
    const link = confirmationTokenFor(t, wanted);
    await signUpStudent(t, { email: wanted });
    const response = await verify(link, token);
    expect(response.status).toBe(409);
    expect(response.json.success).toBe(false);
    expect((await rewardsOf(t, user._id)).email).toBe(user.email);
  });

  it('lets a student who signed up with a mistyped address fix it: the new address starts the trial once', async () => {
    const { token, user, body } = await signUpUnconfirmedStudent(t);
    const fixed = newStudent().email;
    const sentToOld = t.mailer.sent.filter((message) => message.to === user.email).length;
    const requested = await t.call(userApi.update, {
      token,
      body: { email: fixed, currentPassword: body.password },
    });
    expect(requested.status).toBe(200);
    const confirmed = await verify(confirmationTokenFor(t, fixed), token);
    expect(confirmed.json.message).toBe(
      `Your email is now ${fixed}: your free trial and 80 coins are ready.`,
    );
    // The sign-up link to the old address no longer works, and the unconfirmed old address is not written to.
    expect((await verify(confirmationTokenFor(t, user.email))).status).toBe(400);
    expect(t.mailer.sent.filter((message) => message.to === user.email).length).toBe(sentToOld);
    const rewards = await rewardsOf(t, user._id);
    expect(rewards.trials).toHaveLength(1);
    expect(rewards.balance).toBe(80);
  });

  it('refuses the address the account already has, and a password sent without an email', async () => {
    const { token, body } = await signUpStudent(t);
    const same = await t.call(userApi.update, {
      token,
      body: { email: body.email, currentPassword: body.password },
    });
    expect(same.status).toBe(400);
    expect(same.json.message).toBe('This is already your email address');
    const stray = await t.call(userApi.update, {
      token,
      body: { firstName: 'Ada', currentPassword: body.password },
    });
    expect(stray.status).toBe(400);
    expect(stray.json.errors).toContainEqual({
      path: ['currentPassword'],
      message: 'The current password is asked only to change your email',
    });
  });

  it('limits wrong passwords and requests per account', async () => {
    const { token, body } = await signUpStudent(t);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await t.call(userApi.update, {
        token,
        body: { email: `guess.${attempt}@example.com`, currentPassword: `guess-${attempt}` },
      });
      expect(response.status).toBe(403);
    }
    const refused = await t.call(userApi.update, {
      token,
      body: { email: 'guess.last@example.com', currentPassword: body.password },
    });
    expect(refused.status).toBe(429);
    // A change of name is not limited.
    expect((await t.call(userApi.update, { token, body: { firstName: 'Chioma' } })).status).toBe(200);
  });

  it("answers the same for another account's address, and mails that account's owner a notice, no link", async () => {
    const owner = await signUpStudent(t);
    const { token, body } = await signUpStudent(t);
    const free = newStudent().email;
    const askFor = (email: string) =>
      t.call(userApi.update, { token, body: { email, currentPassword: body.password } });

    const forFree = await askFor(free);
    const forTaken = await askFor(owner.body.email);
    expect(forTaken.status).toBe(forFree.status);
    expect(forTaken.status).toBe(200);
    // Word for word the same but the address itself, and the profile shows it waiting either way.
    expect(forTaken.json.message.replace(owner.body.email, 'X')).toBe(
      forFree.json.message.replace(free, 'X'),
    );
    expect(forTaken.json.data.pendingEmail).toBe(owner.body.email);
    const me = await t.call(userApi.current, { token });
    expect(me.json.data.user.pendingEmail).toBe(owner.body.email);

    const notice = t.mailer.sent.findLast((message) => message.to === owner.body.email);
    expect(notice?.subject).toBe('Someone tried to use your email address');
    expect(notice?.text).not.toContain('/verify-email');
    expect(notice?.text).not.toContain(body.email);
    // "Resend link" for the waiting taken address sends the notice again, never a link.
    const resent = await t.call(userApi.resendConfirmation, { token });
    expect(resent.status).toBe(200);
    expect(resent.json.message).toBe(`We sent a new link to ${owner.body.email}.`);
    const sentToOwner = t.mailer.sent.filter((message) => message.to === owner.body.email);
    expect(sentToOwner.map((message) => message.subject)).toEqual([
      'Confirm your email address',
      'Someone tried to use your email address',
      'Someone tried to use your email address',
    ]);
    expect(sentToOwner.slice(1).every((message) => !message.text.includes('/verify-email'))).toBe(true);
    // The owner keeps the address.
    expect((await rewardsOf(t, owner.user._id)).email).toBe(owner.body.email);
  });

  it('counts every change asked for, a taken address as much as a free one', async () => {
    const owners = await Promise.all(Array.from({ length: 3 }, () => signUpStudent(t)));
    const { token, body } = await signUpStudent(t);
    const asked = [...owners.map((owner) => owner.body.email), newStudent().email, newStudent().email];
    for (const email of asked) {
      const response = await t.call(userApi.update, {
        token,
        body: { email, currentPassword: body.password },
      });
      expect(response.status).toBe(200);
    }
    const refused = await t.call(userApi.update, {
      token,
      body: { email: owners[0]?.body.email, currentPassword: body.password },
    });
    expect(refused.status).toBe(429);
  });

  it('says a change link opened again is confirmed; a used link for an address the account left is refused', async () => {
    const { token, user, body } = await signUpStudent(t);
    const signUpLink = confirmationTokenFor(t, user.email);
    const fixed = newStudent().email;
    await t.call(userApi.update, { token, body: { email: fixed, currentPassword: body.password } });
    const changeLink = confirmationTokenFor(t, fixed);
    expect((await verify(changeLink)).json.data.alreadyConfirmed).toBe(false);

    const again = await verify(changeLink);
    expect(again.status).toBe(200);
    expect(again.json.message).toBe(`${fixed} is already confirmed: there is nothing more to do.`);
    expect(again.json.data).toMatchObject({ purpose: 'change', email: fixed, alreadyConfirmed: true });
    // The sign-up link was used too, but for the address the account no longer has: it tells nothing.
    const old = await verify(signUpLink);
    expect(old.status).toBe(400);
    expect(old.json.errors?.[0]?.message).toMatch(/invalid, already used or expired/);
  });

  it('refuses a retired link while its account is not confirmed', async () => {
    const unconfirmed = await signUpUnconfirmedStudent(t);
    const firstLink = confirmationTokenFor(t, unconfirmed.user.email);
    await t.call(userApi.resendConfirmation, { token: unconfirmed.token });
    // Retired by the resend, and the account is still unconfirmed: nothing to say but "invalid".
    const response = await verify(firstLink);
    expect(response.status).toBe(400);
    expect(response.json.errors?.[0]?.message).toMatch(/invalid, already used or expired/);
  });
});

// PGlite runs one query at a time, so this race needs PostgreSQL (the api-postgres project).
describe.runIf(testDatabaseKind === 'postgres')('confirmation races on PostgreSQL', () => {
  it('a link opened twice at once confirms once: one trial, one coin credit', async () => {
    for (let round = 0; round < 5; round++) {
      const { token, user } = await signUpUnconfirmedStudent(t);
      const link = confirmationTokenFor(t, user.email);
      const responses = await Promise.all([verify(link, token), verify(link)]);
      expect(responses.map((response) => response.status)).toEqual([200, 200]);
      // The one that came second found the address confirmed by the first.
      expect(responses.map((response) => response.json.data.alreadyConfirmed).sort()).toEqual([false, true]);
      const rewards = await rewardsOf(t, user._id);
      expect(rewards.trials).toHaveLength(1);
      expect(rewards.credits).toEqual([{ coins: 80, description: 'Welcome bonus' }]);
      expect(rewards.balance).toBe(80);
      const open = await t.db
        .select()
        .from(emailConfirmations)
        .where(and(eq(emailConfirmations.userId, user._id), isNull(emailConfirmations.usedAt)));
      expect(open).toEqual([]);
    }
  });

  it('a sign-up link and a change link of one account opened at once never deadlock (30 rounds)', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 30; round++) {
      const { token, user, body } = await signUpUnconfirmedStudent(t);
      const fixed = newStudent().email;
      await t.call(userApi.update, { token, body: { email: fixed, currentPassword: body.password } });
      const signUpLink = confirmationTokenFor(t, user.email);
      const changeLink = confirmationTokenFor(t, fixed);
      const responses = await Promise.all([verify(signUpLink), verify(changeLink)]);
      statuses.push(...responses.map((response) => response.status));
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      // Whichever ran first, the change is confirmed and the welcome given once.
      const rewards = await rewardsOf(t, user._id);
      expect(rewards.email).toBe(fixed);
      expect(rewards.verifiedAt).not.toBeNull();
      expect(rewards.trials).toHaveLength(1);
    }
    // One of each pair confirms; the other is either the change (200) or a sign-up link it retired (400).
    expect(statuses.filter((status) => status !== 200 && status !== 400)).toEqual([]);
  });

  it('a sign-up link and a change link opened at once grant the welcome once', async () => {
    const { token, user, body } = await signUpUnconfirmedStudent(t);
    const fixed = newStudent().email;
    await t.call(userApi.update, { token, body: { email: fixed, currentPassword: body.password } });
    const responses = await Promise.all([
      verify(confirmationTokenFor(t, user.email)),
      verify(confirmationTokenFor(t, fixed)),
    ]);
    expect(responses.some((response) => response.status === 200)).toBe(true);
    const rewards = await rewardsOf(t, user._id);
    expect(rewards.trials).toHaveLength(1);
    expect(rewards.credits).toHaveLength(1);
    expect(rewards.balance).toBe(80);
  });
});
