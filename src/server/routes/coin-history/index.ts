import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { CoinHistoryEntry } from '../../../lib/api/coin-history.ts';
import { LIST_DEPTH, pageWithinDepth } from '../../../lib/api/paged.ts';
import { coinLedger } from '../../db/schema.ts';
import { requireUser } from '../../http/auth.ts';
import { ok, paged, pageQuerySchema } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';

/** /api/v1/history: the caller's coin ledger, newest first, its newest LIST_DEPTH entries paged. */
export function coinHistoryRoutes() {
  return new Hono<AppEnv>().get('/', requireUser, validate('query', pageQuerySchema), async (c) => {
    const { db } = c.get('deps');
    const { userId } = c.get('auth');
    const { page, limit } = c.req.valid('query');
    const mine = eq(coinLedger.userId, userId);
    const slice = pageWithinDepth(page, limit);
    const newest = db
      .select({ id: coinLedger.id })
      .from(coinLedger)
      .where(mine)
      .limit(LIST_DEPTH)
      .as('newest');
    const [rows, [total]] = await Promise.all([
      slice === null
        ? []
        : db
            .select({
              id: coinLedger.id,
              createdAt: coinLedger.createdAt,
              description: coinLedger.description,
              type: coinLedger.type,
              coins: coinLedger.coins,
              coinsAfter: coinLedger.coinsAfter,
            })
            .from(coinLedger)
            .where(mine)
            .orderBy(desc(coinLedger.seq))
            .limit(slice.take)
            .offset(slice.offset),
      db.select({ value: count() }).from(newest),
    ]);
    const docs = rows.map(
      ({ id, createdAt, ...entry }): CoinHistoryEntry => ({
        _id: id,
        createdAt: createdAt.toISOString(),
        ...entry,
      }),
    );
    return ok(c, 'Coin history fetched successfully', paged(docs, total?.value ?? 0, page, limit));
  });
}
