import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UtmeRanking } from '../../lib/api/utme.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { request } from '../../lib/client/api.ts';
import { createRankingStore } from './ranking-store.ts';

// The mock ranking store against a stand-in for the API client.
vi.mock('../../lib/client/api.ts', () => ({ request: vi.fn() }));

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, message: '', data });
const offline = { ok: false, status: 0, message: 'We could not reach the server.' } as const;
const answers = new Map<string, ApiResult<unknown>>();

beforeEach(() => {
  answers.clear();
  vi.mocked(request).mockImplementation(async (_method, path) => {
    const answer = answers.get(path);
    if (!answer) throw new Error(`unexpected call to ${path}`);
    return answer as never;
  });
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('the mock ranking store', () => {
  const RANKING = '/api/v1/exam/utme/ranking';
  const row = (rank: number, total: number, isMe = false) => ({
    rank,
    user: { firstName: `Student ${rank}`, lastName: 'B.', image: null },
    total,
    isMe,
  });

  it('marks the caller’s row when it is listed', async () => {
    answers.set(
      RANKING,
      ok<UtmeRanking>({ docs: [row(1, 310), row(2, 280, true)], me: { rank: 2, total: 280 } }),
    );
    const store = createRankingStore();
    await store.load();
    expect(store.$ranking.get()).toMatchObject({ status: 'ready', own: undefined, unranked: false });
  });

  it('shows the caller’s own place when it is outside the top', async () => {
    answers.set(RANKING, ok<UtmeRanking>({ docs: [row(1, 310), row(2, 280)], me: { rank: 154, total: 96 } }));
    const store = createRankingStore();
    await store.load();
    expect(store.$ranking.get()).toMatchObject({ status: 'ready', own: { rank: 154, total: 96 } });
  });

  it('knows when nobody has sat a mock, and says why a load failed', async () => {
    answers.set(RANKING, ok<UtmeRanking>({ docs: [], me: null }));
    const store = createRankingStore();
    await store.load();
    expect(store.$ranking.get()).toEqual({ status: 'ready', rows: [], own: undefined, unranked: true });

    answers.set(RANKING, offline);
    await store.load();
    expect(store.$ranking.get()).toEqual({ status: 'failed', message: offline.message });
  });
});
