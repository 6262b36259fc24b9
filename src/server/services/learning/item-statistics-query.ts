/**
 * `npm run bank:stats`: the item statistics of each paper over students' first attempts, with the open
 * reports, read from the app's database (docs/learning.md, "Item statistics"; the numbers in
 * item-statistics-formulas.ts).
 */

import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, uuidArray } from '../../db/client.ts';
import { options, questions } from '../../db/schema.ts';
import { slugify } from '../bank/normalize.ts';
import { notSkipped } from '../exams/attempt-rows.ts';
import { bankPaperAs } from '../exams/bank-paper.ts';
import {
  FLAG_RULES,
  type FlagRules,
  type ItemKey,
  type ItemStatistics,
  itemFlags,
  LETTERS,
  paperStatistics,
  type TestResponses,
} from './item-statistics-formulas.ts';

/** Which papers to analyse, and which first attempts count. */
export interface StatsFilter {
  /** An exam type's title or slug (`WAEC`, `common-entrance`). */
  examType?: string;
  /** A subject's title or slug (`Civic Education`, `civic-education`). */
  subject?: string;
  year?: number;
  /** Leave out students whose first attempt at the paper was taken offline and uploaded. */
  onlineOnly?: boolean;
}

export interface QuestionStats {
  /** 1 for the paper's first question. */
  number: number;
  key: string;
  topic: string | null;
  /** The letter of the right option. */
  answer: string;
  stats: ItemStatistics;
  openReports: number;
  flags: string[];
}

export interface PaperStats {
  examType: string;
  subject: string;
  year: number;
  /** Students whose first attempt at the paper is analysed. */
  firstAttempts: number;
  questions: QuestionStats[];
}

export interface BankStats {
  /** Papers with at least one first attempt or open report, in exam type, subject and year order. */
  papers: PaperStats[];
  /** Papers the filter matched that have neither, and are not listed. */
  quietPapers: number;
}

interface PaperRow {
  id: string;
  examType: string;
  subject: string;
  year: number;
}

/** The bank papers the filter names (never a contest's); exam types and subjects match by slug, so titles work in any case. */
async function selectedPapers(db: Executor, filter: StatsFilter): Promise<PaperRow[]> {
  const conditions: SQL[] = [bankPaperAs('p')];
  if (filter.examType) conditions.push(sql`et.slug = ${slugify(filter.examType)}`);
  if (filter.subject) conditions.push(sql`s.slug = ${slugify(filter.subject)}`);
  if (filter.year !== undefined) conditions.push(sql`y.year = ${filter.year}`);
  const result = (await db.execute(sql`select p.id, et.title as "examType", s.title as subject, y.year
    from papers p
    join exam_types et on et.id = p.exam_type_id
    join subjects s on s.id = p.subject_id
    join years y on y.id = p.year_id
    where ${sql.join(conditions, sql` and `)}
    order by et.title, s.title, y.year`)) as unknown as { rows: PaperRow[] };
  return result.rows;
}

/**
 * Each selected paper's first attempts: every student's earliest-started scored full exam at it, whether
 * taken online or offline and uploaded (unless onlineOnly, which drops the students whose first one was
 * uploaded rather than taking their second). Daily tests, UTME sittings and topic practices are other tests.
 */
async function firstAttempts(db: Executor, paperIds: string[], onlineOnly: boolean) {
  const result = (await db.execute(sql`select f.paper_id as "paperId", array_agg(f.id) as ids
    from (
      select distinct on (a.user_id, a.paper_id) a.id, a.paper_id, a.client_id
      from attempts a
      where a.kind = 'exam' and a.submitted_at is not null and a.paper_id = any(${uuidArray(paperIds)})
      order by a.user_id, a.paper_id, a.started_at, a.id
    ) f
    where ${onlineOnly ? sql`f.client_id is null` : sql`true`}
    group by f.paper_id`)) as unknown as { rows: { paperId: string; ids: string[] }[] };
  return new Map(result.rows.map((row) => [row.paperId, row.ids]));
}

