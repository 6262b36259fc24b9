import type { TopicPracticeQuery } from '../api/mastery.ts';
import { z } from './zod.ts';

/** The longest topic name the importer accepts (input-schema.ts): a longer one cannot be in the bank. */
export const MAX_TOPIC_LENGTH = 200;

// A control character (NUL above all, which PostgreSQL text cannot hold) is never part of a topic.
const CONTROL = /\p{Cc}/u;

/** GET /api/v1/exam/topic: a subject's slug (as GET /mastery gives it) and one of its topics. */
export const topicPracticeQuerySchema = z.object({
  subject: z
    .string({ error: 'Choose a subject' })
    .max(100, 'subject must be a subject’s short name, such as mathematics')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'subject must be a subject’s short name, such as mathematics'),
  topic: z
    .string({ error: 'Choose a topic' })
    .trim()
    .min(1, 'Choose a topic')
    .max(MAX_TOPIC_LENGTH, `topic must be at most ${MAX_TOPIC_LENGTH} characters`)
    .refine((topic) => !CONTROL.test(topic), 'topic must not contain control characters'),
}) satisfies z.ZodType<TopicPracticeQuery>;
