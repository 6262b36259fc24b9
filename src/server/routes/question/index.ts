import { Hono } from 'hono';
import { REPORT_SENT_MESSAGE } from '../../../lib/api/reports.ts';
import { questionReportSchema } from '../../../lib/validation/reports.ts';
import { requireUser } from '../../http/auth.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import { reportQuestion } from '../../services/question-reports.ts';

/** /api/v1/question: what students tell the editors about questions (docs/learning.md). */
export function questionRoutes(limits: RateLimits) {
  return new Hono<AppEnv>().post(
    '/report',
    requireUser,
    limits.questionReport,
    validate('json', questionReportSchema),
    async (c) => {
      const { db, clock } = c.get('deps');
      const { userId } = c.get('auth');
      const report = await reportQuestion(db, userId, c.req.valid('json'), clock.now());
      return ok(c, REPORT_SENT_MESSAGE, report, 201);
    },
  );
}
