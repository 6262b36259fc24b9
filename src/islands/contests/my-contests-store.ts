import { atom } from 'nanostores';
import type { ContestSummary } from '../../lib/api/contest.ts';
import type { Paged } from '../../lib/api/paged.ts';
import type { request } from '../../lib/client/api.ts';

/** How many of the student's contests "My contests" lists: live, upcoming, then the latest finished. */
export const MY_CONTESTS_SCAN = 50;

export type MyContestsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; entries: ContestSummary[] };

/**
 * /profile's "My contests": the contests the student entered (GET /api/v1/contest?entered=true), live ones
 * first, then upcoming, then the most recent finished ones.
 */
export function createMyContestsStore(deps: { request: typeof request }) {
  const $state = atom<MyContestsState>({ status: 'loading' });

  async function load() {
    $state.set({ status: 'loading' });
    const result = await deps.request<Paged<ContestSummary>>('GET', '/api/v1/contest', {
      query: { page: 1, limit: MY_CONTESTS_SCAN, entered: 'true' },
    });
    $state.set(
      result.ok
        ? { status: 'ready', entries: result.data.docs }
        : { status: 'failed', message: result.message },
    );
  }

  return { $state, load };
}
