import {
  MAX_REVIEW_SECONDS,
  REVIEW_SESSION_SIZE,
  type ReviewAnswerBody,
  type ReviewDueQuery,
} from '../api/review.ts';
import { z } from './zod.ts';

/** GET /api/v1/review/due: how many due questions to send, 0 to REVIEW_SESSION_SIZE (the default). */
export const reviewDueQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(0, 'limit is at least 0')
    .max(REVIEW_SESSION_SIZE, `limit is at most ${REVIEW_SESSION_SIZE}`)
    .default(REVIEW_SESSION_SIZE),
}) satisfies z.ZodType<ReviewDueQuery, unknown>;

/** POST /api/v1/review/answer: a question of the caller's deck and the option picked, or null. */
export const reviewAnswerSchema = z
  .object({
    question: z.uuid({ error: 'question must be the id of a question in your review deck' }),
    option: z.uuid({ error: 'option must be the id of one of the question’s options, or null' }).nullable(),
    seconds: z
      .number({ error: 'seconds must be the number of seconds taken' })
      .min(0, 'seconds cannot be negative')
      .max(MAX_REVIEW_SECONDS, `seconds is at most ${MAX_REVIEW_SECONDS}`)
      .optional(),
  })
  .strict() satisfies z.ZodType<ReviewAnswerBody>;
