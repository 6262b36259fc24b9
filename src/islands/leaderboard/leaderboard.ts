/** The leaderboard's rows (spec §2): rank from list position, the caller's own row marked or added below. */

import type { LeaderboardEntry, OwnRank } from '../../lib/api/exam.ts';

export type { LeaderboardEntry, OwnRank };

export interface LeaderboardView {
  rows: LeaderboardEntry[];
  /** The caller's place when it is outside the rows shown (beyond the top 100). */
  own: OwnRank | undefined;
  /** The caller is not on the board. */
  unranked: boolean;
}

/** The rows to show, and the caller's rank to show below the list when their row is not among them. */
export function leaderboardView(
  docs: readonly LeaderboardEntry[],
  me: OwnRank | null | undefined,
): LeaderboardView {
  const rows = docs.map((entry, index) => ({
    ...entry,
    rank: Number.isInteger(entry.rank) && entry.rank > 0 ? entry.rank : index + 1,
    isMe: entry.isMe === true,
  }));
  const listed = rows.some((row) => row.isMe);
  return { rows, own: me && !listed ? me : undefined, unranked: !me && !listed };
}

/** Two initials for an avatar without a picture: "Aisha Bello" -> "AB". */
export function initials(user: { firstName: string; lastName: string }): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase() || '?';
}
