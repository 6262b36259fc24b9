/**
 * One row of a ranked list (the leader board, the mock ranking): place, avatar or initials, name with the
 * caller's own row marked, and the score as the list words it.
 */

import { ordinal } from '../../lib/format.ts';
import { initials } from '../leaderboard/leaderboard.ts';

export interface RankedEntry {
  rank: number;
  user: { firstName: string; lastName: string; image: { url: string } | null };
  isMe: boolean;
}

export function RankedRow({
  row,
  score,
  rowClass,
  placeClass,
  avatarSize,
}: {
  row: RankedEntry;
  /** The score as this list words it ("1,200 points", "250/400"). */
  score: string;
  /** The list's own classes: the first goes before the "me" mark, the second after it. */
  rowClass: [string, string?];
  placeClass?: string;
  avatarSize: number;
}) {
  const [listClass, extraClass] = rowClass;
  return (
    <li
      className={`ranked-row ${listClass}${row.isMe ? ' me' : ''}${extraClass ? ` ${extraClass}` : ''}`}
      aria-current={row.isMe ? 'true' : undefined}
    >
      <span className={placeClass ? `ranked-place ${placeClass}` : 'ranked-place'}>{ordinal(row.rank)}</span>
      {row.user.image ? (
        <img
          className="ranked-avatar"
          src={row.user.image.url}
          alt=""
          width={String(avatarSize)}
          height={String(avatarSize)}
          loading="lazy"
        />
      ) : (
        <span className="ranked-avatar" aria-hidden="true">
          {initials(row.user)}
        </span>
      )}
      <span className="ranked-name">
        {row.user.firstName} {row.user.lastName}
        {row.isMe && <span className="ranked-you"> (you)</span>}
      </span>
      <span className="ranked-score">{score}</span>
    </li>
  );
}
