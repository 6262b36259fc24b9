import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { examTypes, options, papers, questions, subjects, years } from '../../db/schema.ts';
import { LETTERS } from './input-schema.ts';
import { normalizeFiles } from './normalize.ts';
import { listImportFiles, parseFiles } from './read-files.ts';
import {
  BankImportError,
  type CatalogueName,
  type ChangeCounts,
  type ImportProgress,
  type ImportSummary,
  type NormalizedPaper,
  type NormalizedQuestion,
  type ParsedFile,
} from './types.ts';

/** Options of an import. */
export interface ImportOptions {
  /** Check everything and count the changes, then roll back. */
  dryRun?: boolean;
  /** The folder that paths are relative to, and that problems name files from. */
  cwd?: string;
  onProgress?: (progress: ImportProgress) => void;
}

// Serialises imports: two editors (or two instances seeding at once) never interleave their writes.
const IMPORT_LOCK = 740_233_001;
const QUESTION_BATCH = 500;
const OPTION_BATCH = 1000;
const LOOKUP_BATCH = 1000;

class DryRunRollback extends Error {
  readonly summary: ImportSummary;
  constructor(summary: ImportSummary) {
    super('dry run');
    this.summary = summary;
  }
}

/**
 * Imports question-bank files and folders in one transaction. Throws a BankImportError listing every
 * problem (with its file and line or row) and then changes nothing. Re-importing a file changes nothing;
 * a corrected file updates its questions in place, matched by their keys.
 */
export async function importBank(
  db: Database,
  paths: string[],
  config: ImportOptions = {},
): Promise<ImportSummary> {
  const cwd = config.cwd ?? process.cwd();
  const listing = await listImportFiles(paths, cwd);
  if (listing.problems.length > 0) throw new BankImportError(listing.problems);
  const parsed = await parseFiles(listing.files, cwd, (done, total) =>
    config.onProgress?.({ phase: 'reading', done, total }),
  );
  const summary = await importParsedFiles(db, parsed, config);
  if (listing.skipped.length > 0) {
    summary.notes.unshift(
      `Skipped ${listing.skipped.length} file(s) that are not .json, .csv, .xlsx, .txt or .aiken: ${listing.skipped.join(', ')}`,
    );
  }
  return summary;
}

