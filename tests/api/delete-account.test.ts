import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi, offlineApi, paymentApi, userApi } from '../../src/lib/api/endpoints.ts';
import { type AccountDeleted, accountDeletedMessage } from '../../src/lib/api/user.ts';
import { UNAUTHORIZED_MESSAGE } from '../../src/lib/errors.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  attempts,
  coinLedger,
  emailConfirmations,
  paperDownloads,
  payments,
  sessions,
  subscriptions,
  testCheckoutTransactions,
  users,
} from '../../src/server/db/schema.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import { DEFAULT_PLANS, upsertPlan } from '../../src/server/services/payments/plans.ts';
import { databaseFingerprint, expectErrorShape } from '../support/api-probe.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { createTestApp, signUpStudent, type TestApp } from '../support/test-app.ts';

// DELETE /api/v1/user (docs/decisions/015-deleting-an-account-erases-the-student-and-keeps-the.md, "Deleting an account"): the right to erasure. The password is
// checked; then the student's personal data, sessions, attempts and coins go, the email and phone number are
// free again, and only the payments stay, for the accounts, naming nobody.

const t = await createTestApp();
for (const plan of DEFAULT_PLANS) await upsertPlan(t.db, plan);
const paper = await createPaper(t.db, { count: 3 });

/**
 * A student on the leaderboard (a daily test scored), with a paid weekly plan, a paper downloaded for
 * offline use and a second session.
 */
async function activeStudent(app: TestApp, firstName: string) {
  const student = await signUpStudent(app, { firstName, lastName: `Surname${randomUUID().slice(0, 8)}` });
  const { token } = student;
  await app.call(examApi.daily, { query: { subject: paper.ids.subject }, token });
  const answers = paper.questions.map((q) => ({ question: q.id, option: q.right }));
  const scored = await app.call(examApi.submitDaily, {
    token,
    body: { subject: paper.ids.subject, answers },
  });
  expect(scored.status, scored.text).toBe(200);
  const reference = `test-${randomUUID()}`;
  const checkout = await app.call(paymentApi.testCheckout, {
    token,
    body: {
      reference,
      amount: 50_000,
      email: student.body.email,
      metadata: { userId: student.user._id, purpose: 'subscription', planId: 'weekly' },
    },
  });
  expect(checkout.status, checkout.text).toBe(201);
  const paid = await app.call(paymentApi.subscribe, {
    token,
    body: { reference, channel: 'paystack', planId: 'weekly' },
  });
  expect(paid.status, paid.text).toBe(200);
  const downloaded = await app.call(offlineApi.download, {
    query: { examType: paper.ids.examType, subject: paper.ids.subject, year: paper.ids.year },
    token,
  });
  expect(downloaded.status, downloaded.text).toBe(200);
  const otherDevice = await app.call(userApi.signIn, {
    body: { telephone: student.body.telephone, password: student.body.password },
  });
  expect(otherDevice.status).toBe(200);
  return {
    ...student,
    id: student.user._id as string,
    reference,
    otherToken: otherDevice.json.data.token as string,
  };
}

function deleteAccount(token: string | undefined, body: unknown) {
  return t.request<AccountDeleted>('DELETE', '/api/v1/user', { body, ...(token ? { token } : {}) });
}

async function boardNames(token: string): Promise<string[]> {
  const board = await t.call(examApi.leaderboard, { token });
  expect(board.status).toBe(200);
  return board.json.data.docs.map((entry) => entry.user.firstName);
}

/** The rows of a raw query, from PGlite (`{ rows }`) or postgres.js (an array). */
async function rawRows<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/** Every row, as "table: row text", in which `needle` appears, case-insensitively, in any table. */
async function rowsHolding(db: Database, needle: string): Promise<string[]> {
  const tables = await rawRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await rawRows<{ row: string }>(
      db,
      sql`select t::text as row from ${sql.identifier(name)} t where t::text ilike ${`%${needle}%`}`,
    );
    for (const { row } of rows) found.push(`${name}: ${row}`);
  }
  return found;
}

async function rowCount(
  table: typeof sessions | typeof coinLedger | typeof attempts | typeof paperDownloads,
  userId: string,
) {
  return (await t.db.select().from(table).where(eq(table.userId, userId))).length;
}

