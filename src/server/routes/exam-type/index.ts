import { asc } from 'drizzle-orm';
import type { ExamType } from '../../../lib/api/catalogue.ts';
import { examTypes } from '../../db/schema.ts';
import { catalogueListRoute } from '../catalogue-list.ts';
import { catalogueQuerySchema } from '../catalogue-query.ts';

/** /api/v1/examType: the exam types, by title. Public and cacheable. */
export function examTypeRoutes() {
  return catalogueListRoute({
    query: catalogueQuerySchema,
    table: examTypes,
    select: (db) =>
      db
        .select({ id: examTypes.id, title: examTypes.title, imageUrl: examTypes.imageUrl })
        .from(examTypes)
        .$dynamic(),
    orderBy: [asc(examTypes.title), asc(examTypes.id)],
    docOf: (row): ExamType => ({
      _id: row.id,
      title: row.title,
      image: row.imageUrl ? { url: row.imageUrl } : null,
    }),
    message: 'Exam types fetched successfully',
  });
}
