import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { type CallArgs, type DataOf, type Endpoint, formFields, pathOf } from '../../src/lib/api/endpoint.ts';
import { userApi } from '../../src/lib/api/endpoints.ts';
import type { ApiErrorBody } from '../../src/lib/errors.ts';
import type { SignUpInput } from '../../src/lib/validation/account.ts';
import { createApp } from '../../src/server/app.ts';
import { parseConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { subscriptions } from '../../src/server/db/schema.ts';
import type { Mailer, MailMessage } from '../../src/server/services/mailer.ts';
import { settledPasswordResets } from '../../src/server/services/password-reset.ts';
import { createPaymentVerifier } from '../../src/server/services/payments/paystack.ts';
import { testLogger } from './logs.ts';
import { cleanUpAfterUse, openTestDatabase, testDatabaseKind } from './test-database.ts';

/** A clock that stands still until a test moves it. */
export function fakeClock(start = new Date('2026-03-02T09:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds: number) => {
      current += milliseconds;
    },
    set: (date: Date) => {
      current = date.getTime();
    },
  };
}

/** A mailer that keeps every message, for tests to read. */
export function memoryMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[] } = {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
  return mailer;
}

let addressCounter = 0;

/**
 * The body of an answer, as a test that names the shape of its data reads it: `data` typed, and the error
 * fields for a test that checks a failure. The test asserts the status before it reads either.
 */
export type ResponseBody<Data> = { success: boolean; message: string; data: Data } & Partial<
  Omit<ApiErrorBody, 'success' | 'message'>
>;

/**
 * The JSON of an answer: `any` when the test names no type (tests read many shapes, each assertion stating
 * the fields it expects), the typed body when it does: `t.request<QuizResult>(…)`.
 */
// biome-ignore lint/suspicious/noExplicitAny: the untyped default that most tests still read
export type ResponseJson<Data> = 0 extends 1 & Data ? any : ResponseBody<Data>;

/** What a test app may share with another: a second instance of one deployment passes all three. */
export interface TestAppOptions {
  /** Rate limits count in this Redis instead of in the app's memory. */
  redis?: Redis;
  /** The Redis key prefix of the rate limits; apps with the same prefix share counters. */
  rateLimitPrefix?: string;
  /** Another test app's database, instead of a fresh one (closed by its owner). */
  db?: Database;
}

/**
 * An API on its own fresh database for one test file, closed after the file. `request` goes through
 * `app.request()` with the web app's header and a client address that tests may vary.
 */
export async function createTestApp(environment: Record<string, string> = {}, options: TestAppOptions = {}) {
  const handle = options.db
    ? { db: options.db, kind: testDatabaseKind, close: async () => {} }
    : await openTestDatabase();
  const clock = fakeClock();
  const mailer = memoryMailer();
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: 'tests/.tmp', ...environment });
  const paystack = createPaymentVerifier(config, handle.db);
  const app = createApp({
    db: handle.db,
    config,
    mailer,
    clock,
    paystack,
    // Warn- and error-level entries are kept: one that the test did not expect fails it.
    logger: testLogger(),
    redis: options.redis,
    rateLimitPrefix: options.rateLimitPrefix,
  });
  // Reset requests finish after their answer; they end before their database does, not in a later file.
  cleanUpAfterUse(async () => {
    await settledPasswordResets();
    await handle.close();
  });

  // biome-ignore lint/suspicious/noExplicitAny: no type named means the untyped JSON of ResponseJson
  async function request<Data = any>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; address?: string } = {},
  ) {
    const headers = new Headers({ 'frontend-source': 'webuser', ...options.headers });
    if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    // Each request comes from its own address unless a test names one, so rate limits only bite in the
    // tests about them.
    addressCounter += 1;
    const clientAddress =
      options.address ??
      `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
    const response = await app.request(path, { method, headers, body }, { clientAddress });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    // Undefined when the body is not JSON (a 304, a 429's text): a test reads json after asserting the status.
    return { status: response.status, headers: response.headers, json: json as ResponseJson<Data>, text };
  }

  /**
   * Calls an endpoint through its binding (src/lib/api/endpoint.ts), as the browser does: the path comes
   * from the binding and the answer's `data` has the binding's type. A test that sends what no binding
   * allows (a hostile body, a wrong method) uses `request`.
   */
  function call<E extends Endpoint>(binding: E, ...[input]: CallArgs<E, TestCallOptions>) {
    const { params, body, query, ...options } = (input ?? {}) as TestCallOptions & {
      params?: Record<string, string>;
      body?: unknown;
      query?: Record<string, unknown>;
    };
    const search = query ? searchOf(query) : '';
    const path = `${pathOf(binding, params)}${search}`;
    if (binding.shape.form && body !== undefined) {
      const fields = formFields(body as object);
      const headers = { 'content-type': 'application/x-www-form-urlencoded', ...options.headers };
      return request<DataOf<E>>(binding.method, path, { ...options, headers, body: fields.toString() });
    }
    return request<DataOf<E>>(binding.method, path, { ...options, body });
  }

  return { app, db: handle.db, kind: handle.kind, clock, mailer, config, request, call };
}

/** What a test may add to a call: the caller's token, more headers, the client's address. */
export interface TestCallOptions {
  token?: string;
  headers?: Record<string, string>;
  address?: string;
}

/** A query string as the browser's client writes it: undefined values left out. */
function searchOf(query: Record<string, unknown>): string {
  const pairs = Object.entries(query).filter(([, value]) => value !== undefined);
  if (pairs.length === 0) return '';
  return `?${new URLSearchParams(pairs.map(([key, value]) => [key, String(value)])).toString()}`;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let phoneCounter = 0;

/**
 * A valid sign-up body with a unique phone number and email. The overrides' types are kept, so a body with
 * well-typed overrides is the sign-up binding's; a test that sends a hostile one does it through `request`.
 */
export function newStudent<O extends Record<string, unknown> = Record<never, never>>(
  overrides?: O,
): SignUpInput & O {
  phoneCounter += 1;
  const suffix = `${process.pid % 1000}${phoneCounter}`.padStart(8, '0').slice(-8);
  return {
    firstName: 'Ngozi',
    lastName: 'Okafor',
    email: `ngozi.${suffix}@example.com`,
    telephone: `080${suffix}`,
    password: 'secret123',
    confirmPassword: 'secret123',
    agreeTerms: true,
    ...overrides,
  } as SignUpInput & O;
}

/** The token of the newest confirmation link mailed to an address, from the test app's memory mailer. */
export function confirmationTokenFor(t: TestApp, address: string): string {
  const message = t.mailer.sent.findLast(
    (sent) => sent.to === address && sent.text.includes('/verify-email?'),
  );
  const token = message?.text.match(/\/verify-email\?token=([A-Za-z0-9_%-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link was mailed to ${address}`);
  return decodeURIComponent(token);
}

