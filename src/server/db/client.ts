import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { lockDataFolder } from './data-folder-lock.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;

/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handed to `db.transaction(async (tx) => ...)`. */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either: functions that must run inside the caller's transaction take this. */
export type Executor = Database | Transaction;

/** The rows of a raw statement's result (`await db.execute(sql\`…\`)`), typed by the caller. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * Ids as one uuid[] parameter of a raw statement (`= any(${uuidArray(ids)})`), however many: a list of
 * parameters would meet PostgreSQL's limit of 65,535.
 */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** An open database and the way to close it. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

// Migrations are committed SQL files read at start; the server runs from the project folder.
const migrationsFolder = resolve('src/server/db/migrations');

/** How a PostgreSQL pool behaves; the defaults suit one app process. */
export interface PoolOptions {
  /** The most connections this process opens. */
  max?: number;
  /** Told about connections that broke while nobody was using them (a restart, a failover). */
  onConnectionError?: (error: Error) => void;
  /** How long one statement may run before PostgreSQL cancels it (0: no limit); the app's by default. */
  statementTimeoutMs?: number;
}

/**
 * The app's statement_timeout: no request's query comes near it (the slowest, in docs/performance.md, take
 * tens of milliseconds), and a runaway one is cancelled (57014, a 503) before it holds a connection for long.
 */
export const APP_STATEMENT_TIMEOUT_MS = 5_000;
/** The staff commands' statement_timeout: an import or the item statistics over a large bank take longer. */
export const STAFF_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/** What runs once the schema is current, before the database is handed out: seeding an empty one. */
export type StartUp = (db: Database) => Promise<void>;

// Any fixed number: instances starting together take turns to migrate and seed instead of racing.
const START_UP_LOCK = 7_204_118;

/** libpq (and postgres.js) fall back to the operating system's user name; node-postgres reads only $USER. */
function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = process.env.PGUSER ?? userInfo().username;
  return parsed.toString();
}

/**
 * A node-postgres pool that survives the database going away: a connection that breaks fails only the
 * query using it and is dropped from the pool, and the next request opens a new one. node-postgres emits
 * 'error' on a broken connection, which would end the process if nothing listened, so every connection
 * and the pool itself get a listener (docs/decisions/004-the-postgresql-driver-is-node-postgres.md, "The PostgreSQL driver").
 */
export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const report = options.onConnectionError ?? (() => {});
  const pool = new pg.Pool({
    connectionString: withDefaultUser(url),
    max: options.max ?? 10,
    // While the database is unreachable, fail fast (a 503) instead of queueing students behind it.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? APP_STATEMENT_TIMEOUT_MS,
  });
  pool.on('error', report);
  pool.on('connect', (connection) => {
    // A connection checked out for a transaction has no pool listener until it is released.
    connection.on('error', report);
  });
  return pool;
}

/** Opens PGlite or PostgreSQL as configured and applies any pending migration. */
export async function openDatabase(
  database: Config['database'],
  options: PoolOptions & { startUp?: StartUp } = {},
): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const pool = createPool(database.url, options);
    const db = drizzleNodePg(pool, { schema });
    try {
      await migrateLocked(pool, db, options.startUp);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (!database.dataDir) return openPglite(new PGlite(), options.startUp);
  mkdirSync(database.dataDir, { recursive: true });
  // A second process on the folder would lose its writes (data-folder-lock.ts): this refuses it instead.
  const unlock = lockDataFolder(database.dataDir);
  let client: PGlite | undefined;
  try {
    client = new PGlite(database.dataDir);
    const handle = await openPglite(client, options.startUp);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    unlock();
    throw error;
  }
}

/**
 * Migrates a PGlite (and runs the start-up work) and wraps it. The tests hand it a copy of a database
 * migrated once per run, for which the migrations are already applied and only checked.
 */
export async function openPglite(client: PGlite, startUp?: StartUp): Promise<DatabaseHandle> {
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  await startUp?.(db);
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Migrates (and runs the start-up work) under an advisory lock, so that one instance does it at a time. */
async function migrateLocked(pool: pg.Pool, db: Database, startUp: StartUp | undefined) {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
    // A migration that rewrites a large table may run for minutes; the pool's timeout is for requests.
    await connection.query('set statement_timeout = 0');
    await migrateNodePg(drizzleNodePg(connection, { schema }), { migrationsFolder });
    await startUp?.(db);
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [START_UP_LOCK]).catch(() => {});
    // Back to the pool's own timeout (the one the connection started with) before others use it.
    await connection.query('reset statement_timeout').catch(() => {});
    connection.release();
  }
}
