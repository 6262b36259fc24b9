import { type Context, Hono } from 'hono';
import {
  dailyQuerySchema,
  examQuerySchema,
  examResultQuerySchema,
  lifelineSchema,
  saveAnswerSchema,
  submitDailySchema,
  submitExamSchema,
  submitUtmeSchema,
  utmeQuerySchema,
  utmeResultQuerySchema,
} from '../../../lib/validation/exam-requests.ts';
import { topicPracticeQuerySchema } from '../../../lib/validation/mastery.ts';
import { offlineAttemptSchema, offlinePaperQuerySchema } from '../../../lib/validation/offline.ts';
import { bearerToken, requestFromWebApp, requireBearer, requireUser } from '../../http/auth.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { ok, paged, pageQuerySchema } from '../../http/respond.ts';
import type { AppEnv, AuthContext } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import { saveAnswer } from '../../services/exams/answers.ts';
import { attemptHistory } from '../../services/exams/attempt-history.ts';
import { attemptPayload, attemptResponseJson } from '../../services/exams/attempt-payload.ts';
import { readResult, resultPayload } from '../../services/exams/attempt-result.ts';
import { dailyTaken } from '../../services/exams/daily-taken.ts';
import type { ExamCaller } from '../../services/exams/exam-context.ts';
import { type LeaderboardSnapshot, leaderboard } from '../../services/exams/leaderboard.ts';
import { useLifeline } from '../../services/exams/lifelines.ts';
import { uploadOfflineAttempt } from '../../services/exams/offline-attempts.ts';
import {
  downloadPaper,
  OFFLINE_PAPER_MESSAGE,
  offlinePaperSize,
} from '../../services/exams/offline-papers.ts';
import type { PaperCache } from '../../services/exams/paper-cache.ts';
import { findDailyAttemptToSubmit, scoreAttempt } from '../../services/exams/scoring.ts';
import { openExamAttempt, startDailyAttempt } from '../../services/exams/start-attempt.ts';
import { openTopicPractice } from '../../services/exams/topic-practice.ts';
import { openUtmeSitting, utmeCatalogue } from '../../services/exams/utme.ts';
import { readUtmeResult, scoreUtmeSitting, utmeRanking } from '../../services/exams/utme-result.ts';

/** Who calls a route that reads the session itself: the bearer token, and whether it is the web app. */
function callerOf(c: Context<AppEnv>): ExamCaller {
  return {
    token: bearerToken(c.req.header('authorization')) ?? '',
    fromWebApp: requestFromWebApp(c),
  };
}

/**
 * /api/v1/exam: full exams, daily tests, UTME mock sittings, topic practices, saving and submitting answers,
 * lifelines, the leaderboard, the caller's test history, and papers taken offline (downloaded, and their
 * attempts uploaded). Each app instance keeps its own paper cache and leaderboard copy (see their modules for
 * how fresh they are); the copy is the app's, which the deletion of an account clears.
 */
