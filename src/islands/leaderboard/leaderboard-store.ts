import { atom } from 'nanostores';
import { examApi } from '../../lib/api/endpoints.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';
import { type LeaderboardView, leaderboardView } from './leaderboard.ts';

export type LeaderboardState = LoadState<LeaderboardView>;

/** /leader-board: the top students by points and the caller's own rank (spec §2). */
export function createLeaderboardStore() {
  const $board = atom<LeaderboardState>({ status: 'loading' });

  /** Loads (or, for Retry, reloads) the board. */
  async function load() {
    $board.set({ status: 'loading' });
    // As the spec's client does: the user first (an admin's session fails there), then the board.
    await environment().loadUser();
    if (!environment().userId()) {
      environment().navigate('/login', undefined, { replace: true });
      return;
    }
    const result = await environment().call(examApi.leaderboard);
    $board.set(
      loadedFrom(result.ok ? { ...result, data: leaderboardView(result.data.docs, result.data.me) } : result),
    );
  }

  return { $board, load };
}
