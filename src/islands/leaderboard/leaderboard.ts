/** The leaderboard's rows (spec §2): rank from list position, the caller's own row marked or added below. */

/** An entry of GET /api/v1/exam/leaderboard; `_id` is the student's id. */
export interface LeaderboardEntry {
  _id: string;
  rank: number;
  user: { firstName: string; lastName: string; image: { url: string } | null };
  totalScore: number;
}

/** The caller's own place, sent with the board (null before their first scored test). */
export interface OwnRank {
  rank: number;
  totalScore: number;
}

export interface LeaderboardRow extends LeaderboardEntry {
  isMe: boolean;
}

export interface LeaderboardView {
  rows: LeaderboardRow[];
  /** The caller's place when it is outside the rows shown (beyond the top 100). */
  own: OwnRank | undefined;
  /** The caller has not scored yet. */
  unranked: boolean;
}

/** The rows to show, with the caller's row marked, or their rank to show below the list. */
export function leaderboardView(
  docs: readonly LeaderboardEntry[],
  me: OwnRank | null | undefined,
  myId: string | undefined,
): LeaderboardView {
  const rows = docs.map((entry, index) => ({
    ...entry,
    rank: Number.isInteger(entry.rank) && entry.rank > 0 ? entry.rank : index + 1,
    isMe: myId !== undefined && entry._id === myId,
  }));
  const listed = rows.some((row) => row.isMe);
  return { rows, own: me && !listed ? me : undefined, unranked: !me && !listed };
}

/** Two initials for an avatar without a picture: "Aisha Bello" -> "AB". */
export function initials(user: { firstName: string; lastName: string }): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase() || '?';
}
