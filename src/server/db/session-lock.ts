import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client.ts';
import * as schema from './schema.ts';

/** What withSessionLock answers: the work's value, or that another holder had the lock. */
export type Locked<T> = { held: true; value: T } | { held: false };

/** The locks this process holds on each embedded database (keyed by its PGlite client). */
const heldInProcess = new WeakMap<object, Set<number>>();

/**
 * Runs `work` while holding the advisory lock `key`, or answers `{ held: false }` at once when another
 * holder has it: for long background work of which one run at a time is wanted across every instance.
 *
 * On PostgreSQL it is a session-level lock (pg_try_advisory_lock) on a connection of its own, held from the
 * pool for the whole work, which runs on that connection (with `statementTimeoutMs`, when given, in place of
 * the pool's). A session lock, not a row that says "running": when the process dies, its connection closes
 * and the server lets the lock go, so a crash never leaves a stale claim for the next run to wait out.
 *
 * An embedded database is open in one process only (data-folder-lock.ts) and has one session, in which
 * advisory locks would always be granted again: there the lock is this process's own record.
 */
export async function withSessionLock<T>(
  db: Database,
  key: number,
  work: (session: Database) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<Locked<T>> {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return onOwnConnection(client, key, work, options.statementTimeoutMs);
  const owner = typeof client === 'object' && client !== null ? client : db;
  const held = heldInProcess.get(owner) ?? new Set<number>();
  if (held.has(key)) return { held: false };
  held.add(key);
  heldInProcess.set(owner, held);
  try {
    return { held: true, value: await work(db) };
  } finally {
    held.delete(key);
  }
}

async function onOwnConnection<T>(
  pool: pg.Pool,
  key: number,
  work: (session: Database) => Promise<T>,
  statementTimeoutMs: number | undefined,
): Promise<Locked<T>> {
  const connection = await pool.connect();
  // After a failure the connection is closed, not handed back to requests: it may still hold the lock.
  let discard: Error | undefined;
  try {
    const { rows } = await connection.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [key],
    );
    if (!rows[0]?.locked) return { held: false };
    try {
      if (statementTimeoutMs !== undefined) {
        await connection.query("select set_config('statement_timeout', $1, false)", [
          String(statementTimeoutMs),
        ]);
      }
      return { held: true, value: await work(drizzleNodePg(connection, { schema })) };
    } finally {
      try {
        await connection.query('select pg_advisory_unlock($1)', [key]);
        await connection.query('reset statement_timeout');
      } catch (error) {
        discard = error as Error;
      }
    }
  } catch (error) {
    discard ??= error as Error;
    throw error;
  } finally {
    connection.release(discard);
  }
}
