import { atom, computed } from 'nanostores';
import type { ContestSummary } from '../../lib/api/contest.ts';
import { contestApi } from '../../lib/api/endpoints.ts';
import { environment } from '../shared/environment.ts';
import type { LoadState } from '../shared/load-state.ts';
import { type ShownPages, showNextPage, unlisted } from '../shared/paged-list.ts';
import { type ContestGroups, groupContests, serverOffset } from './contests.ts';

/** How many contests a page of /contests reads. */
export const CONTESTS_PAGE_SIZE = 20;

/** The contests listed so far, and the pages behind them. */
export interface ContestPages extends ShownPages {
  contests: ContestSummary[];
}

export type ContestListState = LoadState<ContestPages>;

/** The list's countdowns tick this often. */
export const COUNTDOWN_TICK_MS = 1000;

/**
 * /contests: live contests, then upcoming ones (soonest first), then finished and cancelled ones, as
 * GET /api/v1/contest orders them, a page at a time. `$now` is the server's clock as this phone reckons it,
 * ticking each second for the countdowns; when an upcoming contest's start comes, the list is read again so
 * that it moves to Live.
 */
export function createContestsStore() {
  const $state = atom<ContestListState>({ status: 'loading' });
  /** Milliseconds the phone's clock runs ahead of the server's. */
  let offset = 0;
  const $now = atom(environment().now());
  const $groups = computed(
    $state,
    (state): ContestGroups => groupContests(state.status === 'ready' ? state.data.contests : []),
  );
  let ticker: unknown;
  let reloading = false;

  function readPage(page: number) {
    return environment().call(contestApi.list, { query: { page, limit: CONTESTS_PAGE_SIZE } });
  }

  /** Reads (or, for Retry, reads again) the first page. */
  async function load({ quietly = false }: { quietly?: boolean } = {}) {
    if (!quietly) $state.set({ status: 'loading' });
    const result = await readPage(1);
    if (!result.ok) {
      if (!quietly) $state.set({ status: 'failed', message: result.message });
      return;
    }
    const { docs, page, totalPages } = result.data;
    const [first] = docs;
    if (first) offset = serverOffset(first.serverTime, environment().now());
    $now.set(environment().now() - offset);
    $state.set({ status: 'ready', data: { contests: docs, page, totalPages, more: { status: 'idle' } } });
  }

  /** "Show more" (and its Retry): the next page, added below, leaving out a contest already listed. */
  function showMore() {
    return showNextPage($state, readPage, (shown, next) => ({
      ...shown,
      contests: [...shown.contests, ...unlisted(shown.contests, next.docs)],
    }));
  }

  /** The countdowns' beat; a start or an end that has come reads the list again (once at a time). */
  function tick() {
    const now = environment().now() - offset;
    $now.set(now);
    const { upcoming, live } = $groups.get();
    const due =
      upcoming.some((contest) => Date.parse(contest.startsAt) <= now) ||
      live.some((contest) => Date.parse(contest.endsAt) <= now);
    if (due && !reloading) {
      reloading = true;
      void load({ quietly: true }).finally(() => {
        reloading = false;
      });
    }
  }

  /** Loads the list and starts the countdowns; returns the cleanup. */
  function init() {
    void load();
    ticker = environment().setInterval(tick, COUNTDOWN_TICK_MS);
    return () => environment().clearInterval(ticker);
  }

  return { $state, $groups, $now, init, load, showMore, signedIn: () => environment().signedIn() };
}

/** Whether there is a page not read yet. */
export function hasMoreContests(state: ContestListState): boolean {
  return state.status === 'ready' && state.data.page < state.data.totalPages;
}
