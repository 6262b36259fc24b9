import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import {
  attemptAnswers,
  attempts,
  coinLedger,
  lifelineUses,
  papers,
  payments,
  questions,
  subscriptions,
  users,
} from '../../src/server/db/schema.ts';
import { DEFAULT_PLANS, upsertPlan } from '../../src/server/services/payments/plans.ts';
import { confirmationTokenIn } from '../support/outbox.ts';
import {
  STAND_IN_SECRET,
  type StandInTransaction,
  signedWebhook,
  startPaystackStandIn,
} from '../support/paystack-stand-in.ts';
import { createDatabase, ensureBuilt, type ServerProcess, startServer } from '../support/server-process.ts';
import { testDatabaseKind } from '../support/test-database.ts';

// Kills the real server (`node server.mjs`) with SIGKILL in the middle of a load of sign-ups, answers,
// submissions and payments, restarts it on the same database, and checks that everything it acknowledged
// survived and that every coin balance still matches its ledger. It needs PostgreSQL: the server runs in
// another process and must reach the same database after a restart, which an in-memory PGlite cannot offer,
// and what is tested is the durability of commits on the database that production runs on. So it runs in
// the api-postgres project only (TEST_DATABASE_URL), which CI always runs.
const onPostgres = testDatabaseKind === 'postgres';
const paystack = onPostgres ? await startPaystackStandIn() : undefined;

const WORKERS = 12;
/** The load runs until this many answers are acknowledged (or the time cap), then the server is killed. */
const KILL_AFTER_ANSWERS = 250;
const LOAD_CAP_MS = 15_000;

interface Acknowledged {
  users: Set<string>;
  /** attempt id -> question id -> option id, each question answered once. */
  answers: Map<string, Map<string, string>>;
  /** attempt id -> the score the submission answered with. */
  submissions: Map<string, number>;
  /** payment reference -> the user it was granted to. */
  payments: Map<string, string>;
  /** attempt id -> question ids a skip lifeline was acknowledged on. */
  lifelines: Map<string, Set<string>>;
  /** attempt id -> how its student fetches it again. */
  resumable: Map<string, { token: string; url: string }>;
}

