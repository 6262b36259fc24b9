import { asc, count, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Subject, SubjectListQuery } from '../../../lib/api/catalogue.ts';
import { subjects } from '../../db/schema.ts';
import { publicCache } from '../../http/public-cache.ts';
import { ok, paged } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import { bankPaperAs } from '../../services/exams/bank-paper.ts';
import { CATALOGUE_VERSION, catalogueCache } from '../catalogue-cache.ts';
import { catalogueQuerySchema, idFilter, type QueryShape } from '../catalogue-query.ts';

const querySchema = z.object({
  ...catalogueQuerySchema.shape,
  examType: idFilter('examType', 'an exam type'),
} satisfies QueryShape<SubjectListQuery>);

// The exam types that have a bank paper in the subject, ordered by title.
const examTypeIds = sql<string[]>`coalesce((
  select json_agg(t.id order by t.title, t.id) from exam_types t
  where exists (select 1 from papers p
    where p.exam_type_id = t.id and p.subject_id = subjects.id and ${bankPaperAs('p')})
), '[]'::json)`;

/** /api/v1/subject: the subjects by title, each with the exam types that offer it. Public and cacheable. */
export function subjectRoutes() {
  return new Hono<AppEnv>().get(
    '/',
    catalogueCache(CATALOGUE_VERSION),
    publicCache,
    validate('query', querySchema),
    async (c) => {
      const { db } = c.get('deps');
      const { page, limit, examType } = c.req.valid('query');
      const where = examType
        ? sql`exists (select 1 from papers p
            where p.subject_id = subjects.id and p.exam_type_id = ${examType} and ${bankPaperAs('p')})`
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: subjects.id,
            title: subjects.title,
            imageUrl: subjects.imageUrl,
            examType: examTypeIds,
          })
          .from(subjects)
          .where(where)
          .orderBy(asc(subjects.title), asc(subjects.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(subjects).where(where),
      ]);
      const docs = rows.map(
        (row): Subject => ({
          _id: row.id,
          title: row.title,
          name: row.title,
          image: row.imageUrl ? { url: row.imageUrl } : null,
          examType: row.examType,
        }),
      );
      return ok(c, 'Subjects fetched successfully', paged(docs, total?.value ?? 0, page, limit));
    },
  );
}
