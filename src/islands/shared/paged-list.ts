import type { WritableAtom } from 'nanostores';
import type { Paged } from '../../lib/api/paged.ts';
import type { ApiResult } from '../../lib/client/api.ts';

/** "Show more" under a paged list: idle, reading the next page, or what went wrong the last time. */
export type MoreState = { status: 'idle' } | { status: 'loading' } | { status: 'failed'; message: string };

/** A paged list on screen: the last page read, how many there are, and its "Show more". */
export interface ShownPages {
  status: 'ready';
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
export async function showNextPage<State extends { status: string }, Row>(
  $state: WritableAtom<State>,
  readPage: (page: number) => Promise<ApiResult<Paged<Row>>>,
  append: (shown: State & ShownPages, next: Paged<Row>) => State & ShownPages,
): Promise<void> {
  const shown = (state: State): state is State & ShownPages => state.status === 'ready';
  const state = $state.get();
  if (!shown(state) || state.more.status === 'loading') return;
  $state.set({ ...state, more: { status: 'loading' } });
  const result = await readPage(state.page + 1);
  const now = $state.get();
  if (!shown(now)) return;
  if (!result.ok) {
    $state.set({ ...now, more: { status: 'failed', message: result.message } });
    return;
  }
  const { page, totalPages } = result.data;
  $state.set({ ...append(now, result.data), page, totalPages, more: { status: 'idle' } });
}
