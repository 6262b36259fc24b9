import { atom } from 'nanostores';
import { request } from '../../lib/client/api.ts';
import { $auth, loadUser } from '../../lib/client/session.ts';
import { type LeaderboardEntry, type LeaderboardView, leaderboardView, type OwnRank } from './leaderboard.ts';

export type LeaderboardState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | ({ status: 'ready' } & LeaderboardView);

/** /leader-board: the top students by points and the caller's own rank (spec §2). */
export function createLeaderboardStore() {
  const $board = atom<LeaderboardState>({ status: 'loading' });

  /** Loads (or, for Retry, reloads) the board. */
  async function load() {
    $board.set({ status: 'loading' });
    // As the spec's client does: the user first (an admin's session fails there), then the board.
    await loadUser();
    if (!$auth.get().user) {
      location.replace('/login');
      return;
    }
    const result = await request<{ docs: LeaderboardEntry[]; me: OwnRank | null }>(
      'GET',
      '/api/v1/exam/leaderboard',
    );
    if (!result.ok) {
      $board.set({ status: 'failed', message: result.message });
      return;
    }
    $board.set({ status: 'ready', ...leaderboardView(result.data.docs, result.data.me) });
  }

  return { $board, load };
}
