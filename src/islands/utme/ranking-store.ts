import { atom } from 'nanostores';
import { utmeApi } from '../../lib/api/endpoints.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';
import { type RankingView, rankingView } from './ranking.ts';

export type RankingState = LoadState<RankingView>;

/**
 * The mock ranking on /utme: students by their ranked mock's total out of 400 (the rule's credited answers),
 * and the caller's own place.
 */
export function createRankingStore() {
  const $ranking = atom<RankingState>({ status: 'loading' });
  let latest = 0;

  /** Loads (or, for Retry, reloads) the ranking. */
  async function load() {
    latest += 1;
    const mine = latest;
    $ranking.set({ status: 'loading' });
    const result = await environment().call(utmeApi.ranking);
    if (mine !== latest) return;
    $ranking.set(loadedFrom(result.ok ? { ...result, data: rankingView(result.data) } : result));
  }

  return { $ranking, load };
}
