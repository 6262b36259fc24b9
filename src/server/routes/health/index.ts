import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';

/** /api/v1/health: answers once the database is open and migrated; used by load balancers and start-up. */
export function healthRoutes() {
  return new Hono<AppEnv>().get('/', async (c) => {
    await c.get('deps').db.execute(sql`select 1`);
    return ok(c, 'OK', { status: 'ok' });
  });
}
