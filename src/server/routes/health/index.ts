import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { unavailableResponse } from '../../http/errors.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';

/**
 * /api/v1/health: 200 while the database answers, 503 with Retry-After when it does not, so that a load
 * balancer takes the instance out until its database is back. Used by `server.mjs` at start-up too.
 */
export function healthRoutes() {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await c.get('deps').db.execute(sql`select 1`);
    } catch (error) {
      c.get('logger').warn({ err: error }, 'health check: the database does not answer');
      return unavailableResponse(c);
    }
    return ok(c, 'OK', { status: 'ok' });
  });
}