/**
 * Opens the newest confirmation link mailed to an address, as the student's browser would (with their
 * session when given), and returns the API's answer.
 */
export async function confirmEmailOf(t: TestApp, address: string, sessionToken?: string) {
  const response = await t.call(userApi.confirmEmail, {
    body: { token: confirmationTokenFor(t, address) },
    ...(sessionToken ? { token: sessionToken } : {}),
  });
  if (response.status !== 200) throw new Error(`email confirmation failed: ${response.text}`);
  return response;
}

/**
 * Signs a new student up and returns the token and the account. By default the student then opens the
 * confirmation link, as most tests expect a student with the trial and the welcome coins; pass
 * `{ confirmEmail: false }` for a student who has not (no trial, no coins, no leaderboard row).
 */
export async function signUpStudent(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  options: { confirmEmail?: boolean } = {},
) {
  const body = newStudent(overrides);
  const response = await t.call(userApi.signUp, { body });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.text}`);
  const { token } = response.json.data;
  if (options.confirmEmail === false) return { body, token, user: response.json.data.user };
  const confirmed = await confirmEmailOf(t, response.json.data.user.email, token);
  const account = confirmed.json.data.account;
  if (!account) throw new Error(`the confirmation answered no account: ${confirmed.text}`);
  return { body, token, user: account.user };
}

/** Signs a new student up without opening the confirmation link. */
export function signUpUnconfirmedStudent(t: TestApp, overrides: Record<string, unknown> = {}) {
  return signUpStudent(t, overrides, { confirmEmail: false });
}

/** A signed-up, confirmed student with a year's subscription, so that the trial's one day never gets in the way. */
export async function subscribedStudent(t: TestApp, overrides: Record<string, unknown> = {}) {
  const student = await signUpStudent(t, overrides);
  await t.db.insert(subscriptions).values({
    userId: student.user._id,
    source: 'admin',
    startsAt: t.clock.now(),
    endsAt: new Date(t.clock.now().getTime() + 365 * 86_400_000),
  });
  return student;
}

/**
 * Replaces a student's plans with a Monthly plan running from now and a Weekly one bought before it ended,
 * queued after it (days 30 to 37). Returns the moment the Monthly started.
 */
export async function queueWeeklyBehindMonthly(t: TestApp, userId: string): Promise<number> {
  const start = t.clock.now().getTime();
  const plan = (planId: string, fromDay: number, toDay: number) => ({
    userId,
    source: 'paystack' as const,
    planId,
    reference: `ref-${crypto.randomUUID()}`,
    startsAt: new Date(start + fromDay * 86_400_000),
    endsAt: new Date(start + toDay * 86_400_000),
  });
  await t.db.delete(subscriptions).where(eq(subscriptions.userId, userId));
  await t.db.insert(subscriptions).values([plan('monthly', 0, 30), plan('weekly', 30, 37)]);
  return start;
}

/** GET /api/v1/exam's query for a new (or the resumed) attempt at a paper. */
export function examQuery(ids: { examType: string; subject: string; year: string }) {
  return { exam: 'new' as const, examType: ids.examType, subject: ids.subject, year: ids.year };
}

/** GET /api/v1/exam's address for a new (or the resumed) attempt at a paper, for a test that sends it raw. */
export function examUrl(ids: { examType: string; subject: string; year: string }) {
  return `/api/v1/exam?exam=new&examType=${ids.examType}&subject=${ids.subject}&year=${ids.year}`;
}

/** Lets a test say which warn- or error-level logs it causes (tests/support/logs.ts). */
export { expectLogs } from './logs.ts';
