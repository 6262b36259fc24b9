import { atom } from 'nanostores';
import type { Paged } from '../../lib/api/paged.ts';
import { type ApiResult, request } from '../../lib/client/api.ts';

/** The state of a catalogue list on screen. */
export type ListState<T> =
  | { status: 'loading' }
  /** `offline`: the network failed and the items are those of the papers downloaded on this phone. */
  | { status: 'ready'; items: T[]; offline?: boolean }
  | { status: 'failed'; message: string };

/** The most a catalogue list endpoint returns per page. */
export const PAGE_LIMIT = 100;
/** A guard against a server that keeps reporting more pages. */
const MAX_PAGES = 20;

type Query = Record<string, string | undefined>;

/** Fetches every page of a public catalogue list (exam types, subjects, years). */
export async function fetchAll<T>(path: string, query: Query = {}): Promise<ApiResult<T[]>> {
  const items: T[] = [];
  let message = '';
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await request<Paged<T>>('GET', path, { query: { ...query, limit: PAGE_LIMIT, page } });
    if (!result.ok) return result;
    items.push(...result.data.docs);
    message = result.message;
    if (page >= result.data.totalPages) break;
  }
  return { ok: true, data: items, message };
}

/** Whether the browser knows it has no network (its `true` may be wrong; its `false` is not). */
function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A list that loads from the API and can be retried. `shape` turns the fetched items into what the screen
 * lists (a filter, for instance). A retry while a load is under way wins over it. With no network, `offline`
 * may supply the items of the papers downloaded on the phone instead (no network needed): at once when the browser
 * knows it is offline (its HTTP cache could otherwise answer with a catalogue whose papers cannot be taken
 * offline), and when the request fails with no response (status 0). With none, the list loads or fails as
 * usual.
 */
export function createListStore<T>(
  shape: (items: T[]) => T[] = (items) => items,
  offline: () => Promise<T[]> = async () => [],
  isOffline: () => boolean = browserOffline,
) {
  const $list = atom<ListState<T>>({ status: 'loading' });
  let latest = 0;

  async function load(path: string, query?: Query): Promise<void> {
    latest += 1;
    const mine = latest;
    $list.set({ status: 'loading' });
    if (isOffline()) {
      const downloaded = shape(await offline());
      if (mine !== latest) return;
      if (downloaded.length > 0) {
        $list.set({ status: 'ready', items: downloaded, offline: true });
        return;
      }
    }
    const result = await fetchAll<T>(path, query);
    if (mine !== latest) return;
    if (result.ok) {
      $list.set({ status: 'ready', items: shape(result.data) });
      return;
    }
    const downloaded = result.status === 0 ? shape(await offline()) : [];
    if (mine !== latest) return;
    $list.set(
      downloaded.length > 0
        ? { status: 'ready', items: downloaded, offline: true }
        : { status: 'failed', message: result.message },
    );
  }

  return { $list, load };
}

/** The ids of cards whose image failed to load, so they show the placeholder instead. */
export function createImageFailures() {
  const $failed = atom<ReadonlySet<string>>(new Set());
  function markFailed(id: string) {
    if ($failed.get().has(id)) return;
    $failed.set(new Set([...$failed.get(), id]));
  }
  return { $failed, markFailed };
}
