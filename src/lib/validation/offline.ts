import type { OfflineAttemptUpload } from '../api/offline.ts';
import { MAX_ANSWERS } from './exam-requests.ts';
import { z } from './zod.ts';

const id = (message: string) => z.uuid({ error: message });

/** GET /api/v1/exam/download and /download/size: one paper, by its exam type, subject and year. */
export const offlinePaperQuerySchema = z.object({
  examType: id('Choose an exam type'),
  subject: id('Choose a subject'),
  year: id('Choose a year'),
});

/** A time as the phone sends it: an ISO time with its offset (`Z` or `+01:00`). */
const isoTime = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO time, such as 2026-03-02T09:00:00Z` });

const answerSchema = z
  .object({ question: id('Each answer needs its question'), option: id('Each answer needs an option') })
  .strict();

/**
 * POST /api/v1/exam/offline: an attempt taken on the phone. Whether the paper, its questions and the times
 * fit is the server's to say; here only the shape, the order of the two times and one answer a question.
 */
export const offlineAttemptSchema = z
  .object({
    clientId: id('clientId must be the UUID the phone gave this attempt'),
    paperId: id('paperId must be the id of a downloaded paper'),
    startedAt: isoTime('startedAt'),
    finishedAt: isoTime('finishedAt'),
    answers: z.array(answerSchema, { error: 'answers must be a list' }).max(MAX_ANSWERS, {
      error: `At most ${MAX_ANSWERS} answers`,
    }),
  })
  .strict()
  .superRefine((upload, context) => {
    if (Date.parse(upload.finishedAt) < Date.parse(upload.startedAt)) {
      context.addIssue({
        code: 'custom',
        path: ['finishedAt'],
        message: 'finishedAt must not be before startedAt',
      });
    }
    const seen = new Set<string>();
    upload.answers.forEach((answer, index) => {
      if (seen.has(answer.question)) {
        context.addIssue({
          code: 'custom',
          path: ['answers', index, 'question'],
          message: `Answer ${index + 1} repeats a question answered before it`,
        });
      }
      seen.add(answer.question);
    });
  }) satisfies z.ZodType<OfflineAttemptUpload>;
