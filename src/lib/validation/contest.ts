import { answersSchema } from './exam-requests.ts';
import { z } from './zod.ts';

/** The :id of every /api/v1/contest/:id route. */
export const contestParamSchema = z.object({ id: z.uuid({ error: 'This contest does not exist.' }) });

/** POST /api/v1/contest/:id/level: hand in the open level with the answers picked. */
export const submitLevelSchema = z
  .object({ exam: z.uuid({ error: 'exam must be the id of your level' }), answers: answersSchema })
  .strict();

/** POST /api/v1/contest/:id/claim: the winner confirms being 18 or over. */
export const claimPrizeSchema = z
  .object({ adult: z.boolean({ error: 'adult must be true or false' }) })
  .strict();

/** GET /api/v1/contest: `entered=true` keeps the caller's own contests (their /profile list). */
export const contestListQuerySchema = z.object({
  entered: z.enum(['true', 'false'], { error: 'entered must be true or false' }).optional(),
});
