import { describe, expect, it } from 'vitest';
import { initials, type LeaderboardEntry, leaderboardView } from './leaderboard.ts';

const entry = (id: string, rank: number, totalScore: number, isMe = false): LeaderboardEntry => ({
  rank,
  user: { firstName: `Ada ${id}`, lastName: 'O.', image: null },
  totalScore,
  isMe,
});
const docs = [entry('u1', 1, 50), entry('u2', 2, 45, true), entry('u3', 3, 20)];
const others = docs.map((row) => ({ ...row, isMe: false }));

describe('the leaderboard', () => {
  it('marks the caller’s own row', () => {
    const view = leaderboardView(docs, { rank: 2, totalScore: 45 });
    expect(view.rows.map((row) => row.isMe)).toEqual([false, true, false]);
    expect(view.own).toBeUndefined();
    expect(view.unranked).toBe(false);
  });

  it('shows the caller’s rank below the list when outside the top 100', () => {
    const view = leaderboardView(others, { rank: 154, totalScore: 5 });
    expect(view.rows.every((row) => !row.isMe)).toBe(true);
    expect(view.own).toEqual({ rank: 154, totalScore: 5 });
  });

  it('knows a caller who has not scored yet', () => {
    expect(leaderboardView(others, null)).toMatchObject({ own: undefined, unranked: true });
  });

  it('takes the rank from the list position when an entry lacks one', () => {
    const view = leaderboardView([entry('u1', 0, 9), entry('u2', Number.NaN, 8)], null);
    expect(view.rows.map((row) => row.rank)).toEqual([1, 2]);
  });

  it('makes initials for avatars without a picture', () => {
    expect(initials({ firstName: 'aisha', lastName: 'Bello' })).toBe('AB');
    expect(initials({ firstName: ' ', lastName: '' })).toBe('?');
  });
});
