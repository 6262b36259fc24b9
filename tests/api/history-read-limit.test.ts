import { describe, expect, it } from 'vitest';
import { attemptHistoryApi } from '../../src/lib/api/endpoints.ts';
import { masteryApi, predictionApi } from '../../src/lib/api/learning-endpoints.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
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
});
