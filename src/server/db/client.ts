import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { Config } from '../config.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;

/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handed to `db.transaction(async (tx) => ...)`. */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either: functions that must run inside the caller's transaction take this. */
export type Executor = Database | Transaction;

/** An open database and the way to close it. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

// Migrations are committed SQL files read at start; the server runs from the project folder.
const migrationsFolder = resolve('src/server/db/migrations');

/** Opens PGlite or PostgreSQL as configured and applies any pending migration. */
export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const client = postgres(database.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => client.end() };
  }
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  const client = database.dataDir ? new PGlite(database.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
