import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { examApi, userApi } from '../../src/lib/api/endpoints.ts';
import { WELCOME_ALREADY_USED_MESSAGE } from '../../src/lib/api/user.ts';
import { welcomedIdentities } from '../../src/server/db/schema.ts';
import { createPaper } from '../support/bank-fixture.ts';
import {
  confirmationTokenFor,
  createTestApp,
  newStudent,
  signUpStudent,
  signUpUnconfirmedStudent,
} from '../support/test-app.ts';

// A deleted account's phone number and email, kept only as keyed hashes, get no second free trial or
// welcome coins on a new account; the new account works, and says why it has neither.

const t = await createTestApp();
const paper = await createPaper(t.db, { count: 2 });

async function deleteAccount(student: { token: string; body: { password: string } }) {
  const deleted = await t.call(userApi.delete, {
    token: student.token,
    body: { password: student.body.password },
  });
  expect(deleted.status, deleted.text).toBe(200);
}

/** Signs up with `body` and opens the sign-up link: the answer, and the session. */
async function signUpAndConfirm(body: ReturnType<typeof newStudent>) {
  const signUp = await t.call(userApi.signUp, { body });
  expect(signUp.status, signUp.text).toBe(201);
  const token = signUp.json.data.token as string;
  const confirmed = await t.call(userApi.confirmEmail, {
    token,
    body: { token: confirmationTokenFor(t, body.email.toLowerCase()) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { confirmed, token };
}

/** What the new account has: coins, plan, and whether a full exam and the daily test open. */
async function standing(token: string) {
  const me = await t.call(userApi.current, { token });
  expect(me.status).toBe(200);
  const exam = await t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
  const daily = await t.call(examApi.daily, { query: { subject: paper.ids.subject }, token });
  return {
    coins: me.json.data.user.triviaPoints,
    plan: me.json.data.profile.subscription.status,
    exam: exam.status,
    daily: daily.status,
  };
}

const WITHHELD = {
  coins: 0,
  plan: 'none',
  exam: 402,
  daily: 200,
};

describe('signing up again after deleting an account', () => {
  it('with the same phone and email: confirmed, no trial or coins, and a message that says why', async () => {
    const first = await signUpStudent(t);
    expect((await standing(first.token)).coins).toBe(80);
    await deleteAccount(first);

    const { confirmed, token } = await signUpAndConfirm(first.body);
    expect(confirmed.json.message).toBe(`Your email is confirmed. ${WELCOME_ALREADY_USED_MESSAGE}`);
    expect(confirmed.json.data).toMatchObject({ welcomeGranted: false, welcomeWithheld: true });
    expect(confirmed.json.data.account?.user).toMatchObject({ emailVerified: true, triviaPoints: 0 });
    expect(await standing(token)).toEqual(WITHHELD);
    const signIn = await t.call(userApi.signIn, {
      body: { telephone: first.body.telephone, password: first.body.password },
    });
    expect(signIn.status).toBe(200);
  });

  it('with the same phone and a new email, or the same email and a new phone: no second welcome', async () => {
    const byPhone = await signUpStudent(t);
    await deleteAccount(byPhone);
    const samePhone = newStudent({ telephone: byPhone.body.telephone });
    expect(samePhone.email).not.toBe(byPhone.body.email);
    expect(await standing((await signUpAndConfirm(samePhone)).token)).toEqual(WITHHELD);

    const byEmail = await signUpStudent(t);
    await deleteAccount(byEmail);
    const sameEmail = newStudent({ email: byEmail.body.email.toUpperCase() });
    expect(sameEmail.telephone).not.toBe(byEmail.body.telephone);
    expect(await standing((await signUpAndConfirm(sameEmail)).token)).toEqual(WITHHELD);
  });

  it('through a change of email to the deleted account’s address: no welcome either', async () => {
    const first = await signUpStudent(t);
    await deleteAccount(first);
    const other = await signUpUnconfirmedStudent(t);
    const change = await t.call(userApi.update, {
      token: other.token,
      body: { email: first.body.email, currentPassword: other.body.password },
    });
    expect(change.status, change.text).toBe(200);
    const confirmed = await t.call(userApi.confirmEmail, {
      token: other.token,
      body: { token: confirmationTokenFor(t, first.body.email) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.data).toMatchObject({ purpose: 'change', welcomeWithheld: true });
    expect(await standing(other.token)).toEqual(WITHHELD);
  });

  it('grants the welcome when the deleted account never confirmed its email (it never had one)', async () => {
    const first = await signUpUnconfirmedStudent(t);
    await deleteAccount(first);
    const { confirmed, token } = await signUpAndConfirm(first.body);
    expect(confirmed.json.message).toBe('Your email is confirmed: your free trial and 80 coins are ready.');
    expect(confirmed.json.data).toMatchObject({ welcomeGranted: true, welcomeWithheld: false });
    expect(await standing(token)).toMatchObject({ coins: 80, plan: 'trial', exam: 200 });
  });

  it('keeps only keyed hashes: HMAC-SHA-256 with the configured key, not a plain hash anyone can recompute', async () => {
    const first = await signUpStudent(t);
    await deleteAccount(first);
    const stored = (await t.db.select({ hash: welcomedIdentities.hash }).from(welcomedIdentities)).map(
      (row) => row.hash,
    );
    const keyed = (value: string) =>
      createHmac('sha256', t.config.identityHashKey).update(value).digest('hex');
    expect(stored).toContain(keyed(`phone:${first.body.telephone}`));
    expect(stored).toContain(keyed(`email:${first.body.email}`));
    const plain = (value: string) => createHash('sha256').update(value).digest('hex');
    for (const value of [first.body.telephone, first.body.email, `phone:${first.body.telephone}`]) {
      expect(stored).not.toContain(plain(value));
    }
    expect(stored.join(' ')).not.toContain(first.body.telephone);
  });
});
