import type { CoinHistoryEntry } from '../../lib/api/coin-history.ts';
import { formatDateTime, formatThousands } from '../../lib/format.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import type { HistoryState } from './profile-store.ts';
import './coin-history.css';

/** The table's columns; on a phone each becomes the label beside its value (coin-history.css). */
const COLUMNS = ['Date', 'Description', 'Type', 'Coins', 'Balance'] as const;

/** A credit as "+80", a debit as "-4". */
export function signedCoins(entry: Pick<CoinHistoryEntry, 'type' | 'coins'>): string {
  return `${entry.type === 'debit' ? '-' : '+'}${formatThousands(entry.coins)}`;
}

/**
 * /profile's Coin History (spec §2): a table on a wide screen, and on a phone a card per entry with each
 * value under its label, so nothing hides behind a sideways scroll.
 */
export function CoinHistory({ state, onRetry }: { state: HistoryState; onRetry: () => void }) {
  if (state.status === 'loading') return <Loading label="Loading coin history" />;
  if (state.status === 'failed') {
    return <LoadFailed message={state.message} onRetry={onRetry} />;
  }
  if (state.data.length === 0) return <p>No coin activity yet.</p>;
  // On a phone the rows are laid out as cards by CSS alone: the cells stay cells under their column headers.
  return (
    <table className="history-table">
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {state.data.map((entry) => (
          <tr key={entry._id}>
            <td data-label="Date">{formatDateTime(entry.createdAt)}</td>
            <td data-label="Description" className="history-description">
              {entry.description}
            </td>
            <td data-label="Type" className={`entry-${entry.type}`}>
              {entry.type}
            </td>
            <td data-label="Coins" className="history-number">
              {signedCoins(entry)}
            </td>
            <td data-label="Balance" className="history-number">
              {formatThousands(entry.coinsAfter)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
