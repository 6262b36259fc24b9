import type { ContestBoardRow } from '../../lib/api/contest.ts';
import { formatDateTime, formatThousands, ordinal } from '../../lib/format.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import type { BoardState } from './contest-store.ts';
import { pointsText, secondsText } from './contests.ts';

/** A contest's board: the top rows, the caller's own place when it is further down, and how fresh it is. */
export function ContestBoardView({ state, onRetry }: { state: BoardState; onRetry: () => void }) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading') return <Loading label="Loading the board" />;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={onRetry} />;
  const board = state.data;
  const listed = board.docs.some((row) => row.isMe);
  return (
    <>
      <p className="hint">
        {board.final ? 'Final board' : 'Live board, at most 30 seconds old'} ·{' '}
        {formatThousands(board.entrants)} entered · as of{' '}
        <time dateTime={board.asOf}>{formatDateTime(board.asOf)}</time>
      </p>
      {board.docs.length === 0 ? (
        <p className="contest-empty">Nobody has handed in a level yet.</p>
      ) : (
        <ol className="ranked-list contest-board" aria-label={board.final ? 'Final places' : 'Places so far'}>
          {board.docs.map((row) => (
            <BoardRow key={row.place} row={row} />
          ))}
        </ol>
      )}
      {board.me && !listed && (
        <ol className="ranked-list contest-board contest-board-me" aria-label="Your place">
          <BoardRow row={board.me} />
        </ol>
      )}
    </>
  );
}

function BoardRow({ row }: { row: ContestBoardRow }) {
  return (
    <li
      className={`ranked-row contest-board-row${row.isMe ? ' me' : ''}`}
      aria-current={row.isMe ? 'true' : undefined}
    >
      <span className="ranked-place contest-board-place">{ordinal(row.place)}</span>
      <span className="ranked-name contest-board-name">
        {row.name}
        {row.isMe && <span className="ranked-you"> (you)</span>}
      </span>
      <span className="ranked-score contest-board-points">{pointsText(row.points)}</span>
      <span className="contest-board-time">{secondsText(row.seconds)}</span>
    </li>
  );
}
