import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps } from './deps.ts';
import { errorResponse, HttpError } from './http/errors.ts';
import { createRateLimits } from './http/rate-limits.ts';
import { sameOriginOnly } from './http/same-origin.ts';
import type { AppEnv } from './http/types.ts';
import { coinHistoryRoutes } from './routes/coin-history/index.ts';
import { contestRoutes } from './routes/contest/index.ts';
import { examRoutes } from './routes/exam/index.ts';
import { examTypeRoutes } from './routes/exam-type/index.ts';
import { feedbackRoutes } from './routes/feedback/index.ts';
import { geoRoutes } from './routes/geo/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { masteryRoutes } from './routes/mastery/index.ts';
import { msisdnRoutes } from './routes/msisdn/index.ts';
import { paymentRoutes } from './routes/payments/index.ts';
import { planRoutes } from './routes/plans/index.ts';
import { predictionRoutes } from './routes/prediction/index.ts';
import { questionRoutes } from './routes/question/index.ts';
import { reviewRoutes } from './routes/review/index.ts';
import { subjectRoutes } from './routes/subject/index.ts';
import { userRoutes } from './routes/user/index.ts';
import { yearRoutes } from './routes/year/index.ts';
import { ContestBoards } from './services/contests/board.ts';
import { LeaderboardSnapshot } from './services/exams/leaderboard.ts';
import { PaperCache } from './services/exams/paper-cache.ts';
import { PoolCache } from './services/prediction/pool-cache.ts';

const ONE_MEGABYTE = 1024 * 1024;

/** Builds the API with everything it needs passed in, so a test can build one on a fresh database. */
export function createApp(deps: AppDeps) {
  const limits = createRateLimits(deps);
  // One leaderboard copy per app, and one of each live contest's board: the boards read them, and deleting
  // an account clears them.
  const board = new LeaderboardSnapshot();
  const contestBoards = new ContestBoards();
  // One copy of the papers' questions and keys, for the exams and the contests alike.
  const papers = new PaperCache();
  // One copy of each UTME subject's calibrated pool, checked against the database on every read.
  const pools = new PoolCache();
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    const logger = deps.logger.child({ requestId: c.get('requestId') });
    c.set('deps', deps);
    c.set('logger', logger);
    await next();
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
      strictTransportSecurity: 'max-age=31536000; includeSubDomains',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginResourcePolicy: 'same-origin',
    }),
  );
  app.use(
    cors({
      origin: deps.config.siteUrl,
      allowHeaders: ['Content-Type', 'Authorization', 'frontend-source'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
    }),
  );
  app.use(sameOriginOnly(deps.config.siteUrl));
  app.use(
    bodyLimit({
      maxSize: ONE_MEGABYTE,
      onError: () => {
        throw new HttpError(413, 'Request body is too large (1 MB at most)');
      },
    }),
  );
  app.use(async (c, next) => {
    await next();
    // Personal data must never sit in a shared cache; public catalogue routes set their own policy.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  app.route('/api/v1/health', healthRoutes(deps.db));
  app.route('/api/v1/user', userRoutes(limits, [board, contestBoards]));
  app.route('/api/v1/history', coinHistoryRoutes());
  app.route('/api/v1/feedback', feedbackRoutes(limits));
  app.route('/api/v1/examType', examTypeRoutes());
  app.route('/api/v1/subject', subjectRoutes());
  app.route('/api/v1/year', yearRoutes());
  app.route('/api/v1/exam', examRoutes(board, papers, limits));
  app.route('/api/v1/mastery', masteryRoutes(limits));
  app.route('/api/v1/contest', contestRoutes(contestBoards, papers));
  app.route('/api/v1/question', questionRoutes(limits));
  app.route('/api/v1/review', reviewRoutes());
  app.route('/api/v1/prediction', predictionRoutes(pools, limits));
  app.route('/api/v1/plan', planRoutes());
  app.route('/api/v1/geo', geoRoutes());
  app.route('/api/v1', paymentRoutes(limits));
  app.route('/api', msisdnRoutes(limits));

  app.notFound((c) => errorResponse(new HttpError(404, 'This API route does not exist'), c));
  app.onError(errorResponse);
  return app;
}

export type App = ReturnType<typeof createApp>;
