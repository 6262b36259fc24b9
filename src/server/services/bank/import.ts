import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { ensureCatalogue } from './import-catalogue.ts';
import { planChanges } from './import-plan.ts';
import { loadStored } from './import-stored.ts';
import { applyPlan } from './import-writes.ts';
import { normalizeFiles } from './normalize.ts';
import { listImportFiles, parseFiles } from './read-files.ts';
import { loadSyllabus, type Syllabus, topicWarnings } from './syllabus.ts';
import {
  BankImportError,
  type ImportProgress,
  type ImportSummary,
  type NormalizedPaper,
  type ParsedFile,
} from './types.ts';

/** Options of an import. */
export interface ImportOptions {
  /** Check everything and count the changes, then roll back. */
  dryRun?: boolean;
  /** The folder that paths are relative to, and that problems name files from. */
  cwd?: string;
  onProgress?: (progress: ImportProgress) => void;
  /** The subjects' topic lists the warnings check against; by default content/syllabus.json. */
  syllabus?: Syllabus;
}

// Serialises imports: two editors (or two instances seeding at once) never interleave their writes.
const IMPORT_LOCK = 740_233_001;

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
  const warnings = topicWarnings(normalized, config.syllabus ?? (await loadSyllabus()));
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const summary = await savePapers(tx, normalized, config);
      summary.warnings = warnings;
      summary.files = parsed.length;
      if (config.dryRun) throw new DryRunRollback(summary);
      return summary;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.summary;
    throw error;
  }
}

/** Saves validated papers: the catalogue first, then the questions the planner finds new or changed. */
async function savePapers(
  tx: Transaction,
  normalized: NormalizedPaper[],
  config: ImportOptions,
): Promise<ImportSummary> {
  const now = new Date();
  const catalogue = await ensureCatalogue(tx, normalized, now);
  const plan = planChanges(catalogue.targets, await loadStored(tx, catalogue.targets));
  await applyPlan(tx, plan, now, config.onProgress);
  return {
    dryRun: Boolean(config.dryRun),
    files: 0,
    papers: plan.papers,
    questions: plan.questions,
    examTypesAdded: catalogue.examTypesAdded,
    subjectsAdded: catalogue.subjectsAdded,
    yearsAdded: catalogue.yearsAdded,
    notes: plan.notes,
    warnings: [],
  };
}