/** Validates parsed files and saves them in one transaction; see importBank. */
export async function importParsedFiles(
  db: Database,
  parsed: ParsedFile[],
  config: ImportOptions = {},
): Promise<ImportSummary> {
  const { papers: normalized, problems } = normalizeFiles(parsed);
  if (problems.length > 0) throw new BankImportError(problems);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const summary = await savePapers(tx, normalized, config);
      summary.files = parsed.length;
      if (config.dryRun) throw new DryRunRollback(summary);
      return summary;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.summary;
    throw error;
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

const counts = (): ChangeCounts => ({ added: 0, updated: 0, unchanged: 0 });

/** Finds or creates the exam types or subjects named, setting an image where the import gives one. */
async function ensureNames(
  tx: Transaction,
  table: typeof examTypes | typeof subjects,
  names: CatalogueName[],
): Promise<{ ids: Map<string, string>; added: number }> {
  const wanted = new Map(names.map((name) => [name.slug, name]));
  const ids = new Map<string, string>();
  if (wanted.size === 0) return { ids, added: 0 };
  const existing = await tx
    .select({ id: table.id, slug: table.slug, imageUrl: table.imageUrl })
    .from(table)
    .where(inArray(table.slug, [...wanted.keys()]));
  for (const row of existing) {
    ids.set(row.slug, row.id);
    const imageUrl = wanted.get(row.slug)?.imageUrl;
    if (imageUrl !== undefined && imageUrl !== row.imageUrl) {
      await tx.update(table).set({ imageUrl }).where(eq(table.id, row.id));
    }
  }
  const missing = [...wanted.values()].filter((name) => !ids.has(name.slug));
  if (missing.length > 0) {
    const inserted = await tx
      .insert(table)
      .values(missing.map(({ slug, title, imageUrl }) => ({ slug, title, imageUrl: imageUrl ?? null })))
      .returning({ id: table.id, slug: table.slug });
    for (const row of inserted) ids.set(row.slug, row.id);
  }
  return { ids, added: missing.length };
}

async function ensureYears(
  tx: Transaction,
  wanted: number[],
): Promise<{ ids: Map<number, string>; added: number }> {
  const unique = [...new Set(wanted)];
  const existing = await tx
    .select({ id: years.id, year: years.year })
    .from(years)
    .where(inArray(years.year, unique));
  const ids = new Map(existing.map((row) => [row.year, row.id]));
  const missing = unique.filter((year) => !ids.has(year));
  if (missing.length > 0) {
    const inserted = await tx
      .insert(years)
      .values(missing.map((year) => ({ year, title: String(year) })))
      .returning({ id: years.id, year: years.year });
    for (const row of inserted) ids.set(row.year, row.id);
  }
  return { ids, added: missing.length };
}

type QuestionRow = Omit<typeof questions.$inferInsert, 'id' | 'key' | 'createdAt' | 'updatedAt'>;
type OptionRow = Omit<typeof options.$inferInsert, 'id' | 'questionId'>;
type StoredOption = OptionRow & { id: string; questionId: string };

function questionRow(question: NormalizedQuestion, paperId: string, position: number): QuestionRow {
  return {
    paperId,
    position,
    questionHtml: question.question.html,
    questionSource: question.question.source,
    questionType: question.questionType,
    fileUrl: question.fileUrl,
    topic: question.topic,
    explanationHtml: question.explanation.html,
    explanationSource: question.explanation.source,
  };
}

function optionRows(question: NormalizedQuestion): OptionRow[] {
  return question.options.map((option, position) => ({
    position,
    optionHtml: option.option.html,
    optionSource: option.option.source,
    optionType: option.optionType,
    fileUrl: option.fileUrl,
    isCorrect: position === question.answer,
  }));
}

const QUESTION_FIELDS = [
  'paperId',
  'position',
  'questionHtml',
  'questionSource',
  'questionType',
  'fileUrl',
  'topic',
  'explanationHtml',
  'explanationSource',
] as const satisfies (keyof QuestionRow)[];
const OPTION_FIELDS = [
  'position',
  'optionHtml',
  'optionSource',
  'optionType',
  'fileUrl',
  'isCorrect',
] as const satisfies (keyof OptionRow)[];

const sameQuestion = (a: QuestionRow, b: QuestionRow) =>
  QUESTION_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null));
const sameOption = (a: OptionRow, b: OptionRow) =>
  OPTION_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null));