export function examRoutes(board: LeaderboardSnapshot, papers: PaperCache, limits: RateLimits) {
  return new Hono<AppEnv>()
    .get('/leaderboard', requireBearer, async (c) => {
      // The session is read in the statement that reads the caller's own entry (see leaderboard).
      const { db, clock } = c.get('deps');
      const signedIn = (session: AuthContext) => c.set('auth', session);
      const { docs, me } = await leaderboard(db, board, callerOf(c), clock.now(), signedIn);
      return ok(c, 'Leaderboard fetched successfully', {
        docs,
        totalDocs: docs.length,
        limit: docs.length,
        page: 1,
        totalPages: 1,
        me,
      });
    })
    .get('/history', requireUser, validate('query', pageQuerySchema), limits.historyRead, async (c) => {
      const query = c.req.valid('query');
      const { docs, totalDocs } = await attemptHistory(c.get('deps').db, c.get('auth').userId, query);
      return ok(c, 'Test history fetched successfully', paged(docs, totalDocs, query.page, query.limit));
    })
    .get('/daily/taken', requireUser, async (c) => {
      const { db, clock } = c.get('deps');
      const taken = await dailyTaken(db, c.get('auth').userId, clock.now());
      return ok(c, "Today's daily tests fetched successfully", taken);
    })
    .get('/daily', requireUser, validate('query', dailyQuerySchema), async (c) => {
      const { db, clock, config } = c.get('deps');
      const now = clock.now();
      const { subject } = c.req.valid('query');
      const attempt = await startDailyAttempt(db, c.get('auth').userId, subject, now, config.dailyTestSecret);
      return ok(c, 'Daily test fetched successfully', await attemptPayload(db, attempt, now));
    })
    .get('/topic', requireUser, validate('query', topicPracticeQuerySchema), async (c) => {
      const { db, clock } = c.get('deps');
      const practice = await openTopicPractice(db, c.get('auth').userId, c.req.valid('query'), clock.now());
      return ok(c, 'Topic practice fetched successfully', practice);
    })
    .get('/', requireBearer, validate('query', examQuerySchema), async (c) => {
      // The session is read in the statement that starts the attempt (see openExamAttempt).
      const { db, clock } = c.get('deps');
      const caller = callerOf(c);
      const signedIn = (session: AuthContext) => c.set('auth', session);
      const payload = await openExamAttempt(db, papers, caller, c.req.valid('query'), clock.now(), signedIn);
      // The same body as ok() writes, built faster (see attemptResponseJson).
      const body = attemptResponseJson('Exam fetched successfully', payload);
      return c.body(body, 200, { 'Content-Type': 'application/json' });
    })
    .get('/utme/subjects', requireUser, async (c) => {
      const { db, clock } = c.get('deps');
      const catalogue = await utmeCatalogue(db, c.get('auth').userId, clock.now());
      return ok(c, 'UTME subjects fetched successfully', catalogue);
    })
    .get('/utme/ranking', requireUser, async (c) => {
      const ranking = await utmeRanking(c.get('deps').db, c.get('auth').userId);
      return ok(c, 'UTME mock ranking fetched successfully', ranking);
    })
    .get('/utme/result', requireUser, validate('query', utmeResultQuerySchema), async (c) => {
      const { db } = c.get('deps');
      const result = await readUtmeResult(db, c.get('auth').userId, c.req.valid('query').exam);
      return ok(c, 'UTME result fetched successfully', result);
    })
    .get('/utme', requireUser, validate('query', utmeQuerySchema), async (c) => {
      const { db, clock } = c.get('deps');
      const { userId } = c.get('auth');
      const now = clock.now();
      const scoreExpired = (attemptId: string) => scoreUtmeSitting(db, userId, attemptId, [], now);
      const sitting = await openUtmeSitting(db, userId, c.req.valid('query').subjects, now, scoreExpired);
      return ok(c, 'UTME sitting fetched successfully', sitting);
    })
    .post('/answer/utme', requireUser, validate('json', submitUtmeSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const { exam, answers } = c.req.valid('json');
      const result = await scoreUtmeSitting(db, c.get('auth').userId, exam, answers, clock.now());
      return ok(c, 'UTME sitting submitted successfully', result);
    })
    .patch('/answer', requireBearer, validate('json', saveAnswerSchema), async (c) => {
      // The session is read in the statement that saves the answer (see saveAnswer).
      const { db, clock } = c.get('deps');
      c.set('auth', await saveAnswer(db, callerOf(c), c.req.valid('json'), clock.now()));
      return ok(c, c.req.valid('json').option === null ? 'Answer cleared' : 'Answer saved', null);
    })
    .post('/answer/daily', requireUser, validate('json', submitDailySchema), async (c) => {
      const { db, clock } = c.get('deps');
      const { userId } = c.get('auth');
      const { subject, answers } = c.req.valid('json');
      const now = clock.now();
      const attemptId = await findDailyAttemptToSubmit(db, userId, subject);
      const scored = await scoreAttempt(db, userId, attemptId, answers, now);
      return ok(c, 'Daily test submitted successfully', resultPayload(scored, now));
    })
    .post('/answer', requireUser, validate('json', submitExamSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const { exam, answers } = c.req.valid('json');
      const now = clock.now();
      const scored = await scoreAttempt(db, c.get('auth').userId, exam, answers, now, papers);
      const what = scored.attempt.kind === 'topic' ? 'Topic practice' : 'Exam';
      return ok(c, `${what} submitted successfully`, resultPayload(scored, now));
    })
    .get('/result', requireUser, validate('query', examResultQuerySchema), async (c) => {
      const { db, clock } = c.get('deps');
      const result = await readResult(db, c.get('auth').userId, c.req.valid('query').exam, clock.now());
      return ok(c, 'Result fetched successfully', result);
    })
    .get('/download/size', requireUser, validate('query', offlinePaperQuerySchema), async (c) => {
      const { db, clock } = c.get('deps');
      const size = await offlinePaperSize(db, papers, c.req.valid('query'), clock.now());
      return ok(c, 'Paper size fetched successfully', size);
    })
    .get(
      '/download',
      requireUser,
      limits.paperDownload,
      validate('query', offlinePaperQuerySchema),
      async (c) => {
        const { db, clock } = c.get('deps');
        const { userId } = c.get('auth');
        const paper = await downloadPaper(db, papers, userId, c.req.valid('query'), clock.now());
        return ok(c, OFFLINE_PAPER_MESSAGE, paper);
      },
    )
    .post(
      '/offline',
      requireUser,
      limits.offlineUpload,
      validate('json', offlineAttemptSchema),
      async (c) => {
        const { db, clock } = c.get('deps');
        const { userId } = c.get('auth');
        const result = await uploadOfflineAttempt(db, papers, userId, c.req.valid('json'), clock.now());
        return ok(c, 'Offline attempt saved', result);
      },
    )
    .post('/lifeline', requireUser, validate('json', lifelineSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const used = await useLifeline(db, c.get('auth').userId, c.req.valid('json'), clock.now());
      return ok(c, used.kind === 'skip' ? 'Question skipped' : 'Two wrong options removed', used);
    });
}
