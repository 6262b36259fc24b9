import { atom } from 'nanostores';
import type { ContestSummary } from '../../lib/api/contest.ts';
import type { Paged } from '../../lib/api/paged.ts';
import type { request } from '../../lib/client/api.ts';

/** How many contests "My contests" looks through: the newest, as GET /api/v1/contest orders them. */
export const MY_CONTESTS_SCAN = 50;

export type MyContestsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; entries: ContestSummary[] };

/**
 * /profile's "My contests": the contests the student entered, from the list of /contests (live, then
 * upcoming, then the most recent finished ones), keeping those with the caller's entry.
 */
export function createMyContestsStore(deps: { request: typeof request }) {
  const $state = atom<MyContestsState>({ status: 'loading' });

  async function load() {
    $state.set({ status: 'loading' });
    const result = await deps.request<Paged<ContestSummary>>('GET', '/api/v1/contest', {
      query: { page: 1, limit: MY_CONTESTS_SCAN },
    });
    $state.set(
      result.ok
        ? { status: 'ready', entries: result.data.docs.filter((contest) => contest.entry !== null) }
        : { status: 'failed', message: result.message },
    );
  }

  return { $state, load };
}
