import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { contests, examTypes, options, papers, questions, subjects, years } from '../../db/schema.ts';
import { chunks } from '../bank/import-stored.ts';
import { slugify } from '../bank/normalize.ts';
import type { Problem } from '../bank/types.ts';
import { RuleError } from '../errors.ts';
import {
  type CatalogueNames,
  type ContestDraft,
  ContestFileError,
  contestKey,
  readContestFile,
} from './contest-file.ts';

/** What scheduling a contest created (or, for a dry run, would create). */
export interface ScheduleSummary {
  dryRun: boolean;
  contestId: string;
  key: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  entryFee: number;
  maxEntrants: number;
  examType: string;
  subject: string;
  year: number;
  yearAdded: boolean;
  levels: { minutes: number; questions: number }[];
  prizes: { place: number; coins: number }[];
  sponsoredPrize: string | null;
}

/** Refused: the file's contest (same title and start) already exists. */
export class ContestExistsError extends RuleError {
  readonly contestId: string;
  constructor(contestId: string, title: string) {
    super(
      'conflict',
      `This contest already exists as ${contestId} ("${title}", same title and start); nothing was saved. To run it again, change its start.`,
    );
    this.contestId = contestId;
  }
}

class DryRunRollback extends Error {
  readonly summary: ScheduleSummary;
  constructor(summary: ScheduleSummary) {
    super('dry run');
    this.summary = summary;
  }
}

// Batches for the multi-row inserts: well under the parameter limit for a 5 x 100 question contest.
const QUESTION_BATCH = 200;
const OPTION_BATCH = 500;

const westAfricaYear = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Africa/Lagos' });

/** The exam type and subject the names match by slug, with a located problem for each one missing. */
export async function matchCatalogue(
  db: Executor,
  names: CatalogueNames,
): Promise<{ examTypeId?: string; subjectId?: string; problems: Problem[] }> {
  const [examType] = await db
    .select({ id: examTypes.id })
    .from(examTypes)
    .where(eq(examTypes.slug, slugify(names.examType)));
  const [subject] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(eq(subjects.slug, slugify(names.subject)));
  const problems: Problem[] = [];
  if (!examType) {
    problems.push({
      ...names.locate(['examType']),
      message: `examType "${names.examType}" is not in the catalogue: use an exam type the bank already has (npm run bank:stats lists them)`,
    });
  }
  if (!subject) {
    problems.push({
      ...names.locate(['subject']),
      message: `subject "${names.subject}" is not in the catalogue: use a subject the bank already has (npm run bank:stats lists them)`,
    });
  }
  return { examTypeId: examType?.id, subjectId: subject?.id, problems };
}

async function existingContest(db: Executor, key: string) {
  const [row] = await db
    .select({ id: contests.id, title: contests.title })
    .from(contests)
    .where(eq(contests.key, key));
  return row;
}

/** Finds the start's year in the catalogue, or creates it. */
async function ensureYear(tx: Transaction, year: number): Promise<{ id: string; added: boolean }> {
  const [inserted] = await tx
    .insert(years)
    .values({ year, title: String(year) })
    .onConflictDoNothing({ target: years.year })
    .returning({ id: years.id });
  if (inserted) return { id: inserted.id, added: true };
  const [row] = await tx.select({ id: years.id }).from(years).where(eq(years.year, year));
  if (!row) throw new Error(`Year ${year} was neither found nor created`);
  return { id: row.id, added: false };
}