describe('DELETE /api/v1/user with a wrong or missing password', () => {
  it('refuses a wrong password with 403 on the field, like a change of email, and changes nothing', async () => {
    const student = await activeStudent(t, 'Wrongpass');
    const before = await databaseFingerprint(t.db);
    const response = await deleteAccount(student.token, { password: 'not-my-password' });
    expect(response.status).toBe(403);
    expectErrorShape({
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: response.text,
    });
    expect(response.json.message).toBe('Your password is not correct');
    expect(response.json.errors).toEqual([{ path: ['password'], message: 'Your password is not correct' }]);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    expect((await t.call(userApi.current, { token: student.token })).status).toBe(200);
  });

  it('answers 400 without a password, and 401 without a session, changing nothing', async () => {
    const student = await activeStudent(t, 'Nopass');
    const before = await databaseFingerprint(t.db);
    const missing = await deleteAccount(student.token, {});
    expect(missing.status).toBe(400);
    expect(missing.json.errors?.[0]).toEqual({
      path: ['password'],
      message: 'Enter your password to delete your account',
    });
    const signedOut = await deleteAccount(undefined, { password: student.body.password });
    expect(signedOut.status).toBe(401);
    expect(signedOut.json.message).toBe(UNAUTHORIZED_MESSAGE);
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  it('stops guessing after 5 wrong passwords an hour, even with the right one, and keeps the account', async () => {
    const student = await activeStudent(t, 'Guessed');
    const { points } = RATE_LIMIT_POLICY.accountDeletionAccount;
    for (let guess = 0; guess < points; guess++) {
      expect((await deleteAccount(student.token, { password: `guess-${guess}` })).status).toBe(403);
    }
    const limited = await deleteAccount(student.token, { password: student.body.password });
    expect(limited.status).toBe(429);
    expect(limited.text).toMatch(/^Too many wrong passwords for this account\. Try again in/);
    expect((await t.call(userApi.current, { token: student.token })).status).toBe(200);
  });
});

describe('DELETE /api/v1/user with the right password', () => {
  it('deletes the account: every session ends, sign-in fails, and the leaderboard drops the student at once', async () => {
    const student = await activeStudent(t, 'Zainab');
    const watcher = await activeStudent(t, 'Watcher');
    expect(await boardNames(watcher.token)).toContain('Zainab');

    const response = await deleteAccount(student.token, { password: student.body.password });
    expect(response.status, response.text).toBe(200);
    expect(response.json.message).toBe(accountDeletedMessage(1));
    expect(response.json.data).toEqual({ deletedAt: t.clock.now().toISOString(), paymentsKept: 1 });

    for (const token of [student.token, student.otherToken]) {
      const again = await t.call(userApi.current, { token });
      expect(again.status).toBe(401);
      expect(again.json.message).toBe(UNAUTHORIZED_MESSAGE);
    }
    const signIn = await t.call(userApi.signIn, {
      body: { telephone: student.body.telephone, password: student.body.password },
    });
    expect(signIn.status).toBe(401);
    expect(await boardNames(watcher.token)).not.toContain('Zainab');
    expect(await boardNames(watcher.token)).toContain('Watcher');
  });

  it('keeps the payment (amount, date, reference, plan) and no personal data anywhere', async () => {
    const student = await activeStudent(t, 'Chiamaka');
    const [paymentBefore] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.reference, student.reference));
    expect(await rowsHolding(t.db, student.body.email)).not.toEqual([]);
    expect(await rowCount(paperDownloads, student.id)).toBe(1);

    const response = await deleteAccount(student.token, { password: student.body.password });
    expect(response.status, response.text).toBe(200);

    const [paymentAfter] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.reference, student.reference));
    expect(paymentAfter).toEqual(paymentBefore);
    expect(paymentAfter).toMatchObject({ amountKobo: 50_000, planId: 'weekly', purpose: 'subscription' });
    for (const personal of [student.body.email, student.body.telephone, student.body.lastName, 'Chiamaka']) {
      expect(await rowsHolding(t.db, personal), personal).toEqual([]);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, student.id));
    expect(row).toMatchObject({
      firstName: 'Deleted',
      lastName: 'account',
      imageUrl: null,
      triviaPoints: 0,
      totalScore: 0,
      scoredAttempts: 0,
      emailVerifiedAt: null,
      deletedAt: t.clock.now(),
    });
    for (const table of [sessions, coinLedger, attempts, paperDownloads]) {
      expect(await rowCount(table, student.id)).toBe(0);
    }
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, student.id))).toEqual([]);
    expect(
      await t.db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, student.id)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(testCheckoutTransactions)
        .where(eq(testCheckoutTransactions.reference, student.reference)),
    ).toEqual([]);
  });

  it('frees the email and the phone number for a new account', async () => {
    const student = await activeStudent(t, 'Returning');
    expect((await deleteAccount(student.token, { password: student.body.password })).status).toBe(200);
    const again = await t.call(userApi.signUp, { body: student.body });
    expect(again.status, again.text).toBe(201);
    expect(again.json.data.user).toMatchObject({
      email: student.body.email,
      telephone: student.body.telephone,
      triviaPoints: 0,
    });
    expect(again.json.data.user._id).not.toBe(student.id);
    const signIn = await t.call(userApi.signIn, {
      body: { telephone: student.body.telephone, password: student.body.password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.json.data.user._id).toBe(again.json.data.user._id);
  });

  it('says so when no payment was kept', async () => {
    const student = await signUpStudent(t);
    const response = await deleteAccount(student.token, { password: student.body.password });
    expect(response.status).toBe(200);
    expect(response.json.data.paymentsKept).toBe(0);
    expect(response.json.message).toBe(accountDeletedMessage(0));
  });
});
