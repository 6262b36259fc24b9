import { Hono } from 'hono';
import { examPlanSchema } from '../../../lib/validation/prediction.ts';
import { requireUser } from '../../http/auth.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import { examPlan, setExamPlan } from '../../services/prediction/plan.ts';
import type { PoolCache } from '../../services/prediction/pool-cache.ts';
import { utmePrediction } from '../../services/prediction/predict.ts';
import { todayPlan } from '../../services/prediction/today.ts';

/**
 * /api/v1/prediction: the caller's predicted UTME score, their exam plan and the day's work towards it
 * (docs/prediction.md). For signed-in students only; the prediction is read, never stored or ranked.
 */
export function predictionRoutes(pools: PoolCache, limits: RateLimits) {
  return new Hono<AppEnv>()
    .get('/', requireUser, limits.historyRead, async (c) => {
      const prediction = await utmePrediction(c.get('deps').db, pools, c.get('auth').userId);
      return ok(c, 'Prediction fetched successfully', prediction);
    })
    .get('/plan', requireUser, async (c) => {
      const plan = await examPlan(c.get('deps').db, c.get('auth').userId);
      return ok(c, 'Exam plan fetched successfully', plan);
    })
    .put('/plan', requireUser, validate('json', examPlanSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const plan = await setExamPlan(db, c.get('auth').userId, c.req.valid('json'), clock.now());
      return ok(c, 'Exam plan saved', plan);
    })
    .get('/today', requireUser, limits.historyRead, async (c) => {
      const { db, clock } = c.get('deps');
      const today = await todayPlan(db, pools, c.get('auth').userId, clock.now());
      return ok(c, 'Today’s plan fetched successfully', today);
    });
}
