import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { PageQuery } from '../../lib/api/paged.ts';
import type { Executor } from '../db/client.ts';
import { publicCache } from '../http/conditional-get.ts';
import { ok, paged } from '../http/respond.ts';
import type { AppEnv } from '../http/types.ts';
import { validate } from '../http/validate.ts';
import { CATALOGUE_VERSION, catalogueCache } from './catalogue-cache.ts';

/** What makes one catalogue list (exam types, subjects, years): the rest is the same for all of them. */
export interface CatalogueList<Schema extends z.ZodType<Required<PageQuery>>, Select extends PgSelect, Doc> {
  /** The query it takes: catalogueQuerySchema's page and limit, and its filters. */
  query: Schema;
  /** The table listed, whose matching rows are counted. */
  table: PgTable;
  /** Its rows' columns, read from `table`, as `db.select({…}).from(table).$dynamic()`. */
  select: (db: Executor) => Select;
  /** The rows a query's filters keep; all of them without this. */
  where?: (query: z.output<Schema>) => SQL | undefined;
  /** The order of the list, made total (a title and the id) so that pages never overlap. */
  orderBy: (PgColumn | SQL)[];
  /** A row as the API shows it. */
  docOf: (row: Awaited<Select>[number]) => Doc;
  /** The answer's message, "Subjects fetched successfully". */
  message: string;
}

/**
 * The route of a public catalogue list: kept per instance while the catalogue is unchanged (catalogueCache,
 * first, as it requires), cacheable by browsers and proxies, validated, then one page of rows and their count,
 * read together.
 */
export function catalogueListRoute<
  Schema extends z.ZodType<Required<PageQuery>>,
  Select extends PgSelect,
  Doc,
>(list: CatalogueList<Schema, Select, Doc>) {
  return new Hono<AppEnv>().get(
    '/',
    catalogueCache(CATALOGUE_VERSION),
    publicCache,
    validate('query', list.query),
    async (c) => {
      const { db } = c.get('deps');
      const query = c.req.valid('query') as z.output<Schema>;
      const { page, limit } = query;
      const where = list.where?.(query);
      const [rows, [total]] = await Promise.all([
        list
          .select(db)
          .where(where)
          .orderBy(...list.orderBy)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(list.table).where(where),
      ]);
      const docs = (rows as Awaited<Select>).map((row) => list.docOf(row));
      return ok(c, list.message, paged(docs, total?.value ?? 0, page, limit));
    },
  );
}