async function savePapers(
  tx: Transaction,
  normalized: NormalizedPaper[],
  config: ImportOptions,
): Promise<ImportSummary> {
  const summary: ImportSummary = {
    dryRun: Boolean(config.dryRun),
    files: 0,
    papers: counts(),
    questions: counts(),
    examTypesAdded: 0,
    subjectsAdded: 0,
    yearsAdded: 0,
    notes: [],
  };
  const now = new Date();
  const examTypeIds = await ensureNames(
    tx,
    examTypes,
    normalized.map((paper) => paper.examType),
  );
  const subjectIds = await ensureNames(
    tx,
    subjects,
    normalized.map((paper) => paper.subject),
  );
  const yearIds = await ensureYears(
    tx,
    normalized.map((paper) => paper.year),
  );
  summary.examTypesAdded = examTypeIds.added;
  summary.subjectsAdded = subjectIds.added;
  summary.yearsAdded = yearIds.added;

  // Papers: find or create each, and apply a changed duration.
  const existingPapers = await tx
    .select({
      id: papers.id,
      examTypeId: papers.examTypeId,
      subjectId: papers.subjectId,
      yearId: papers.yearId,
      duration: papers.duration,
    })
    .from(papers)
    .where(inArray(papers.examTypeId, [...examTypeIds.ids.values()]));
  const paperKey = (examTypeId: string, subjectId: string, yearId: string) =>
    `${examTypeId}|${subjectId}|${yearId}`;
  const paperByKey = new Map(
    existingPapers.map((row) => [paperKey(row.examTypeId, row.subjectId, row.yearId), row]),
  );
  const targets: { paper: NormalizedPaper; id: string; isNew: boolean; changed: boolean }[] = [];
  for (const paper of normalized) {
    const examTypeId = examTypeIds.ids.get(paper.examType.slug) ?? '';
    const subjectId = subjectIds.ids.get(paper.subject.slug) ?? '';
    const yearId = yearIds.ids.get(paper.year) ?? '';
    const existing = paperByKey.get(paperKey(examTypeId, subjectId, yearId));
    if (existing) {
      const changed = paper.duration !== undefined && paper.duration !== existing.duration;
      if (changed) {
        await tx
          .update(papers)
          .set({ duration: paper.duration, updatedAt: now })
          .where(eq(papers.id, existing.id));
      }
      targets.push({ paper, id: existing.id, isNew: false, changed });
    } else {
      const [inserted] = await tx
        .insert(papers)
        .values({ examTypeId, subjectId, yearId, duration: paper.duration ?? null })
        .returning({ id: papers.id });
      targets.push({ paper, id: inserted?.id ?? '', isNew: true, changed: true });
    }
  }

  // The questions already stored: those with an incoming key, and every question of the papers touched.
  const incoming = targets.flatMap(({ paper }) => paper.questions);
  const storedByKey = new Map<string, QuestionRow & { id: string; key: string }>();
  for (const batch of chunks(
    incoming.map((question) => question.key),
    LOOKUP_BATCH,
  )) {
    const rows = await tx
      .select({
        id: questions.id,
        key: questions.key,
        paperId: questions.paperId,
        position: questions.position,
        questionHtml: questions.questionHtml,
        questionSource: questions.questionSource,
        questionType: questions.questionType,
        fileUrl: questions.fileUrl,
        topic: questions.topic,
        explanationHtml: questions.explanationHtml,
        explanationSource: questions.explanationSource,
      })
      .from(questions)
      .where(inArray(questions.key, batch));
    for (const row of rows) storedByKey.set(row.key, row);
  }
  const storedOptions = new Map<string, StoredOption[]>();
  for (const batch of chunks(
    [...storedByKey.values()].map((row) => row.id),
    LOOKUP_BATCH,
  )) {
    const rows = await tx
      .select({
        id: options.id,
        questionId: options.questionId,
        position: options.position,
        optionHtml: options.optionHtml,
        optionSource: options.optionSource,
        optionType: options.optionType,
        fileUrl: options.fileUrl,
        isCorrect: options.isCorrect,
      })
      .from(options)
      .where(inArray(options.questionId, batch))
      .orderBy(asc(options.questionId), asc(options.position));
    for (const row of rows)
      storedOptions.set(row.questionId, [...(storedOptions.get(row.questionId) ?? []), row]);
  }
  const touched = targets.filter((target) => !target.isNew).map((target) => target.id);
  const inPapers = new Map<string, { key: string; position: number }[]>();
  for (const batch of chunks(touched, LOOKUP_BATCH)) {
    const rows = await tx
      .select({ paperId: questions.paperId, key: questions.key, position: questions.position })
      .from(questions)
      .where(inArray(questions.paperId, batch))
      .orderBy(asc(questions.position), asc(questions.key));
    for (const row of rows) inPapers.set(row.paperId, [...(inPapers.get(row.paperId) ?? []), row]);
  }

  const newQuestions: (typeof questions.$inferInsert)[] = [];
  const newOptions: (typeof options.$inferInsert)[] = [];
  const changes: {
    id: string;
    row: QuestionRow;
    options: OptionRow[];
    stored: StoredOption[];
    question: NormalizedQuestion;
  }[] = [];

  for (const target of targets) {
    const { paper } = target;
    const already = inPapers.get(target.id) ?? [];
    const incomingKeys = new Set(paper.questions.map((question) => question.key));
    // An import that lists every question of a paper sets their order; a partial one (a few spreadsheet
    // rows) keeps the stored order and appends its new questions at the end.
    const positions = new Map<string, number>();
    if (already.every((row) => incomingKeys.has(row.key))) {
      paper.questions.forEach((question, index) => {
        positions.set(question.key, index);
      });
    } else {
      const storedPositions = new Map(already.map((row) => [row.key, row.position]));
      let next = Math.max(-1, ...already.map((row) => row.position)) + 1;
      for (const question of paper.questions) {
        const kept = storedPositions.get(question.key);
        positions.set(question.key, kept ?? next++);
      }
      const omitted = already.filter((row) => !incomingKeys.has(row.key)).length;
      summary.notes.push(
        `${paper.examType.title} ${paper.subject.title} ${paper.year} keeps ${omitted} stored question(s) that this import does not list; an import never deletes questions.`,
      );
    }

    let paperChanged = target.changed;
    for (const question of paper.questions) {
      const row = questionRow(question, target.id, positions.get(question.key) ?? 0);
      const rows = optionRows(question);
      const stored = storedByKey.get(question.key);
      if (!stored) {
        const id = randomUUID();
        newQuestions.push({ id, key: question.key, ...row, createdAt: now, updatedAt: now });
        for (const option of rows) newOptions.push({ ...option, questionId: id });
        summary.questions.added += 1;
        paperChanged = true;
        continue;
      }
      const storedRows = storedOptions.get(stored.id) ?? [];
      const optionsSame =
        storedRows.length === rows.length &&
        rows.every((option, index) => {
          const before = storedRows[index];
          return before !== undefined && sameOption(option, before);
        });
      if (sameQuestion(row, stored) && optionsSame) {
        summary.questions.unchanged += 1;
        continue;
      }
      changes.push({ id: stored.id, row, options: optionsSame ? [] : rows, stored: storedRows, question });
      summary.questions.updated += 1;
      paperChanged = true;
    }
    if (target.isNew) summary.papers.added += 1;
    else if (paperChanged) summary.papers.updated += 1;
    else summary.papers.unchanged += 1;
  }

  const total = newQuestions.length + changes.length;
  let done = 0;
  const report = (count: number) => {
    done += count;
    if (total > 0) config.onProgress?.({ phase: 'saving', done, total });
  };
  for (const batch of chunks(newQuestions, QUESTION_BATCH)) {
    await tx.insert(questions).values(batch);
    report(batch.length);
  }
  for (const batch of chunks(newOptions, OPTION_BATCH)) await tx.insert(options).values(batch);
  for (const change of changes) {
    await tx
      .update(questions)
      .set({ ...change.row, updatedAt: now })
      .where(eq(questions.id, change.id));
    if (change.options.length > 0) await replaceOptions(tx, change, change.options, change.stored);
    report(1);
  }
  return summary;
}

/** Updates a question's options in place by letter, so each keeps its id; extra stored ones are removed. */
async function replaceOptions(
  tx: Transaction,
  { id: questionId, question }: { id: string; question: NormalizedQuestion },
  rows: OptionRow[],
  stored: StoredOption[],
) {
  // Clear the right answer first: the unique index allows one right option at any moment.
  await tx
    .update(options)
    .set({ isCorrect: false })
    .where(and(eq(options.questionId, questionId), eq(options.isCorrect, true)));
  for (const [position, row] of rows.entries()) {
    const before = stored.find((option) => option.position === position);
    if (before) await tx.update(options).set(row).where(eq(options.id, before.id));
    else await tx.insert(options).values({ ...row, questionId });
  }
  if (!stored.some((option) => option.position >= rows.length)) return;
  try {
    await tx
      .delete(options)
      .where(and(eq(options.questionId, questionId), gte(options.position, rows.length)));
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw new BankImportError([
      {
        ...question.location,
        message: `option ${LETTERS[rows.length]} cannot be removed: students have already answered with it; keep ${stored.length} options`,
      },
    ]);
  }
}

/** True for PostgreSQL's foreign_key_violation, however the driver wraps it. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23503') return true;
  }
  return false;
}
