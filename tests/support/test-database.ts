import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, inject, onTestFinished } from 'vitest';
import { type DatabaseHandle, openDatabase, openPglite } from '../../src/server/db/client.ts';

/** Which database the API tests run on: set per Vitest project (vitest.config.ts). */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let template: Blob | undefined;

/** The migrated database the global set-up dumped (tests/support/pglite-template.ts), read once a file. */
function pgliteTemplate(): Blob {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
}

/**
 * A fresh, migrated database: an in-memory PGlite copied from the run's migrated template, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL, dropped again by `close`.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite') return openPglite(new PGlite({ loadDataDir: pgliteTemplate() }));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is needed to run the API tests on PostgreSQL');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Runs `cleanUp` when the running test ends, or after the file (or the describe block) when called outside
 * a test. A hook registered with `afterAll` from inside a test never runs: the databases of apps made in
 * tests stayed on the PostgreSQL server, connections open, until the test process ended.
 */
export function cleanUpAfterUse(cleanUp: () => Promise<unknown>) {
  try {
    onTestFinished(async () => {
      await cleanUp();
    });
  } catch {
    // Not inside a test: at the top of a file, in a describe block or in beforeAll.
    afterAll(async () => {
      await cleanUp();
    });
  }
}
