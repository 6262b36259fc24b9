import { Hono } from 'hono';
import { ok, paged } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { listPlans, publicPlan } from '../../services/payments/plans.ts';
import { catalogueCache, PLANS_VERSION } from '../catalogue-cache.ts';

/** /api/v1/plan: the subscription plans, public catalogue data. */
export function planRoutes() {
  return new Hono<AppEnv>().get('/', catalogueCache(PLANS_VERSION), async (c) => {
    const docs = (await listPlans(c.get('deps').db)).map(publicPlan);
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, 'Plans fetched successfully', paged(docs, docs.length, 1, Math.max(docs.length, 1)));
  });
}
