import { atom } from 'nanostores';
import { reviewApi } from '../../lib/api/endpoints.ts';
import type { ReviewCounts } from '../../lib/api/review.ts';
import { environment } from '../shared/environment.ts';

/**
 * The caller's deck counts, for the links to the deck (/award, /profile) and the home page's reminder:
 * GET /review/due with `limit=0`, which sends no questions. Unknown (undefined) until read, and when the
 * read fails (offline, say): the links then show without a count.
 */
export function createDueCountStore() {
  const $counts = atom<ReviewCounts | undefined>(undefined);

  async function load() {
    const result = await environment().call(reviewApi.due, { query: { limit: 0 } });
    $counts.set(result.ok ? result.data.counts : undefined);
    return $counts.get();
  }

  return { $counts, load };
}
