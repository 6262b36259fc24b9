import { atom } from 'nanostores';
import type { UtmeRanking } from '../../lib/api/utme.ts';
import { request } from '../../lib/client/api.ts';
import { type RankingView, rankingView } from './ranking.ts';

export type RankingState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | ({ status: 'ready' } & RankingView);

/** The mock ranking on /utme: students by their first mock's total out of 400, and the caller's own place. */
export function createRankingStore() {
  const $ranking = atom<RankingState>({ status: 'loading' });
  let latest = 0;

  /** Loads (or, for Retry, reloads) the ranking. */
  async function load() {
    latest += 1;
    const mine = latest;
    $ranking.set({ status: 'loading' });
    const result = await request<UtmeRanking>('GET', '/api/v1/exam/utme/ranking');
    if (mine !== latest) return;
    $ranking.set(
      result.ok
        ? { status: 'ready', ...rankingView(result.data) }
        : { status: 'failed', message: result.message },
    );
  }

  return { $ranking, load };
}