/** Open reports (resolved_at is null) per question, for every paper. */
async function openReports(db: Executor): Promise<Map<string, { paperId: string; count: number }>> {
  const result = (await db.execute(sql`select r.question_id as "questionId", q.paper_id as "paperId",
      count(*)::integer as count
    from question_reports r join questions q on q.id = r.question_id
    where r.resolved_at is null
    group by r.question_id, q.paper_id`)) as unknown as {
    rows: { questionId: string; paperId: string; count: number }[];
  };
  return new Map(result.rows.map((row) => [row.questionId, { paperId: row.paperId, count: row.count }]));
}

/** The paper's questions in order, each with its options in order and its right option. */
async function paperItems(db: Executor, paperId: string) {
  const rows = await db
    .select({
      id: questions.id,
      key: questions.key,
      topic: questions.topic,
      optionId: options.id,
      isCorrect: options.isCorrect,
    })
    .from(questions)
    .innerJoin(options, eq(options.questionId, questions.id))
    .where(eq(questions.paperId, paperId))
    .orderBy(asc(questions.position), asc(options.position));
  const items: (ItemKey & { key: string; topic: string | null; options: string[] })[] = [];
  for (const row of rows) {
    let item = items.at(-1);
    if (item?.question !== row.id) {
      item = { question: row.id, key: row.key, topic: row.topic, options: [], right: '' };
      items.push(item);
    }
    item.options.push(row.optionId);
    if (row.isCorrect) item.right = row.optionId;
  }
  return items;
}

/**
 * What each of the attempts showed and how it was answered, marked against the key as it is now (so a
 * corrected key shows the corrected question). A skipped question is blank, as it scores.
 */
async function responsesOf(db: Executor, attemptIds: string[]): Promise<TestResponses[]> {
  if (attemptIds.length === 0) return [];
  const result = (await db.execute(sql`select a.id as attempt, shown.question_id as question,
      case when ${notSkipped({ attemptId: sql`a.id`, questionId: sql`shown.question_id` })}
        then aa.option_id end as option,
      coalesce(o.is_correct, false)
        and ${notSkipped({ attemptId: sql`a.id`, questionId: sql`shown.question_id` })} as right
    from attempts a
    cross join lateral unnest(a.question_ids) as shown(question_id)
    left join attempt_answers aa on aa.attempt_id = a.id and aa.question_id = shown.question_id
    left join options o on o.id = aa.option_id
    where a.id = any(${uuidArray(attemptIds)})`)) as unknown as {
    rows: { attempt: string; question: string; option: string | null; right: boolean }[];
  };
  const tests = new Map<string, { question: string; option: string | null; right: boolean }[]>();
  for (const { attempt, ...response } of result.rows) {
    const test = tests.get(attempt) ?? [];
    test.push(response);
    tests.set(attempt, test);
  }
  return [...tests.values()];
}

/** The statistics of every paper the filter selects that has a first attempt or an open report. */
export async function bankStatistics(
  db: Executor,
  filter: StatsFilter = {},
  rules: FlagRules = FLAG_RULES,
): Promise<BankStats> {
  const selected = await selectedPapers(db, filter);
  const firsts = await firstAttempts(
    db,
    selected.map((paper) => paper.id),
    Boolean(filter.onlineOnly),
  );
  const reports = await openReports(db);
  const reported = new Set([...reports.values()].map((report) => report.paperId));
  const listed = selected.filter((paper) => firsts.has(paper.id) || reported.has(paper.id));
  const papers: PaperStats[] = [];
  for (const paper of listed) {
    const attemptIds = firsts.get(paper.id) ?? [];
    const items = await paperItems(db, paper.id);
    const stats = paperStatistics(await responsesOf(db, attemptIds), items);
    papers.push({
      examType: paper.examType,
      subject: paper.subject,
      year: paper.year,
      firstAttempts: attemptIds.length,
      questions: items.map((item, index) => {
        const itemStats = stats[index] as ItemStatistics;
        const open = reports.get(item.question)?.count ?? 0;
        return {
          number: index + 1,
          key: item.key,
          topic: item.topic,
          answer: LETTERS[item.options.indexOf(item.right)] ?? '?',
          stats: itemStats,
          openReports: open,
          flags: itemFlags(itemStats, open, rules),
        };
      }),
    });
  }
  return { papers, quietPapers: selected.length - listed.length };
}
