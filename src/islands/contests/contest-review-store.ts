import { atom } from 'nanostores';
import type { ContestReview } from '../../lib/api/contest.ts';
import { contestApi } from '../../lib/api/endpoints.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';

/** Idle until the student asks for the answers. */
export type ContestReviewState = LoadState<ContestReview, { status: 'idle' }>;

/**
 * An entrant's answers to a finished contest, with the key and explanations (GET /contest/:id/review), read
 * when the student asks for them: the server opens them only once the contest has ended.
 */
export function createContestReviewStore(contestId: string) {
  const $review = atom<ContestReviewState>({ status: 'idle' });

  async function load() {
    if ($review.get().status === 'loading') return;
    $review.set({ status: 'loading' });
    const result = await environment().call(contestApi.review, { params: { id: contestId } });
    $review.set(loadedFrom(result));
  }

  return { $review, load };
}
