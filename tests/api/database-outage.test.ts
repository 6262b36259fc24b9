import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { parseConfig } from '../../src/server/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { attemptAnswers } from '../../src/server/db/schema.ts';
import { createPaymentVerifier } from '../../src/server/services/payments/paystack.ts';
import { expectLogs, testLogger } from '../support/logs.ts';
import { confirmationTokenIn } from '../support/outbox.ts';
import { createDatabase, ensureBuilt, type ServerProcess, startServer } from '../support/server-process.ts';
import { fakeClock, memoryMailer, newStudent } from '../support/test-app.ts';
import { testDatabaseKind } from '../support/test-database.ts';

// What a failover, a pooler restart or pg_terminate_backend does to the app, on the PostgreSQL server the
// suite runs on (TEST_DATABASE_URL): the api-postgres project only.
const onPostgres = testDatabaseKind === 'postgres';
const serverUrl = process.env.TEST_DATABASE_URL ?? '';

/**
 * A TCP relay in front of PostgreSQL that a test can unplug (every connection cut, new ones refused) and
 * plug back in on the same port: the database "going away" without stopping the shared server.
 */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  await listen();
  return {
    url(database: string) {
      const url = new URL(target);
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    async unplug() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    plug: listen,
  };
}

async function json(response: Response) {
  return { status: response.status, headers: response.headers, body: await response.json() };
}

// A relay between the app and a real PostgreSQL server cuts it off: the api-postgres project only.
describe.runIf(onPostgres)('while the database cannot be reached', () => {
  let database: { url: string; drop: () => Promise<void> };
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createDatabase(serverUrl, 'outage');
    relay = await startRelay(new URL(database.url));
    handle = await openDatabase({
      kind: 'postgres',
      url: relay.url(new URL(database.url).pathname.slice(1)),
    });
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: 'tests/.tmp' });
    app = createApp({
      db: handle.db,
      config,
      mailer: memoryMailer(),
      clock: fakeClock(),
      paystack: createPaymentVerifier(config, handle.db),
      logger: testLogger(),
    });
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const call = (path: string, init: RequestInit = {}) =>
    app.request(path, init, { clientAddress: `10.9.${Math.floor(Math.random() * 250)}.1` });

  it('answers 503 with Retry-After and the error shape, says so on /health, and recovers by itself', async () => {
    expectLogs(/the database is unavailable/);
    expectLogs(/health check: the database does not answer/);
    const signUp = await json(
      await call('/api/v1/user', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'frontend-source': 'webuser' },
        body: JSON.stringify(newStudent()),
      }),
    );
    expect(signUp.status).toBe(201);
    const auth = { authorization: `Bearer ${signUp.body.data.token}`, 'frontend-source': 'webuser' };
    expect((await call('/api/v1/user', { headers: auth })).status).toBe(200);

    await relay.unplug();
    const refused = await json(await call('/api/v1/user', { headers: auth }));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toMatchObject({ success: false, message: expect.stringContaining('try again') });
    expect(refused.body.requestId).toEqual(expect.any(String));
    const health = await call('/api/v1/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('5');

    await relay.plug();
    expect((await call('/api/v1/health')).status).toBe(200);
    expect((await call('/api/v1/user', { headers: auth })).status).toBe(200);
  });
});

