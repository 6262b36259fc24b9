import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../../db/client.ts';
import { unavailableResponse } from '../../http/errors.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';

/**
 * Asks the database whether it answers. Checks that arrive while one is in flight share it, so a load
 * balancer's probes (or a flood of them) never queue a query each behind the students' own queries; every
 * answer still comes from a query that was running when the check arrived.
 */
function sharedProbe(db: Database) {
  let inFlight: Promise<unknown> | undefined;
  return (): Promise<unknown> => {
    inFlight ??= db.execute(sql`select 1`).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/**
 * /api/v1/health: 200 while the database answers, 503 with Retry-After when it does not, so that a load
 * balancer takes the instance out until its database is back. Used by `server.mjs` at start-up too.
 */
export function healthRoutes(db: Database) {
  const probe = sharedProbe(db);
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await probe();
    } catch (error) {
      c.get('logger').warn({ err: error }, 'health check: the database does not answer');
      return unavailableResponse(c);
    }
    return ok(c, 'OK', { status: 'ok' });
  });
}
