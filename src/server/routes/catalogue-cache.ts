import { type SQL, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Executor } from '../db/client.ts';
import { preparedRows } from '../db/prepared.ts';
import type { AppEnv } from '../http/types.ts';

/** How many different queries (filters and pages) of one list an instance keeps. */
const ENTRIES = 200;

// `xmin` is the id of the transaction that last wrote a row, so the sum changes whenever a row is added,
// changed (an import setting an exam type's image) or removed; the count catches removals that happen to
// keep the sum.
const tableVersion = (table: string) =>
  sql.raw(`(select count(*) || '.' || coalesce(sum(xmin::text::bigint), 0) from ${table})`);

/**
 * The version of what the exam-type, subject and year lists show. Papers are only ever added (an import
 * never deletes one or changes its exam type, subject or year), so their count is enough, and counting is
 * cheaper than summing 2,000 rows.
 */
export const CATALOGUE_VERSION = sql<string>`select ${tableVersion('exam_types')} || ':' || ${tableVersion('subjects')}
  || ':' || ${tableVersion('years')} || ':' || (select count(*) from papers) as version`;

/** The version of the plans list. */
export const PLANS_VERSION = sql<string>`select ${tableVersion('plans')} as version`;

/**
 * Reads a version for every request that asks before the read starts: requests that arrive in the same
 * turn of the event loop share one query. The read always starts after the request arrived, so a change
 * committed before a request arrived is always seen by it.
 */
function versionReader(query: SQL) {
  let next: Promise<string> | undefined;
  return (db: Executor): Promise<string> => {
    next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      next = undefined;
      const [row] = await preparedRows<{ version: string }>(db, 'catalogue_version', query);
      return row?.version ?? '';
    });
    return next;
  };
}

// What a list's answer says about itself; everything else (the request id, security headers) belongs to
// each request and is added by the app's middleware.
const OWN_HEADERS = ['content-type', 'cache-control', 'etag'];

/**
 * Keeps the answers of a public catalogue list in this instance, by query string, and answers from them
 * while the list's version (one small query) is unchanged: a list is the same for everyone, so it is built
 * once per change instead of once per request, and a change shows at once on every instance. Put it first
 * in the route: a kept answer was a 200 to the same query string, so it passed validation, and its ETag
 * and Cache-Control are the ones `publicCache` gave it. A request with If-None-Match takes the full way,
 * so `publicCache` decides between 200 and 304.
 */
export function catalogueCache(version: SQL): MiddlewareHandler<AppEnv> {
  const readVersion = versionReader(version);
  const answers = new Map<string, { version: string; body: string; headers: Record<string, string> }>();
  return async (c, next) => {
    let current: string;
    try {
      current = await readVersion(c.get('deps').db);
    } catch {
      // The route answers as it would without the cache: 400 for a bad query, or its own database error.
      return next();
    }
    const key = new URL(c.req.url).search;
    const kept = answers.get(key);
    if (kept?.version === current && c.req.header('if-none-match') === undefined) {
      answers.delete(key);
      answers.set(key, kept);
      return c.body(kept.body, 200, kept.headers);
    }
    await next();
    if (c.res.status !== 200) return undefined;
    const headers: Record<string, string> = {};
    for (const name of OWN_HEADERS) {
      const value = c.res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    answers.delete(key);
    answers.set(key, { version: current, body: await c.res.clone().text(), headers });
    // The least recently used query goes first: Map keeps insertion order.
    while (answers.size > ENTRIES) {
      const oldest = answers.keys().next().value;
      if (oldest === undefined) break;
      answers.delete(oldest);
    }
    return undefined;
  };
}
