import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ExamQuestion } from '../../../lib/api/exam.ts';
import type { Executor } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { options, papers, questions } from '../../db/schema.ts';
import { bankPaper } from './bank-paper.ts';

export type { ExamQuestion };

/**
 * The version of a paper's questions: how many there are and when the latest of them changed. An import
 * writes `updated_at` on every question it adds, moves, reorders or changes (options included), so any
 * change to what a student sees changes this. `paperId` is an SQL expression (a column or a parameter).
 */
export function paperVersionSql(paperId: SQL): SQL<string> {
  return sql<string>`(select count(*)::text || ':' || coalesce(
    (extract(epoch from max(q.updated_at)) * 1000000)::bigint::text, '')
    from questions q where q.paper_id = ${paperId})`;
}

/** What only an import changes in a paper: its questions in stored order, and their answer key. */
export interface PaperContent {
  /** paperVersionSql when this was read. */
  version: string;
  /** The question ids in their stored order: what a new attempt records. */
  questionIds: string[];
  /** Each question as the quiz shows it, by id: nothing in it gives the answer away. */
  questions: Map<string, ExamQuestion>;
  /** The questions in stored order: what a new attempt shows (see serializedQuestions). */
  ordered: ExamQuestion[];
  /** The answer key, by question id, for scoring: never sent before the attempt is scored. */
  key: Map<string, AnswerKeyEntry>;
}

/** A question's columns as the queries of the quiz read them. */
export interface StoredQuestion {
  id: string;
  passage: string;
  html: string;
  type: ExamQuestion['questionType'];
  fileUrl: string | null;
}

/** An option's columns as the queries of the quiz read them. */
export interface StoredOption {
  id: string;
  html: string;
  type: ExamQuestion['options'][number]['optionType'];
  fileUrl: string | null;
}

/** A question as the quiz shows it, from its stored columns: nothing in it gives the answer away. */
export function examQuestionOf(row: StoredQuestion, rowOptions: readonly StoredOption[]): ExamQuestion {
  return {
    _id: row.id,
    ...(row.passage ? { passage: row.passage } : {}),
    question: row.html,
    questionType: row.type,
    file: row.fileUrl ? { url: row.fileUrl } : null,
    options: rowOptions.map((option) => ({
      _id: option.id,
      option: option.html,
      optionType: option.type,
      file: option.fileUrl ? { url: option.fileUrl } : null,
    })),
  };
}

interface ContentRow extends StoredQuestion {
  explanation: string;
  options: (StoredOption & { isCorrect: boolean })[];
  version: string;
}

/** A paper's questions, options and answer key, read in one query with their version. */
export async function loadPaperContent(db: Executor, paperId: string): Promise<PaperContent> {
  const rows = await preparedRows<ContentRow>(
    db,
    'paper_content',
    sql`select q.id, q.passage_html as passage, q.question_html as html, q.question_type as type, q.file_url as "fileUrl",
      q.explanation_html as explanation,
      coalesce((select json_agg(json_build_object('id', o.id, 'html', o.option_html, 'type', o.option_type,
          'fileUrl', o.file_url, 'isCorrect', o.is_correct) order by o.position)
        from options o where o.question_id = q.id), '[]'::json) as options,
      ${paperVersionSql(sql`${paperId}::uuid`)} as version
    from questions q where q.paper_id = ${paperId}
    order by q.position`,
  );
  const questionsById = new Map<string, ExamQuestion>();
  const key = new Map<string, AnswerKeyEntry>();
  for (const row of rows) {
    questionsById.set(row.id, examQuestionOf(row, row.options));
    key.set(row.id, {
      passage: row.passage,
      question: row.html,
      explanation: row.explanation,
      options: row.options.map((option) => ({
        id: option.id,
        html: option.html,
        isCorrect: option.isCorrect,
      })),
    });
  }
  const ordered = rows.flatMap((row) => questionsById.get(row.id) ?? []);
  serialized.set(ordered, JSON.stringify(ordered));
  return {
    version: rows[0]?.version ?? '0:',
    questionIds: rows.map((row) => row.id),
    questions: questionsById,
    ordered,
    key,
  };
}

// Every new attempt at a paper shows the same questions: they are turned into JSON once, when read.
const serialized = new WeakMap<readonly ExamQuestion[], string>();

/** The JSON of a paper's questions in stored order, if `questions` is that list as the paper cache holds it. */
export function serializedQuestions(questions: readonly ExamQuestion[]): string | undefined {
  return serialized.get(questions);
}

/** The ids of every question in a subject, across all its bank papers: the pool of the daily test. */
export async function subjectQuestionIds(db: Executor, subjectId: string): Promise<string[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .innerJoin(papers, eq(papers.id, questions.paperId))
    .where(and(eq(papers.subjectId, subjectId), bankPaper));
  return rows.map((row) => row.id);
}

/** Questions with their options, in the order of `ids`, stripped of anything that gives the answer away. */
export async function loadExamQuestions(db: Executor, ids: readonly string[]): Promise<ExamQuestion[]> {
  if (ids.length === 0) return [];
  const [questionRows, optionRows] = await Promise.all([
    db
      .select({
        id: questions.id,
        passage: questions.passageHtml,
        html: questions.questionHtml,
        type: questions.questionType,
        fileUrl: questions.fileUrl,
      })
      .from(questions)
      .where(inArray(questions.id, [...ids])),
    db
      .select({
        id: options.id,
        questionId: options.questionId,
        html: options.optionHtml,
        type: options.optionType,
        fileUrl: options.fileUrl,
      })
      .from(options)
      .where(inArray(options.questionId, [...ids]))
      .orderBy(asc(options.questionId), asc(options.position)),
  ]);
  const byId = new Map(questionRows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      examQuestionOf(
        row,
        optionRows.filter((option) => option.questionId === id),
      ),
    ];
  });
}

/** The answer key of some questions: for each, its options, which is right, and the explanation. */
export async function loadAnswerKey(db: Executor, ids: readonly string[]) {
  const key = new Map<string, AnswerKeyEntry>();
  if (ids.length === 0) return key;
  // One query: each question's row repeats beside each of its options.
  const rows = await db
    .select({
      id: questions.id,
      passage: questions.passageHtml,
      html: questions.questionHtml,
      explanation: questions.explanationHtml,
      optionId: options.id,
      optionHtml: options.optionHtml,
      isCorrect: options.isCorrect,
    })
    .from(questions)
    .leftJoin(options, eq(options.questionId, questions.id))
    // The ids as one JSON parameter keep the text the same for any number of them: a prepared statement.
    .where(
      sql`${questions.id} in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`,
    )
    .orderBy(asc(options.position))
    .prepare('answer_key')
    .execute();
  for (const row of rows) {
    let entry = key.get(row.id);
    if (!entry) {
      entry = { passage: row.passage, question: row.html, explanation: row.explanation, options: [] };
      key.set(row.id, entry);
    }
    if (row.optionId !== null && row.optionHtml !== null && row.isCorrect !== null) {
      entry.options.push({ id: row.optionId, html: row.optionHtml, isCorrect: row.isCorrect });
    }
  }
  return key;
}

export interface AnswerKeyEntry {
  /** '' when the question has no passage. */
  passage: string;
  question: string;
  explanation: string;
  options: { id: string; html: string; isCorrect: boolean }[];
}
