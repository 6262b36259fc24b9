import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import type { UtmeRankingEntry } from '../../lib/api/utme.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { RankedRow } from '../shared/RankedRow.tsx';
import { ownPlaceLine, totalOutOf } from './ranking.ts';
import { createRankingStore } from './ranking-store.ts';
import './ranking.css';

/** The mock ranking under the /utme picker: the top students by their ranked mock's total, the caller's row marked. */
export default function Ranking() {
  const [store] = useState(createRankingStore);
  const ranking = useStore(store.$ranking);

  useEffect(() => {
    void store.load();
  }, [store]);

  if (ranking.status === 'loading') return <Loading label="Loading the mock ranking" />;
  if (ranking.status === 'failed') {
    return <LoadFailed message={ranking.message} onRetry={() => void store.load()} />;
  }
  const { rows, own, unranked } = ranking.data;
  if (rows.length === 0) {
    return (
      <p className="card ranking-message">Nobody has sat a mock yet. Finish one and you lead the ranking.</p>
    );
  }
  return (
    <>
      <ol className="ranked-list" aria-label="First mock totals">
        {rows.map((row) => (
          <Row key={row.rank} row={row} />
        ))}
      </ol>
      {own && <p className="card ranking-own">{ownPlaceLine(own)}</p>}
      {unranked && (
        <p className="ranking-message">
          You are not on the mock ranking yet: finish a mock to join it. Only students who have confirmed
          their email appear.
        </p>
      )}
    </>
  );
}

function Row({ row }: { row: UtmeRankingEntry }) {
  return <RankedRow row={row} score={totalOutOf(row.total)} rowClass={['ranking-row']} avatarSize={40} />;
}
