import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Subject, SubjectListQuery } from '../../../lib/api/catalogue.ts';
import { subjects } from '../../db/schema.ts';
import { bankPaperAs } from '../../services/exams/bank-paper.ts';
import { catalogueListRoute } from '../catalogue-list.ts';
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
  return catalogueListRoute({
    query: querySchema,
    table: subjects,
    select: (db) =>
      db
        .select({
          id: subjects.id,
          title: subjects.title,
          imageUrl: subjects.imageUrl,
          examType: examTypeIds,
        })
        .from(subjects)
        .$dynamic(),
    where: ({ examType }) =>
      examType
        ? sql`exists (select 1 from papers p
            where p.subject_id = subjects.id and p.exam_type_id = ${examType} and ${bankPaperAs('p')})`
        : undefined,
    orderBy: [asc(subjects.title), asc(subjects.id)],
    docOf: (row): Subject => ({
      _id: row.id,
      title: row.title,
      name: row.title,
      image: row.imageUrl ? { url: row.imageUrl } : null,
      examType: row.examType,
    }),
    message: 'Subjects fetched successfully',
  });
}
