/**
 * The coin-history contract of GET /api/v1/history (a `Paged<CoinHistoryEntry>`, newest first): the shape
 * the server builds and /profile lists. Declared here once.
 */

/** One change of the coin balance, as the ledger recorded it. */
export interface CoinHistoryEntry {
  _id: string;
  /** An ISO time. */
  createdAt: string;
  description: string;
  type: 'credit' | 'debit';
  /** How many coins changed hands: always positive; `type` says which way. */
  coins: number;
  /** The balance after this change. */
  coinsAfter: number;
}
