import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { coinLedger, users } from '../db/schema.ts';

/** One change to a coin balance. */
export interface CoinChange {
  userId: string;
  coins: number;
  description: string;
  at: Date;
}

/**
 * Adds coins and writes the ledger row. Call it inside the caller's transaction: the balance update takes
 * the user's row lock, so concurrent changes queue and every coinsAfter is exact.
 */
export async function creditCoins(tx: Executor, change: CoinChange): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ triviaPoints: sql`${users.triviaPoints} + ${change.coins}` })
    .where(eq(users.id, change.userId))
    .returning({ balance: users.triviaPoints });
  if (!row) throw new Error(`No user ${change.userId} to credit`);
  await tx.insert(coinLedger).values({
    userId: change.userId,
    type: 'credit',
    coins: change.coins,
    coinsAfter: row.balance,
    description: change.description,
    createdAt: change.at,
  });
  return row.balance;
}

/**
 * Takes coins if the balance covers them and writes the ledger row; returns the new balance, or undefined
 * (and changes nothing) when the balance is too low. Call it inside the caller's transaction.
 */
export async function debitCoins(tx: Executor, change: CoinChange): Promise<number | undefined> {
  const [row] = await tx
    .update(users)
    .set({ triviaPoints: sql`${users.triviaPoints} - ${change.coins}` })
    .where(and(eq(users.id, change.userId), gte(users.triviaPoints, change.coins)))
    .returning({ balance: users.triviaPoints });
  if (!row) return undefined;
  await tx.insert(coinLedger).values({
    userId: change.userId,
    type: 'debit',
    coins: change.coins,
    coinsAfter: row.balance,
    description: change.description,
    createdAt: change.at,
  });
  return row.balance;
}
