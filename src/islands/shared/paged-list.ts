import type { WritableAtom } from 'nanostores';
import type { Paged } from '../../lib/api/paged.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import type { LoadState } from './load-state.ts';

/** "Show more" under a paged list: idle, reading the next page, or what went wrong the last time. */
export type MoreState = { status: 'idle' } | { status: 'loading' } | { status: 'failed'; message: string };

/** A paged list on screen (the data of its ready state): the last page read, how many there are, and its "Show more". */
export interface ShownPages {
  page: number;
  totalPages: number;
  more: MoreState;
}

/** The rows of `next` that are not listed yet: a row added meanwhile moves the pages along by one. */
export function unlisted<Row extends { _id: string }>(listed: readonly Row[], next: readonly Row[]): Row[] {
  const ids = new Set(listed.map((row) => row._id));
  return next.filter((row) => !ids.has(row._id));
}

/**
 * "Show more" (and its Retry) of a list kept in `$state`: reads the page after the last one and lets `append`
 * add its rows below; a failure stays beside the button. Does nothing while the list is not on screen or a
 * page is already being read.
 */
export async function showNextPage<Data extends ShownPages, Row>(
  $state: WritableAtom<LoadState<Data>>,
  readPage: (page: number) => Promise<ApiResult<Paged<Row>>>,
  append: (shown: Data, next: Paged<Row>) => Data,
): Promise<void> {
  const state = $state.get();
  if (state.status !== 'ready' || state.data.more.status === 'loading') return;
  $state.set({ status: 'ready', data: { ...state.data, more: { status: 'loading' } } });
  const result = await readPage(state.data.page + 1);
  const now = $state.get();
  if (now.status !== 'ready') return;
  if (!result.ok) {
    $state.set({
      status: 'ready',
      data: { ...now.data, more: { status: 'failed', message: result.message } },
    });
    return;
  }
  const { page, totalPages } = result.data;
  $state.set({
    status: 'ready',
    data: { ...append(now.data, result.data), page, totalPages, more: { status: 'idle' } },
  });
}
