import { isNull, type SQL, sql } from 'drizzle-orm';
import { papers } from '../../db/schema.ts';

/**
 * A paper of the bank, as opposed to a contest's own paper. A contest's questions are reserved: only the
 * contest serves them, so every query that finds papers or questions for anything else (papers, the
 * catalogue, the daily test, topic practice, downloads, the deck, the UTME draw, mastery, item statistics,
 * the bank's import and export) keeps to bank papers. This form is for Drizzle's query builder, where the
 * table is `papers` itself.
 */
export const bankPaper: SQL = isNull(papers.contestId);

/** bankPaper for a query written in SQL that names the papers table `alias` (`from papers p`: 'p'). */
export function bankPaperAs(alias: string): SQL {
  return sql`${sql.identifier(alias)}.contest_id is null`;
}
