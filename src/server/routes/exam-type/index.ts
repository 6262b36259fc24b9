import { asc, count } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ExamType } from '../../../lib/api/catalogue.ts';
import { examTypes } from '../../db/schema.ts';
import { publicCache } from '../../http/public-cache.ts';
import { ok, paged } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import { CATALOGUE_VERSION, catalogueCache } from '../catalogue-cache.ts';
import { catalogueQuerySchema } from '../catalogue-query.ts';

/** /api/v1/examType: the exam types, by title. Public and cacheable. */
export function examTypeRoutes() {
  return new Hono<AppEnv>().get(
    '/',
    catalogueCache(CATALOGUE_VERSION),
    publicCache,
    validate('query', catalogueQuerySchema),
    async (c) => {
      const { db } = c.get('deps');
      const { page, limit } = c.req.valid('query');
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: examTypes.id, title: examTypes.title, imageUrl: examTypes.imageUrl })
          .from(examTypes)
          .orderBy(asc(examTypes.title), asc(examTypes.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(examTypes),
      ]);
      const docs = rows.map(
        (row): ExamType => ({
          _id: row.id,
          title: row.title,
          image: row.imageUrl ? { url: row.imageUrl } : null,
        }),
      );
      return ok(c, 'Exam types fetched successfully', paged(docs, total?.value ?? 0, page, limit));
    },
  );
}
