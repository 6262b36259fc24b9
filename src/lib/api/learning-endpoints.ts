/**
 * The endpoints of learning, bound as endpoints.ts binds the rest (and re-exported from it): topic mastery,
 * the review deck, and the predicted UTME score with the plan to exam day.
 */

import type { examPlanSchema } from '../validation/prediction.ts';
import type { z } from '../validation/zod.ts';
import { endpoint, type } from './endpoint.ts';
import type { ExamPayload } from './exam.ts';
import type { MasteryOverview, TopicPracticeQuery } from './mastery.ts';
import type { ExamPlan, TodayPlan, UtmePrediction } from './prediction.ts';
import type { ReviewAnswerBody, ReviewDue, ReviewDueQuery, ReviewOutcome } from './review.ts';

/** Mastery's endpoints: the overview, and a practice of one topic. */
export const masteryApi = {
  overview: endpoint('GET', '/api/v1/mastery', { data: type<MasteryOverview>() }),
  topic: endpoint('GET', '/api/v1/exam/topic', {
    data: type<ExamPayload>(),
    query: type<TopicPracticeQuery>(),
  }),
} as const;

/** The review deck's endpoints (docs/learning.md). */
export const reviewApi = {
  due: endpoint('GET', '/api/v1/review/due', { data: type<ReviewDue>(), query: type<ReviewDueQuery>() }),
  answer: endpoint('POST', '/api/v1/review/answer', {
    data: type<ReviewOutcome>(),
    body: type<ReviewAnswerBody>(),
  }),
} as const;

/** The predicted UTME score and the plan to exam day (docs/prediction.md). */
export const predictionApi = {
  prediction: endpoint('GET', '/api/v1/prediction', { data: type<UtmePrediction>() }),
  plan: endpoint('GET', '/api/v1/prediction/plan', { data: type<ExamPlan>() }),
  setPlan: endpoint('PUT', '/api/v1/prediction/plan', {
    data: type<ExamPlan>(),
    body: type<z.input<typeof examPlanSchema>>(),
  }),
  today: endpoint('GET', '/api/v1/prediction/today', { data: type<TodayPlan>() }),
} as const;
