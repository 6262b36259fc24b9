import type { TopicPracticeQuery } from '../api/mastery.ts';
import { text } from './fields.ts';
import { z } from './zod.ts';

/** The longest topic name the importer accepts (input-schema.ts): a longer one cannot be in the bank. */
export const MAX_TOPIC_LENGTH = 200;

/** GET /api/v1/exam/topic: a subject's slug (as GET /mastery gives it) and one of its topics. */
export const topicPracticeQuerySchema = z.object({
  subject: text({ error: 'Choose a subject', trim: false })
    .max(100, 'subject must be a subject’s short name, such as mathematics')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'subject must be a subject’s short name, such as mathematics'),
  topic: text({ error: 'Choose a topic' })
    .min(1, 'Choose a topic')
    .max(MAX_TOPIC_LENGTH, `topic must be at most ${MAX_TOPIC_LENGTH} characters`),
}) satisfies z.ZodType<TopicPracticeQuery>;
