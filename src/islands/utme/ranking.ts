/** The mock ranking's rows (GET /api/v1/exam/utme/ranking): the caller's row marked, or their place below. */

import type { UtmeRanking, UtmeRankingEntry } from '../../lib/api/utme.ts';
import { UTME } from '../../lib/api/utme.ts';
import { ordinal } from '../../lib/format.ts';

export interface RankingView {
  rows: UtmeRankingEntry[];
  /** The caller's place when their row is not among those listed (beyond the top). */
  own: UtmeRanking['me'] | undefined;
  /** The caller has no mock total yet. */
  unranked: boolean;
}

/** The rows to list, and the caller's own place to show below them when it is not listed. */
export function rankingView(ranking: UtmeRanking): RankingView {
  const rows = ranking.docs.map((entry, index) => ({
    ...entry,
    rank: Number.isInteger(entry.rank) && entry.rank > 0 ? entry.rank : index + 1,
    isMe: entry.isMe === true,
  }));
  const listed = rows.some((row) => row.isMe);
  return { rows, own: ranking.me && !listed ? ranking.me : undefined, unranked: !ranking.me && !listed };
}

/** A total as the ranking shows it: "287 / 400". */
export function totalOutOf(total: number): string {
  return `${total} / ${UTME.maxTotal}`;
}

/** The caller's place below the list: "Your place: 154th, with 212 out of 400". */
export function ownPlaceLine(own: NonNullable<UtmeRanking['me']>): string {
  return `Your place: ${ordinal(own.rank)}, with ${own.total} out of ${UTME.maxTotal}`;
}
