import { atom } from 'nanostores';
import { ATTEMPT_HISTORY_PAGE_SIZE, type AttemptHistoryEntry } from '../../lib/api/attempt-history.ts';
import { attemptHistoryApi } from '../../lib/api/endpoints.ts';
import type { Paged } from '../../lib/api/paged.ts';
import { formatThousands } from '../../lib/format.ts';
import { environment } from '../shared/environment.ts';
import type { LoadState } from '../shared/load-state.ts';
import { type ShownPages, showNextPage, unlisted } from '../shared/paged-list.ts';

/** The tests listed so far, and the pages behind them. */
export interface MyTestsList extends ShownPages {
  entries: AttemptHistoryEntry[];
  /** How many tests the student has submitted in all. */
  total: number;
}

/** /profile's "My tests" on screen: the first page loading or failed, or the tests so far and "Show more". */
export type MyTestsState = LoadState<MyTestsList>;

/** Where an entry's review opens: a UTME sitting's result page, or /review-answers for every other kind. */
export function reviewHref(entry: Pick<AttemptHistoryEntry, '_id' | 'kind'>): string {
  const exam = encodeURIComponent(entry._id);
  return entry.kind === 'utme' ? `/utme/result?exam=${exam}` : `/review-answers?exam=${exam}`;
}

/** The score as the screen shows it, "79 / 100", and as a screen reader says it. */
export function scoreText(entry: Pick<AttemptHistoryEntry, 'kind' | 'score' | 'maxScore'>) {
  const unit = entry.kind === 'utme' ? '' : ' points';
  const score = formatThousands(entry.score);
  const most = formatThousands(entry.maxScore);
  return { shown: `${score} / ${most}${unit}`, spoken: `${score} out of ${most}${unit}` };
}

/** Whether the leaderboard label applies: a UTME sitting never touches the leaderboard, its title says so. */
export function leaderboardLabel(entry: Pick<AttemptHistoryEntry, 'kind' | 'counted'>): string | null {
  if (entry.kind === 'utme') return null;
  return entry.counted ? 'Leaderboard' : 'Practice';
}

function firstPage(data: Paged<AttemptHistoryEntry>): MyTestsState {
  const { docs, totalDocs, page, totalPages } = data;
  return {
    status: 'ready',
    data: { entries: docs, total: totalDocs, page, totalPages, more: { status: 'idle' } },
  };
}

/**
 * /profile's "My tests": the student's submitted tests, newest first, a page at a time. `refresh` reads the
 * first page again (an offline test uploaded while the page is open); "Show more" adds the next page,
 * leaving out a test already listed (a test submitted meanwhile moves the pages along by one).
 */
export function createMyTestsStore() {
  const $state = atom<MyTestsState>({ status: 'loading' });

  function readPage(page: number) {
    return environment().call(attemptHistoryApi.list, { query: { page, limit: ATTEMPT_HISTORY_PAGE_SIZE } });
  }

  /** Reads (or, for Retry, reads again) the first page. */
  async function load() {
    $state.set({ status: 'loading' });
    const result = await readPage(1);
    $state.set(result.ok ? firstPage(result.data) : { status: 'failed', message: result.message });
  }

  /** Reads the first page again without hiding the list while it does. */
  async function refresh() {
    if ($state.get().status !== 'ready') return load();
    const result = await readPage(1);
    if (result.ok) $state.set(firstPage(result.data));
  }

  /** "Show more" (and its Retry): the next page, added below. */
  function showMore() {
    return showNextPage($state, readPage, (shown, next) => ({
      ...shown,
      entries: [...shown.entries, ...unlisted(shown.entries, next.docs)],
      total: next.totalDocs,
    }));
  }

  return { $state, load, refresh, showMore };
}

/** Whether there is a page not read yet. */
export function hasMore(state: MyTestsState): boolean {
  return state.status === 'ready' && state.data.page < state.data.totalPages;
}
