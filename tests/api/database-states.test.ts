import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { parseConfig } from '../../src/server/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { isDatabaseUnavailable } from '../../src/server/db/errors.ts';
import { createPaymentVerifier } from '../../src/server/services/payments/paystack.ts';
import { expectLogs, testLogger } from '../support/logs.ts';
import { createDatabase } from '../support/server-process.ts';
import { createTestApp, fakeClock, memoryMailer } from '../support/test-app.ts';
import { testDatabaseKind } from '../support/test-database.ts';

// The database states a retry cures answer 503 with Retry-After, as the driver in use reports them: the
// SQLSTATE is raised by the database itself and read back through Drizzle's wrapping.

const t = await createTestApp();

/** The error the driver throws for a statement that raises `code`. */
async function raised(code: string): Promise<unknown> {
  try {
    await t.db.execute(
      sql.raw(`do $$ begin raise exception 'raised for a test' using errcode = '${code}'; end $$`),
    );
  } catch (error) {
    return error;
  }
  throw new Error(`SQLSTATE ${code} was not raised`);
}

describe(`database states on ${testDatabaseKind}`, () => {
  it.each(['55000', '40001', '40P01', '55P03', '57014', '53300', '57P01'])(
    'SQLSTATE %s from the driver is a "try again"',
    async (code) => {
      expect(isDatabaseUnavailable(await raised(code))).toBe(true);
    },
  );

  it.each(['23505', '42601', '53100'])('SQLSTATE %s from the driver stays a failure', async (code) => {
    expect(isDatabaseUnavailable(await raised(code))).toBe(false);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL ?? '';

// A server that refuses connections needs a real PostgreSQL server: the api-postgres project only.
describe.runIf(testDatabaseKind === 'postgres')('a database that is not accepting connections', () => {
  let database: { url: string; drop: () => Promise<void> };
  let admin: ReturnType<typeof postgres>;
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createApp>;
  let name: string;

  beforeAll(async () => {
    database = await createDatabase(serverUrl, 'refusing');
    name = new URL(database.url).pathname.slice(1);
    admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    handle = await openDatabase({ kind: 'postgres', url: database.url });
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
    await admin?.unsafe(`alter database ${name} allow_connections true`);
    await handle?.close();
    await admin?.end();
    await database?.drop();
  });

  it('answers 503 with Retry-After (SQLSTATE 55000), and the usual answer once connections are allowed again', async () => {
    expectLogs(/the database is unavailable/);
    const call = () =>
      app.request(
        '/api/v1/user/login',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'frontend-source': 'webuser' },
          body: JSON.stringify({ telephone: '08000000000', password: 'secret123' }),
        },
        { clientAddress: '10.8.0.1' },
      );
    expect((await call()).status).toBe(401);
    // What an operator does for maintenance: no new connections, and the open ones ended.
    await admin.unsafe(`alter database ${name} allow_connections false`);
    await admin.unsafe(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    // The first request may still meet an ended connection (57P01); the next opens one and meets 55000.
    for (let round = 0; round < 3; round++) {
      const refused = await call();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
    }
    await admin.unsafe(`alter database ${name} allow_connections true`);
    expect((await call()).status).toBe(401);
  });
});