// A killed server process on a real PostgreSQL server: the api-postgres project only (CI runs it).
describe.runIf(onPostgres)('a server killed under load loses nothing it acknowledged', () => {
  let database: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let server: ServerProcess | undefined;
  let environment: Record<string, string>;

  beforeAll(async () => {
    await ensureBuilt();
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl || !paystack) throw new Error('TEST_DATABASE_URL is needed');
    database = await createDatabase(serverUrl, 'crash');
    handle = await openDatabase({ kind: 'postgres', url: database.url });
    for (const plan of DEFAULT_PLANS) await upsertPlan(handle.db, plan);
    environment = {
      DATABASE_URL: database.url,
      DATA_DIR: `tests/.tmp/crash-${randomUUID()}`,
      PAYSTACK_SECRET_KEY: STAND_IN_SECRET,
      PAYSTACK_BASE_URL: paystack.baseUrl,
      TRUST_PROXY: 'true',
      SEED_SAMPLE_DATA: 'true',
      LOG_LEVEL: 'warn',
    };
  }, 600_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await handle?.close();
    await database?.drop();
  });

  it('keeps every acknowledged answer, submission and payment, and every ledger matches its balance', async () => {
    if (!paystack) throw new Error('no Paystack stand-in');
    server = await startServer(environment);
    const origin = server.origin;
    const paperRows = await handle.db
      .select({ examType: papers.examTypeId, subject: papers.subjectId, year: papers.yearId })
      .from(papers)
      .where(inArray(papers.id, handle.db.selectDistinct({ id: questions.paperId }).from(questions)));
    expect(paperRows.length).toBeGreaterThan(0);

    const acked: Acknowledged = {
      users: new Set(),
      answers: new Map(),
      submissions: new Map(),
      payments: new Map(),
      lifelines: new Map(),
      resumable: new Map(),
    };
    let answerCount = 0;
    let stopping = false;
    let addressCounter = 0;

    async function call(method: string, path: string, token?: string, body?: unknown, headers = {}) {
      addressCounter += 1;
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          'frontend-source': 'webuser',
          // Each simulated phone gets its own address, as students behind a mobile network do.
          'x-forwarded-for': `100.64.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status >= 500) throw new Error(`${method} ${path} -> ${response.status} ${text}`);
      return { status: response.status, json: text ? JSON.parse(text) : undefined };
    }

    /** One student's session: sign up, take a paper answering as they go, maybe submit, and pay. */
    async function student(worker: number, round: number) {
      const suffix = `${worker}`.padStart(2, '0') + `${round}`.padStart(6, '0');
      const signUp = await call('POST', '/api/v1/user', undefined, {
        firstName: 'Crash',
        lastName: `Student${suffix}`,
        email: `crash.${suffix}@example.com`,
        telephone: `070${suffix}`,
        password: 'secret123',
        confirmPassword: 'secret123',
        agreeTerms: true,
      });
      expect(signUp.status).toBe(201);
      const token: string = signUp.json.data.token;
      const userId: string = signUp.json.data.user._id;
      acked.users.add(userId);
      // Full exams (and the welcome coins) start once the email is confirmed, from the link in the outbox.
      const confirmation = await confirmationTokenIn(
        `${environment.DATA_DIR}/outbox`,
        `crash.${suffix}@example.com`,
      );
      expect(
        (await call('POST', '/api/v1/user/verify-email', undefined, { token: confirmation })).status,
      ).toBe(200);

      const ids = paperRows[(worker + round) % paperRows.length];
      if (!ids) throw new Error('no paper');
      const examUrl = `/api/v1/exam?exam=new&examType=${ids.examType}&subject=${ids.subject}&year=${ids.year}`;
      const exam = await call('GET', examUrl, token);
      expect(exam.status).toBe(200);
      const attemptId: string = exam.json.data._id;
      acked.resumable.set(attemptId, { token, url: examUrl });
      const examQuestions: { _id: string; options: { _id: string }[] }[] = exam.json.data.questions;
      acked.answers.set(attemptId, new Map());

      for (const [index, question] of examQuestions.slice(0, 8).entries()) {
        if (stopping) return;
        if (index === 3) {
          const skipped = await call('POST', '/api/v1/exam/lifeline', token, {
            exam: attemptId,
            question: question._id,
            kind: 'skip',
          });
          expect(skipped.status).toBe(200);
          acked.lifelines.set(attemptId, new Set([question._id]));
          continue;
        }
        const option = question.options[(index + round) % question.options.length];
        if (!option) continue;
        const saved = await call('PATCH', '/api/v1/exam/answer', token, {
          exam: attemptId,
          question: question._id,
          option: option._id,
        });
        expect(saved.status).toBe(200);
        acked.answers.get(attemptId)?.set(question._id, option._id);
        answerCount += 1;
      }

      if (round % 2 === 0) {
        const submitted = await call('POST', '/api/v1/exam/answer', token, { exam: attemptId });
        expect(submitted.status).toBe(200);
        acked.submissions.set(attemptId, submitted.json.data.score);
      }

      const transaction: StandInTransaction = {
        reference: `crash-${randomUUID()}`,
        status: 'success',
        amount: 500 * 100,
        currency: 'NGN',
        metadata: { userId, purpose: 'subscription', planId: 'weekly' },
      };
      paystack?.record(transaction);
      // Browser confirmation, webhook, or both at once: each 200 means the payment is granted.
      const viaBrowser = () =>
        call('POST', '/api/v1/subscription', token, {
          reference: transaction.reference,
          channel: 'paystack',
          planId: 'weekly',
        });
      const signed = signedWebhook(transaction);
      const viaWebhook = () =>
        call('POST', '/api/v1/paystack/webhook', undefined, signed.body, {
          'x-paystack-signature': signed.signature,
        });
      const calls =
        round % 3 === 0 ? [viaBrowser()] : round % 3 === 1 ? [viaWebhook()] : [viaBrowser(), viaWebhook()];
      for (const result of await Promise.allSettled(calls)) {
        if (result.status === 'fulfilled') {
          expect(result.value.status).toBe(200);
          acked.payments.set(transaction.reference, userId);
        }
      }
    }

    async function worker(index: number) {
      for (let round = 0; !stopping; round++) {
        try {
          await student(index, round);
        } catch (error) {
          // Once the server is killed, requests fail: that is the point. Before that, a failure is a bug.
          if (!stopping) throw error;
        }
      }
    }

    const started = Date.now();
    const load = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    let loadError: unknown;
    load.catch((error: unknown) => {
      loadError = error;
    });
    while (answerCount < KILL_AFTER_ANSWERS && Date.now() - started < LOAD_CAP_MS && !loadError) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (loadError) throw loadError;
    stopping = true;
    server.child.kill('SIGKILL');
    const { signal } = await server.exited;
    expect(signal).toBe('SIGKILL');
    await load;

    // On a slow machine the time cap may come first; the kill must still land in the middle of real work.
    expect(answerCount).toBeGreaterThan(0);
    expect(acked.submissions.size).toBeGreaterThan(0);
    expect(acked.payments.size).toBeGreaterThan(0);

    server = await startServer(environment);
    const health = await fetch(`${server.origin}/api/v1/health`);
    expect(health.status).toBe(200);
    const { db } = handle;

    // Every acknowledged sign-up, answer, lifeline, submission and payment is there.
    const userIds = [...acked.users];
    expect(await db.$count(users, inArray(users.id, userIds))).toBe(userIds.length);
    let checkedAnswers = 0;
    for (const [attemptId, expected] of acked.answers) {
      const rows = await db
        .select({ question: attemptAnswers.questionId, option: attemptAnswers.optionId })
        .from(attemptAnswers)
        .where(eq(attemptAnswers.attemptId, attemptId));
      const stored = new Map(rows.map((row) => [row.question, row.option]));
      for (const [question, option] of expected) {
        expect(stored.get(question), `answer ${question} of attempt ${attemptId}`).toBe(option);
        checkedAnswers += 1;
      }
    }
    expect(checkedAnswers).toBe(answerCount);
    for (const [attemptId, skipped] of acked.lifelines) {
      const rows = await db
        .select({ question: lifelineUses.questionId })
        .from(lifelineUses)
        .where(eq(lifelineUses.attemptId, attemptId));
      expect(rows.map((row) => row.question)).toEqual([...skipped]);
    }
    for (const [attemptId, score] of acked.submissions) {
      const [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
      expect(row?.submittedAt, `submission of ${attemptId}`).not.toBeNull();
      expect(row?.score).toBe(score);
    }
    for (const [reference, userId] of acked.payments) {
      const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
      expect(payment?.userId, `payment ${reference}`).toBe(userId);
      const [subscription] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.reference, reference), eq(subscriptions.userId, userId)));
      expect(subscription?.planId).toBe('weekly');
    }

    // For every user, the ledger explains the balance exactly.
    const everyone = await db.select({ id: users.id, balance: users.triviaPoints }).from(users);
    expect(everyone.length).toBeGreaterThanOrEqual(userIds.length);
    for (const user of everyone) {
      const entries = await db
        .select({ type: coinLedger.type, coins: coinLedger.coins, coinsAfter: coinLedger.coinsAfter })
        .from(coinLedger)
        .where(eq(coinLedger.userId, user.id))
        .orderBy(asc(coinLedger.seq));
      const net = entries.reduce(
        (sum, entry) => sum + (entry.type === 'credit' ? entry.coins : -entry.coins),
        0,
      );
      expect(net, `ledger sum of ${user.id}`).toBe(user.balance);
      expect(entries.at(-1)?.coinsAfter ?? 0, `latest coinsAfter of ${user.id}`).toBe(user.balance);
    }

    // The restarted server serves the students it had: their tokens still work, and an unsubmitted attempt
    // resumes with every acknowledged answer.
    const open = [...acked.answers.keys()].find(
      (id) => !acked.submissions.has(id) && (acked.answers.get(id)?.size ?? 0) > 0,
    );
    const resume = open ? acked.resumable.get(open) : undefined;
    if (open && resume) {
      const response = await fetch(`${server.origin}${resume.url}`, {
        headers: { authorization: `Bearer ${resume.token}`, 'frontend-source': 'webuser' },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { _id: string; answers: { question: string }[] } };
      expect(body.data._id).toBe(open);
      const resumed = new Set(body.data.answers.map((answer) => answer.question));
      for (const question of acked.answers.get(open)?.keys() ?? []) expect(resumed.has(question)).toBe(true);
    }
    console.log(
      `crash: killed after ${Date.now() - started} ms with ${answerCount} answers, ${acked.submissions.size} submissions, ${acked.payments.size} payments and ${acked.users.size} sign-ups acknowledged; all present after restart`,
    );
  }, 120_000);
});