/** Writes the contest, its paper, questions and options inside the caller's transaction. */
async function writeContest(
  tx: Transaction,
  draft: ContestDraft,
  key: string,
  catalogue: { examTypeId: string; subjectId: string },
  now: Date,
): Promise<ScheduleSummary> {
  const contestId = randomUUID();
  const levels = draft.levels.map((level) => ({
    minutes: level.minutes,
    questions: level.questions.map((question) => ({ id: randomUUID(), question })),
  }));
  const totalMinutes = levels.reduce((sum, level) => sum + level.minutes, 0);
  const endsAt = new Date(draft.startsAt.getTime() + totalMinutes * 60_000);
  await tx.insert(contests).values({
    id: contestId,
    title: draft.title,
    description: draft.description,
    examTypeId: catalogue.examTypeId,
    subjectId: catalogue.subjectId,
    startsAt: draft.startsAt,
    endsAt,
    entryFee: draft.entryFee,
    maxEntrants: draft.maxEntrants,
    levels: levels.map((level) => ({
      minutes: level.minutes,
      questionIds: level.questions.map((question) => question.id),
    })),
    prizes: draft.prizes,
    sponsoredPrize: draft.sponsoredPrize,
    key,
    createdAt: now,
  });
  const year = Number(westAfricaYear.format(draft.startsAt));
  const yearRow = await ensureYear(tx, year);
  const [paper] = await tx
    .insert(papers)
    .values({
      ...catalogue,
      yearId: yearRow.id,
      duration: totalMinutes,
      contestId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: papers.id });
  if (!paper) throw new Error('The contest paper was not created');

  const questionRows: (typeof questions.$inferInsert)[] = [];
  const optionRows: (typeof options.$inferInsert)[] = [];
  levels
    .flatMap((level) => level.questions)
    .forEach(({ id, question }, position) => {
      // Prefixed with the contest's key: the same question in two contests is two reserved questions.
      questionRows.push({
        id,
        key: `${key}:${question.key}`,
        paperId: paper.id,
        position,
        questionHtml: question.question.html,
        questionSource: question.question.source,
        passageHtml: question.passage.html,
        passageSource: question.passage.source,
        questionType: question.questionType,
        fileUrl: question.fileUrl,
        topic: question.topic,
        explanationHtml: question.explanation.html,
        explanationSource: question.explanation.source,
        createdAt: now,
        updatedAt: now,
      });
      question.options.forEach((option, index) => {
        optionRows.push({
          questionId: id,
          position: index,
          optionHtml: option.option.html,
          optionSource: option.option.source,
          optionType: option.optionType,
          fileUrl: option.fileUrl,
          isCorrect: index === question.answer,
        });
      });
    });
  for (const batch of chunks(questionRows, QUESTION_BATCH)) await tx.insert(questions).values(batch);
  for (const batch of chunks(optionRows, OPTION_BATCH)) await tx.insert(options).values(batch);

  return {
    dryRun: false,
    contestId,
    key,
    title: draft.title,
    startsAt: draft.startsAt,
    endsAt,
    entryFee: draft.entryFee,
    maxEntrants: draft.maxEntrants,
    examType: draft.examType,
    subject: draft.subject,
    year,
    yearAdded: yearRow.added,
    levels: levels.map((level) => ({ minutes: level.minutes, questions: level.questions.length })),
    prizes: draft.prizes,
    sponsoredPrize: draft.sponsoredPrize,
  };
}

/** Options of scheduleContest. */
export interface ScheduleOptions {
  /** Check everything and report what would be created, then roll back. */
  dryRun?: boolean;
  now: Date;
  /** The contest's identity; by default contestKey(title, start). The sample contest passes its own. */
  key?: string;
}

/**
 * Schedules a valid contest file in one transaction: the contest row, its own paper (matched to the
 * catalogue's exam type and subject, in the start's year) and its reserved questions. Throws a
 * ContestFileError when the catalogue lacks a name, and ContestExistsError when the file was already created.
 */
export async function scheduleContest(
  db: Database,
  draft: ContestDraft,
  config: ScheduleOptions,
): Promise<ScheduleSummary> {
  const key = config.key ?? contestKey(draft.title, draft.startsAt);
  try {
    return await db.transaction(async (tx) => {
      const existing = await existingContest(tx, key);
      if (existing) throw new ContestExistsError(existing.id, existing.title);
      const match = await matchCatalogue(tx, draft);
      if (!match.examTypeId || !match.subjectId) throw new ContestFileError(match.problems);
      const summary = await writeContest(
        tx,
        draft,
        key,
        { examTypeId: match.examTypeId, subjectId: match.subjectId },
        config.now,
      );
      if (config.dryRun) throw new DryRunRollback({ ...summary, dryRun: true });
      return summary;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.summary;
    // Another editor (or instance) created the same file between the check and the insert.
    if (isUniqueViolation(error)) {
      const existing = await existingContest(db, key);
      if (existing) throw new ContestExistsError(existing.id, existing.title);
    }
    throw error;
  }
}

/**
 * Reads, checks and schedules a contest file (npm run contests -- create). Every problem of the file, and a
 * catalogue name that does not exist, is reported at once in a ContestFileError, and nothing is saved.
 */
export async function createContestFromFile(
  db: Database,
  path: string,
  config: ScheduleOptions & { cwd?: string },
): Promise<ScheduleSummary> {
  const check = await readContestFile(path, config.now, config.cwd);
  const problems = [...check.problems];
  if (check.catalogue) problems.push(...(await matchCatalogue(db, check.catalogue)).problems);
  // In the order of the file, so an editor fixes them top to bottom.
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (!check.draft || problems.length > 0) throw new ContestFileError(problems);
  return scheduleContest(db, check.draft, config);
}

/** A refusal worded for the command line, for the errors scheduling and cancelling throw. */
export const isContestRefusal = (error: unknown): error is RuleError =>
  error instanceof RuleError &&
  (error.kind === 'conflict' || error.kind === 'not-found' || error.kind === 'refused');
