import { describe, expect, it } from 'vitest';
import { failed, fakeApi, success, testEnvironment } from '../../../tests/support/store-environment.ts';
import { utmeApi } from '../../lib/api/endpoints.ts';
import type { UtmeRanking } from '../../lib/api/utme.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { createRankingStore } from './ranking-store.ts';

// The mock ranking store against a stand-in API.

const OFFLINE = 'We could not reach the server.';

/** A ranking store whose API answers GET /exam/utme/ranking with `answer()`, read at each call. */
function setup(answer: () => ApiResult<UtmeRanking>) {
  testEnvironment({ call: fakeApi().on(utmeApi.ranking, answer).call });
  return createRankingStore();
}

describe('the mock ranking store', () => {
  const row = (rank: number, total: number, isMe = false) => ({
    rank,
    user: { firstName: `Student ${rank}`, lastName: 'B.', image: null },
    total,
    isMe,
  });

  it('marks the caller’s row when it is listed', async () => {
    const store = setup(() =>
      success({ docs: [row(1, 310), row(2, 280, true)], me: { rank: 2, total: 280 } }),
    );
    await store.load();
    expect(store.$ranking.get()).toMatchObject({
      status: 'ready',
      data: { own: undefined, unranked: false },
    });
  });

  it('shows the caller’s own place when it is outside the top', async () => {
    const store = setup(() => success({ docs: [row(1, 310), row(2, 280)], me: { rank: 154, total: 96 } }));
    await store.load();
    expect(store.$ranking.get()).toMatchObject({ status: 'ready', data: { own: { rank: 154, total: 96 } } });
  });

  it('knows when nobody has sat a mock, and says why a load failed', async () => {
    let answer: ApiResult<UtmeRanking> = success({ docs: [], me: null });
    const store = setup(() => answer);
    await store.load();
    expect(store.$ranking.get()).toEqual({
      status: 'ready',
      data: { rows: [], own: undefined, unranked: true },
    });

    answer = failed(OFFLINE, 0);
    await store.load();
    expect(store.$ranking.get()).toEqual({ status: 'failed', message: OFFLINE });
  });
});
