import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { formatThousands, ordinal } from '../../lib/format.ts';
import { LoadFailed } from '../shared/LoadStatus.tsx';
import { RankedRow } from '../shared/RankedRow.tsx';
import type { LeaderboardEntry } from './leaderboard.ts';
import { createLeaderboardStore } from './leaderboard-store.ts';

const points = (value: number) => `${formatThousands(value)} ${Math.abs(value) === 1 ? 'point' : 'points'}`;

/** /leader-board: ranked rows with avatar, name, points and an ordinal rank (spec §2). */
export default function LeaderBoard() {
  const [store] = useState(createLeaderboardStore);
  const board = useStore(store.$board);

  useEffect(() => {
    void store.load();
  }, [store]);

  if (board.status === 'loading')
    return <div className="spinner" role="status" aria-label="Loading the leader board" />;
  if (board.status === 'failed') {
    return (
      <LoadFailed className="card board-message" message={board.message} onRetry={() => void store.load()} />
    );
  }
  return (
    <>
      {board.data.rows.length === 0 ? (
        <div className="card board-message">
          <p>No scores yet. Take a test and be the first on the board!</p>
          <a className="button" href="/select-exam">
            Practise now
          </a>
        </div>
      ) : (
        <ol className="ranked-list" aria-label="Top students">
          {board.data.rows.map((row) => (
            <Row key={row.rank} row={row} />
          ))}
        </ol>
      )}
      {board.data.own && (
        <p className="card board-own">
          Your rank: <strong>{ordinal(board.data.own.rank)}</strong> with{' '}
          <strong>{points(board.data.own.totalScore)}</strong>
        </p>
      )}
      {board.data.unranked && board.data.rows.length > 0 && (
        <p className="board-own-hint">
          You are not on the board yet. <a href="/select-exam">Take a test</a> to earn points; if you have not
          confirmed your email, open the link we sent you first.
        </p>
      )}
    </>
  );
}

function Row({ row }: { row: LeaderboardEntry }) {
  return (
    <RankedRow
      row={row}
      score={points(row.totalScore)}
      rowClass={['board-row', row.rank <= 3 ? `top-${row.rank}` : undefined]}
      placeClass="board-rank"
      avatarSize={44}
    />
  );
}
