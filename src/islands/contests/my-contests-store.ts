import { atom } from 'nanostores';
import type { ContestSummary } from '../../lib/api/contest.ts';
import { contestApi } from '../../lib/api/endpoints.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';

/** How many of the student's contests "My contests" lists: live, upcoming, then the latest finished. */
export const MY_CONTESTS_SCAN = 50;

/** The contests the student entered, as the API orders them. */
export type MyContestsState = LoadState<ContestSummary[]>;

/**
 * /profile's "My contests": the contests the student entered (GET /api/v1/contest?entered=true), live ones
 * first, then upcoming, then the most recent finished ones.
 */
export function createMyContestsStore() {
  const $state = atom<MyContestsState>({ status: 'loading' });

  async function load() {
    $state.set({ status: 'loading' });
    const result = await environment().call(contestApi.list, {
      query: { page: 1, limit: MY_CONTESTS_SCAN, entered: 'true' },
    });
    $state.set(loadedFrom(result.ok ? { ...result, data: result.data.docs } : result));
  }

  return { $state, load };
}
