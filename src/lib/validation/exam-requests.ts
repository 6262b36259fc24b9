import { LIFELINE_KINDS } from '../api/exam.ts';
import { UTME } from '../api/utme.ts';
import { text } from './fields.ts';
import { z } from './zod.ts';

const id = (message: string) => z.uuid({ error: message });

/** GET /api/v1/exam: a new attempt at (or the resumed attempt of) one paper. */
export const examQuerySchema = z.object({
  exam: z.literal('new', { error: 'exam must be "new"' }),
  examType: id('Choose an exam type'),
  subject: id('Choose a subject'),
  year: id('Choose a year'),
});

/** GET /api/v1/exam/result: one of the student's scored attempts. */
export const examResultQuerySchema = z.object({ exam: id('exam must be the id of your test') });

/** GET /api/v1/exam/daily. */
export const dailyQuerySchema = z.object({ subject: id('Choose a subject') });

const answerSchema = z
  .object({ question: id('Each answer needs its question'), option: id('Each answer needs an option') })
  .strict();

/** The most answers a submission may carry: more than any paper holds. */
export const MAX_ANSWERS = 500;

export const answersSchema = z
  .array(answerSchema)
  .max(MAX_ANSWERS, `At most ${MAX_ANSWERS} answers`)
  .default([]);

/** The client's own count of minutes, sent as the spec says; the server keeps its own clock. */
const timeSpentSchema = z
  .number({ error: 'timeSpent must be a number of minutes' })
  .min(0)
  .max(100_000)
  .optional();

/** PATCH /api/v1/exam/answer: one picked answer, or `option: null` to clear it (Previous, spec §4). */
export const saveAnswerSchema = z
  .object({
    exam: id('exam must be the id of your test'),
    question: id('question is required'),
    option: id('option is required').nullable(),
  })
  .strict();

/** POST /api/v1/exam/answer: submit a full exam. */
export const submitExamSchema = z
  .object({
    exam: id('exam must be the id of your test'),
    answers: answersSchema,
    timeSpent: timeSpentSchema,
  })
  .strict();

/** POST /api/v1/exam/answer/daily: submit the daily test in a subject. */
export const submitDailySchema = z
  .object({ subject: id('Choose a subject'), answers: answersSchema, timeSpent: timeSpentSchema })
  .strict();

/** POST /api/v1/exam/lifeline. */
export const lifelineSchema = z
  .object({
    exam: id('exam must be the id of your test'),
    question: id('question is required'),
    kind: z.enum(LIFELINE_KINDS, { error: 'kind must be "fifty-fifty" or "skip"' }),
  })
  .strict();

/**
 * GET /api/v1/exam/utme: the three subjects chosen beside Use of English, as comma-separated ids, each once.
 * Whether they are JAMB subjects with enough questions is the server's to say.
 */
export const utmeQuerySchema = z.object({
  subjects: text({ error: `Choose ${UTME.electives} subjects`, trim: false })
    .transform((list) => list.split(',').map((subject) => subject.trim().toLowerCase()))
    .pipe(
      z
        .array(id('Each subject must be the id of a subject'))
        .length(UTME.electives, `Choose exactly ${UTME.electives} subjects besides Use of English`)
        .refine((list) => new Set(list).size === list.length, 'Choose three different subjects'),
    ),
});

/** POST /api/v1/exam/answer/utme: submit a UTME sitting; answers not yet saved may come with it. */
export const submitUtmeSchema = z
  .object({ exam: id('exam must be the id of your UTME sitting'), answers: answersSchema })
  .strict();

/** GET /api/v1/exam/utme/result. */
export const utmeResultQuerySchema = z.object({ exam: id('exam must be the id of your UTME sitting') });
