import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { attemptHistoryApi } from '../../src/lib/api/endpoints.ts';
import { masteryApi, predictionApi } from '../../src/lib/api/learning-endpoints.ts';
import { createRateLimits, RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import type { AppEnv } from '../../src/server/http/types.ts';
import { createTestApp, subscribedStudent } from '../support/test-app.ts';

// The reads whose work grows with a student's history share one limit per account (docs/decisions/090): a
// student opening /profile again and again fits, one account looping over them cannot keep the database busy
// for everyone else.

const t = await createTestApp();

describe('the history reads’ limit per account', () => {
  it('lets 120 reads a minute through across GET /mastery, /prediction, /prediction/today and My tests, then 429s', async () => {
    const limit = RATE_LIMIT_POLICY.historyReadAccount.points;
    expect(limit).toBe(120);
    const student = await subscribedStudent(t);
    const token = student.token;
    const reads = [
      () => t.call(masteryApi.overview, { token }),
      () => t.call(predictionApi.prediction, { token }),
      () => t.call(predictionApi.today, { token }),
      () => t.call(attemptHistoryApi.list, { token, query: { page: 1, limit: 20 } }),
    ];
    for (let index = 0; index < limit; index++) {
      const read = reads[index % reads.length];
      expect((await read?.())?.status).toBe(200);
    }
    for (const read of reads) {
      const refused = await read();
      expect(refused.status).toBe(429);
      expect(refused.text).toMatch(/^You have loaded your progress many times this minute\. Try again in /);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The limit is the account's: another student reads at once.
    const other = await subscribedStudent(t);
    expect((await t.call(masteryApi.overview, { token: other.token })).status).toBe(200);
  });

  it('runs two of one account’s reads of an endpoint at a time: ten sent together get two answers and eight 429s', async () => {
    expect(RATE_LIMIT_POLICY.historyReadsAtOnce.points).toBe(2);
    // The limits of one app on a route whose reads wait until the test lets them answer, so that ten really
    // are under way together, on any database.
    const limits = createRateLimits();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('deps', { config: { trustProxy: false } } as AppEnv['Variables']['deps']);
        c.set('auth', { userId: c.req.header('x-student') ?? '' } as AppEnv['Variables']['auth']);
        await next();
      })
      .get('/api/v1/mastery', limits.historyRead, async (c) => {
        started += 1;
        await held;
        return c.json({ ok: true });
      })
      .get('/api/v1/prediction', limits.historyRead, (c) => c.json({ ok: true }));
    const read = (path: string, student = 'ada') =>
      app.request(path, { headers: { 'x-student': student } }, { clientAddress: '10.0.0.1' });

    const together = Array.from({ length: 10 }, () => read('/api/v1/mastery'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(2);
    // Another endpoint of the same student, and the same endpoint of another, have places of their own.
    expect((await read('/api/v1/prediction')).status).toBe(200);
    const bayo = read('/api/v1/mastery', 'bayo');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(3);
    release();
    const answers = await Promise.all([...together, bayo]);
    expect(answers.map((response) => response.status).sort()).toEqual([
      200, 200, 200, 429, 429, 429, 429, 429, 429, 429, 429,
    ]);
    const refused = answers.find((response) => response.status === 429);
    expect(await refused?.text()).toBe('Your progress is already loading. Try again in a moment.');
    // Each answered read gave its place back.
    expect((await read('/api/v1/mastery')).status).toBe(200);
  });
});
