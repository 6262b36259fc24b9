import { desc, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Year, YearListQuery } from '../../../lib/api/catalogue.ts';
import { years } from '../../db/schema.ts';
import { bankPaperAs } from '../../services/exams/bank-paper.ts';
import { catalogueListRoute } from '../catalogue-list.ts';
import { catalogueQuerySchema, idFilter, type QueryShape } from '../catalogue-query.ts';

const querySchema = z.object({
  ...catalogueQuerySchema.shape,
  examType: idFilter('examType', 'an exam type'),
  subject: idFilter('subject', 'a subject'),
} satisfies QueryShape<YearListQuery>);

// The exam types and the subjects that have a bank paper in the year, each ordered by title.
const examTypeIds = sql<string[]>`coalesce((
  select json_agg(t.id order by t.title, t.id) from exam_types t
  where exists (select 1 from papers p where p.exam_type_id = t.id and p.year_id = years.id and ${bankPaperAs('p')})
), '[]'::json)`;
const subjectIds = sql<string[]>`coalesce((
  select json_agg(s.id order by s.title, s.id) from subjects s
  where exists (select 1 from papers p where p.subject_id = s.id and p.year_id = years.id and ${bankPaperAs('p')})
), '[]'::json)`;

/**
 * /api/v1/year: the years that have a bank paper, newest first. With `examType` and `subject`, only the years
 * that have a paper of that exam type in that subject. Public and cacheable.
 */
export function yearRoutes() {
  return catalogueListRoute({
    query: querySchema,
    table: years,
    select: (db) =>
      db
        .select({ id: years.id, title: years.title, examType: examTypeIds, subject: subjectIds })
        .from(years)
        .$dynamic(),
    where: ({ examType, subject }) => {
      const conditions: SQL[] = [sql`p.year_id = years.id`, bankPaperAs('p')];
      if (examType) conditions.push(sql`p.exam_type_id = ${examType}`);
      if (subject) conditions.push(sql`p.subject_id = ${subject}`);
      return sql`exists (select 1 from papers p where ${sql.join(conditions, sql` and `)})`;
    },
    orderBy: [desc(years.year)],
    docOf: (row): Year => ({ _id: row.id, title: row.title, examType: row.examType, subject: row.subject }),
    message: 'Years fetched successfully',
  });
}
