import { Hono } from 'hono';
import type { ReviewDue } from '../../../lib/api/review.ts';
import { reviewAnswerSchema, reviewDueQuerySchema } from '../../../lib/validation/review.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import { addPendingMistakes, deckCounts, dueQuestions } from '../../services/learning/deck.ts';
import { answerReview } from '../../services/learning/review-answer.ts';

/**
 * /api/v1/review: the caller's review deck (docs/learning.md). Reading it first takes in the mistakes of
 * attempts scored since it was last read, so a GET may add cards, once: read again, it changes nothing.
 */
export function reviewRoutes() {
  return new Hono<AppEnv>()
    .get('/due', requireUser, validate('query', reviewDueQuerySchema), async (c) => {
      const { db, clock } = c.get('deps');
      const { userId } = c.get('auth');
      const now = clock.now();
      await addPendingMistakes(db, userId, now);
      const [questions, counts] = await Promise.all([
        dueQuestions(db, userId, now, c.req.valid('query').limit),
        deckCounts(db, userId, now),
      ]);
      return ok(c, 'Due reviews fetched successfully', { questions, counts } satisfies ReviewDue);
    })
    .post('/answer', requireUser, validate('json', reviewAnswerSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const outcome = await answerReview(db, c.get('auth').userId, c.req.valid('json'), clock.now());
      // Quiet: the deck shows right or wrong itself, so the client shows no toast for this message.
      return ok(c, 'Review answer recorded', outcome);
    });
}
