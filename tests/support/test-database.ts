import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';

/** Which database the API tests run on: set per Vitest project (vitest.config.ts). */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL, dropped again by `close`.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite') return openDatabase({ kind: 'pglite', dataDir: undefined });
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
