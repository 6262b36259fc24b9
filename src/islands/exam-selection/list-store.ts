import { atom } from 'nanostores';
import type { DataOf } from '../../lib/api/endpoint.ts';
import type { catalogueApi } from '../../lib/api/endpoints.ts';
import type { PageQuery } from '../../lib/api/paged.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { environment } from '../shared/environment.ts';
import type { LoadState } from '../shared/load-state.ts';

/**
 * The state of a catalogue list on screen. `offline`: the network failed and the items are those of the
 * papers downloaded on this phone.
 */
export type ListState<T> = LoadState<T[], { status: 'offline'; data: T[] }>;

/** The items a list shows: those loaded, or those of the phone's downloads offline; none before. */
export function listItems<T>(state: ListState<T>): T[] {
  return state.status === 'ready' || state.status === 'offline' ? state.data : [];
}

/** The most a catalogue list endpoint returns per page. */
export const PAGE_LIMIT = 100;
/** A guard against a server that keeps reporting more pages. */
const MAX_PAGES = 20;

/** A public catalogue list's binding: exam types, subjects or years. */
export type CatalogueList = (typeof catalogueApi)[keyof typeof catalogueApi];
/** What a catalogue list holds. */
export type ItemOf<E extends CatalogueList> = DataOf<E>['docs'][number];
/** What narrows a catalogue list (an exam type, a subject): its query without the paging. */
export type FilterOf<E extends CatalogueList> = E['shape'] extends { query: infer Query }
  ? Omit<Query, keyof PageQuery>
  : never;

/** Fetches every page of a public catalogue list (exam types, subjects, years). */
export async function fetchAll<E extends CatalogueList>(
  binding: E,
  filter?: FilterOf<E>,
): Promise<ApiResult<ItemOf<E>[]>> {
  const items: ItemOf<E>[] = [];
  let message = '';
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = { ...filter, limit: PAGE_LIMIT, page };
    const result = await environment().call<CatalogueList>(binding, { query });
    if (!result.ok) return result;
    items.push(...(result.data.docs as ItemOf<E>[]));
    message = result.message;
    if (page >= result.data.totalPages) break;
  }
  return { ok: true, data: items, message };
}

/**
 * A list that loads from the API and can be retried. `shape` turns the fetched items into what the screen
 * lists (a filter, for instance). A retry while a load is under way wins over it. With no network, `offline`
 * may supply the items of the papers downloaded on the phone instead (no network needed): at once when the
 * browser knows it is offline (its HTTP cache could otherwise answer with a catalogue whose papers cannot be
 * taken offline; its "online" may be wrong, its "offline" is not), and when the request fails with no
 * response (status 0). With none, the list loads or fails as usual.
 */
export function createListStore<E extends CatalogueList>(
  binding: E,
  shape: (items: ItemOf<E>[]) => ItemOf<E>[] = (items) => items,
  offline: () => Promise<ItemOf<E>[]> = async () => [],
) {
  type T = ItemOf<E>;
  const $list = atom<ListState<T>>({ status: 'loading' });
  let latest = 0;

  async function load(filter?: FilterOf<E>): Promise<void> {
    latest += 1;
    const mine = latest;
    $list.set({ status: 'loading' });
    if (!environment().isOnline()) {
      const downloaded = shape(await offline());
      if (mine !== latest) return;
      if (downloaded.length > 0) {
        $list.set({ status: 'offline', data: downloaded });
        return;
      }
    }
    const result = await fetchAll(binding, filter);
    if (mine !== latest) return;
    if (result.ok) {
      $list.set({ status: 'ready', data: shape(result.data) });
      return;
    }
    const downloaded = result.status === 0 ? shape(await offline()) : [];
    if (mine !== latest) return;
    $list.set(
      downloaded.length > 0
        ? { status: 'offline', data: downloaded }
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
