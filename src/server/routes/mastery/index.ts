import { Hono } from 'hono';
import type { MasteryOverview } from '../../../lib/api/mastery.ts';
import { requireUser } from '../../http/auth.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { masteryOverview } from '../../services/learning/mastery.ts';

/** /api/v1/mastery: the caller's topic mastery per subject practised, and each subject's weakest topics. */
export function masteryRoutes(limits: RateLimits) {
  return new Hono<AppEnv>().get('/', requireUser, limits.historyRead, async (c) => {
    const { db, clock } = c.get('deps');
    const overview: MasteryOverview = await masteryOverview(db, c.get('auth').userId, clock.now());
    return ok(c, 'Topic mastery fetched successfully', overview);
  });
}