// pg_terminate_backend needs a real PostgreSQL server: the api-postgres project only.
describe.runIf(onPostgres)('PostgreSQL terminating the app’s connections under load', () => {
  let database: { url: string; drop: () => Promise<void> };
  let admin: ReturnType<typeof postgres>;
  const servers: ServerProcess[] = [];
  const dataDir = `tests/.tmp/terminate-${randomUUID()}`;

  beforeAll(async () => {
    await ensureBuilt();
    database = await createDatabase(serverUrl, 'terminate');
    admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const environment = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'silent',
    };
    // Two instances on one database, as behind a load balancer; the first loads the sample bank.
    servers.push(await startServer({ ...environment, SEED_SAMPLE_DATA: 'true' }));
    servers.push(await startServer({ ...environment, SEED_SAMPLE_DATA: 'false' }));
  }, 600_000);

  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await admin?.end();
    await database?.drop();
  });

  it('fails only the requests on a broken connection: every instance stays up and keeps what it acknowledged', async () => {
    let addressCounter = 0;
    async function call(origin: string, method: string, path: string, token?: string, body?: unknown) {
      addressCounter += 1;
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          'frontend-source': 'webuser',
          'x-forwarded-for': `100.70.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json() };
    }

    const origins = servers.map((server) => server.origin);
    const reader = postgres(database.url, { max: 1, onnotice: () => {} });
    const [paper] = await reader<{ exam_type_id: string; subject_id: string; year_id: string }[]>`
      select exam_type_id, subject_id, year_id from papers
      where exists (select 1 from questions where questions.paper_id = papers.id) limit 1`;
    await reader.end();
    if (!paper) throw new Error('the sample bank did not load');

    // Eight students, four on each instance, each with a paper open.
    const students = [];
    for (let index = 0; index < 8; index += 1) {
      const origin = origins[index % origins.length] ?? '';
      const details = newStudent();
      const signUp = await call(origin, 'POST', '/api/v1/user', undefined, details);
      expect(signUp.status).toBe(201);
      const token: string = signUp.json.data.token;
      // Full exams start once the email is confirmed, from the link in the outbox both instances share.
      const confirmation = await confirmationTokenIn(`${dataDir}/outbox`, details.email);
      expect(
        (await call(origin, 'POST', '/api/v1/user/verify-email', undefined, { token: confirmation })).status,
      ).toBe(200);
      const query = `exam=new&examType=${paper.exam_type_id}&subject=${paper.subject_id}&year=${paper.year_id}`;
      const exam = await call(origin, 'GET', `/api/v1/exam?${query}`, token);
      expect(exam.status).toBe(200);
      students.push({ origin, token, exam: exam.json.data });
    }

    const acknowledged = new Map<string, string>();
    const statuses = new Map<number, number>();
    let stop = false;
    // Each student always picks the same option of a question, so an acknowledged answer has one right value
    // in the database even if a later save of it committed but its answer was lost with the connection.
    const load = students.map(async (student, index) => {
      let round = 0;
      while (!stop) {
        const question = student.exam.questions[round % student.exam.questions.length];
        const option = question.options[index % question.options.length];
        round += 1;
        const saved = await call(student.origin, 'PATCH', '/api/v1/exam/answer', student.token, {
          exam: student.exam._id,
          question: question._id,
          option: option._id,
        }).catch(() => ({ status: 0, json: null }));
        statuses.set(saved.status, (statuses.get(saved.status) ?? 0) + 1);
        if (saved.status === 200) acknowledged.set(`${student.exam._id}:${question._id}`, option._id);
      }
    });

    // Terminate every backend of the app's database five times while the answers are being saved.
    const name = new URL(database.url).pathname.slice(1);
    let terminated = 0;
    for (let blip = 0; blip < 5; blip += 1) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = await admin<{ done: boolean }[]>`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = ${name} and pid <> pg_backend_pid()`;
      terminated += rows.filter((row) => row.done).length;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    stop = true;
    await Promise.all(load);

    expect(terminated).toBeGreaterThan(0);
    // Requests on a killed connection may fail with 503 (try again); none may crash or answer 500.
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);

    for (const server of servers) {
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();
      expect((await fetch(`${server.origin}/api/v1/health`)).status).toBe(200);
    }
    const student = students[0];
    if (!student) throw new Error('no student');
    const question = student.exam.questions[0];
    const after = await call(student.origin, 'PATCH', '/api/v1/exam/answer', student.token, {
      exam: student.exam._id,
      question: question._id,
      option: question.options[0]._id,
    });
    expect(after.status).toBe(200);

    // Every answer an instance acknowledged is in the database, with the option last acknowledged.
    const check = await openDatabase({ kind: 'postgres', url: database.url });
    try {
      for (const [key, option] of acknowledged) {
        const [attemptId = '', questionId = ''] = key.split(':');
        const [row] = await check.db
          .select({ option: attemptAnswers.optionId })
          .from(attemptAnswers)
          .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)));
        expect(row?.option, key).toBe(option);
      }
    } finally {
      await check.close();
    }
  }, 120_000);
});
