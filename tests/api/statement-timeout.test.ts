import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masteryApi } from '../../src/lib/api/endpoints.ts';
import { APP_STATEMENT_TIMEOUT_MS, type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { createDatabase } from '../support/server-process.ts';
import { createTestApp, expectLogs, signUpStudent } from '../support/test-app.ts';
import { testDatabaseKind } from '../support/test-database.ts';

// PostgreSQL's statement_timeout on the app's pool: a runaway statement is cancelled and its request answers
// 503 with Retry-After, never 500. PGlite has one connection and no timeout to set: the api-postgres project only.
const onPostgres = testDatabaseKind === 'postgres';
const serverUrl = process.env.TEST_DATABASE_URL ?? '';

// PGlite has no statement timeout to set: the api-postgres project only.
describe.runIf(onPostgres)('statement_timeout', () => {
  let database: { url: string; drop: () => Promise<void> };
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createDatabase(serverUrl, 'timeout');
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await database?.drop();
  });

  it('is set on every connection of the app’s pool, the one that ran the migrations too', async () => {
    // One connection: the migrations ran on it with no timeout, and it must come back with the pool's.
    const handle = await openDatabase({ kind: 'postgres', url: database.url }, { max: 1 });
    handles.push(handle);
    const { rows } = (await handle.db.execute(sql`show statement_timeout`)) as unknown as {
      rows: { statement_timeout: string }[];
    };
    expect(rows[0]?.statement_timeout).toBe(`${APP_STATEMENT_TIMEOUT_MS / 1000}s`);
  });

  it('cancels a statement that runs past it, and the request answers 503 with Retry-After', async () => {
    expectLogs(/the database is unavailable/);
    const handle = await openDatabase(
      { kind: 'postgres', url: database.url },
      { max: 2, statementTimeoutMs: 300 },
    );
    handles.push(handle);
    const t = await createTestApp({}, { db: handle.db });
    const student = await signUpStudent(t);
    // Another session holds the questions table, so the student's mastery query waits past the timeout.
    const blocker = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await blocker.begin(async (tx) => {
        await tx`lock table questions in access exclusive mode`;
        const response = await t.call(masteryApi.overview, { token: student.token });
        expect(response.status, response.text).toBe(503);
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      });
    } finally {
      await blocker.end();
    }
    // Once the lock is gone the same request is answered.
    expect((await t.call(masteryApi.overview, { token: student.token })).status).toBe(200);
  });
});
