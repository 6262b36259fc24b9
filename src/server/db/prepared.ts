import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();

// PostgreSQL keeps every prepared statement of a connection until it closes: a statement whose text
// varied with its input would pile up, so past this many distinct texts new ones run unprepared.
const MAX_STATEMENTS = 100;
const names = new Map<string, string>();

function statementName(label: string, text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_STATEMENTS) {
    // Derived from the text, so that two texts can never share a name (node-postgres refuses that).
    name = `${label}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

/** A query run by preparedRows or preparedQuery: its text and parameters. */
type Built = ReturnType<PgDialect['sqlToQuery']>;

async function run<Row>(
  db: Executor,
  built: Built,
  name: string | undefined,
  values?: Record<string, unknown>,
) {
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  // Both drivers answer a query without mapped fields with `{ rows }`.
  const result = (await prepared.execute(values)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * The rows of a hot query, run as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every request (for the API's small queries, planning costs more than running
 * them). Only for queries whose text is always the same, with the values as parameters. PGlite runs it as
 * an ordinary query.
 */
export function preparedRows<Row>(db: Executor, label: string, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  return run<Row>(db, built, statementName(label, built.sql), undefined);
}

/**
 * A hot query written once with `sql.placeholder(name)` for its values: its text is built once, and each
 * call runs it as a named prepared statement (see preparedRows) with the values given.
 */
export function preparedQuery<Row, Values extends object>(label: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  const name = statementName(label, built.sql);
  return (db: Executor, values: Values): Promise<Row[]> =>
    run<Row>(db, built, name, values as Record<string, unknown>);
}
