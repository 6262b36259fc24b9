import { atom } from 'nanostores';
import type { ContestReview } from '../../lib/api/contest.ts';
import type { request } from '../../lib/client/api.ts';
import { contestApiPath } from './contest-play.ts';

export type ContestReviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; review: ContestReview };

/**
 * An entrant's answers to a finished contest, with the key and explanations (GET /contest/:id/review), read
 * when the student asks for them: the server opens them only once the contest has ended.
 */
export function createContestReviewStore(contestId: string, deps: { request: typeof request }) {
  const $review = atom<ContestReviewState>({ status: 'idle' });

  async function load() {
    if ($review.get().status === 'loading') return;
    $review.set({ status: 'loading' });
    const result = await deps.request<ContestReview>('GET', contestApiPath(contestId, 'review'));
    $review.set(
      result.ok ? { status: 'ready', review: result.data } : { status: 'failed', message: result.message },
    );
  }

  return { $review, load };
}
