import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import type { TestApp } from './test-app.ts';

/** One endpoint of the API, as the Hono app lists it. */
export interface Endpoint {
  method: string;
  path: string;
  /** `METHOD /path`, for test names and lookup tables. */
  key: string;
}

/**
 * Every endpoint of the app, read from the app itself so that a new route is covered without editing the
 * tests. Middleware registered with `app.use` shows up as `ALL`; each handler of a route adds one entry.
 */
export function listEndpoints(app: TestApp['app']): Endpoint[] {
  const byKey = new Map<string, Endpoint>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    byKey.set(key, { method: route.method, path: route.path, key });
  }
  return [...byKey.values()];
}

/** The path with each `:param` (optionally `:param{regex}`) replaced by `value`. */
export function fillPathParams(path: string, value: string): string {
  return path.replace(/:[A-Za-z_]\w*(\{[^}]*\})?/g, () => encodeURIComponent(value));
}

/** A response reduced to what the probes check. */
export interface ProbeResponse {
  status: number;
  contentType: string;
  text: string;
}

let addressCounter = 0;

/** A client address of its own for each request, so that per-address limits apply only where meant. */
export function nextAddress(): string {
  addressCounter += 1;
  return `172.${16 + ((addressCounter >> 16) & 15)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Sends one raw request through `app.request()`: the body is bytes, so no content type is added. */
export async function sendRaw(
  app: TestApp['app'],
  method: string,
  pathAndQuery: string,
  options: { headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> | undefined } = {},
): Promise<ProbeResponse> {
  const headers = new Headers(options.headers);
  const init: RequestInit = { method, headers };
  if (options.body !== undefined && method !== 'GET' && method !== 'HEAD') init.body = options.body;
  const response = await app.request(pathAndQuery, init, { clientAddress: nextAddress() });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

const ERROR_KEYS = new Set(['success', 'message', 'errors', 'code']);

/**
 * Asserts DESIGN §5's error shape: `{ success: false, message, errors?: [{ path, message }] }` (402s also
 * carry `code`). A 429 is plain text by design.
 */
export function expectErrorShape(response: ProbeResponse, context = '') {
  const where = `${context} -> ${response.status} ${response.text.slice(0, 300)}`;
  if (response.status === 429) {
    expect(response.contentType, where).toMatch(/^text\/plain/);
    expect(response.text.length, where).toBeGreaterThan(0);
    return;
  }
  expect(response.contentType, where).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(response.text);
  expect(body, where).toMatchObject({ success: false, message: expect.any(String) });
  const record = body as Record<string, unknown>;
  expect((record.message as string).length, where).toBeGreaterThan(0);
  for (const key of Object.keys(record)) expect(ERROR_KEYS.has(key), `${where} (key ${key})`).toBe(true);
  if (record.errors !== undefined) {
    expect(Array.isArray(record.errors), where).toBe(true);
    for (const item of record.errors as unknown[]) {
      expect(item, where).toEqual({ path: expect.any(Array), message: expect.any(String) });
      for (const part of (item as { path: unknown[] }).path) {
        expect(['string', 'number'], where).toContain(typeof part);
      }
    }
  }
}

function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/**
 * A fingerprint of every table in the public schema: its row count and an md5 of all its rows in a stable
 * order. Two equal fingerprints mean nothing was added, removed or changed.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((row) => row.name);
  const selects = tables.map(
    (table) =>
      `select '${table}' as name, count(*)::int || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print from "${table}" t`,
  );
  const rows = rowsOf<{ name: string; print: string }>(
    await db.execute(sql.raw(selects.join(' union all '))),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}
