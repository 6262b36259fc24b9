// Imports question-bank files into the database: `npm run bank:import -- <file or folder>... [--dry-run]`.
import { importBank } from '../server/services/bank/import.ts';
import {
  BankImportError,
  type ChangeCounts,
  formatProblem,
  type Problem,
} from '../server/services/bank/types.ts';
import { readDryRunArguments } from './arguments.ts';
import { openCommandDatabase } from './database.ts';
import { createProgressBar } from './progress.ts';

const USAGE = `Usage: npm run bank:import -- <file or folder>... [--dry-run]

Imports question papers into the bank in one transaction: native JSON (.json), the spreadsheet
template (.csv, .xlsx) and Aiken (.txt, .aiken). A folder is read with its subfolders.
Any problem is listed with its file and line or row, and nothing is changed. A question with no
topic, or with a topic outside its subject's list in content/syllabus.json, is saved all the same
and listed as a warning.

  --dry-run   check the files and count what would change, without saving
  --help      show this help

See docs/question-bank.md.`;

const MAX_PROBLEMS_SHOWN = 200;
const MAX_WARNINGS_SHOWN = 50;

const line = (label: string, counts: ChangeCounts) =>
  `${label.padEnd(10)} ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged`;

/** The warnings, the first MAX_WARNINGS_SHOWN of them in full: they do not stop the import. */
function warningLines(warnings: Problem[], dryRun: boolean): string[] {
  const shown = warnings.slice(0, MAX_WARNINGS_SHOWN).map((warning) => `Warning: ${formatProblem(warning)}`);
  const more = warnings.length - shown.length;
  return [
    `${warnings.length} warning(s) about topics; the questions ${dryRun ? 'would be' : 'were'} imported all the same (see docs/learning.md, "Topics"):`,
    ...shown,
    ...(more > 0 ? [`... and ${more} more`] : []),
  ];
}

async function main(): Promise<number> {
  const parsed = readDryRunArguments(USAGE);
  if (!parsed) return 2;
  if (parsed.values.help || parsed.positionals.length === 0) {
    (parsed.values.help ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return parsed.values.help ? 0 : 2;
  }
  const dryRun = Boolean(parsed.values['dry-run']);
  const handle = await openCommandDatabase();
  const progress = createProgressBar();
  try {
    const summary = await importBank(handle.db, parsed.positionals, {
      dryRun,
      onProgress: (state) => progress.update(state),
    });
    progress.done();
    const out = [
      dryRun ? 'Dry run: nothing was saved. The import would change:' : 'Import finished.',
      `Files      ${summary.files}`,
      line('Papers', summary.papers),
      line('Questions', summary.questions),
    ];
    const catalogue = [
      summary.examTypesAdded ? `${summary.examTypesAdded} exam type(s)` : '',
      summary.subjectsAdded ? `${summary.subjectsAdded} subject(s)` : '',
      summary.yearsAdded ? `${summary.yearsAdded} year(s)` : '',
    ].filter(Boolean);
    if (catalogue.length > 0) out.push(`New        ${catalogue.join(', ')}`);
    for (const note of summary.notes) out.push(`Note: ${note}`);
    process.stdout.write(`${out.join('\n')}\n`);
    if (summary.warnings.length > 0)
      process.stderr.write(`${warningLines(summary.warnings, dryRun).join('\n')}\n`);
    return 0;
  } catch (error) {
    progress.done();
    if (!(error instanceof BankImportError)) throw error;
    const shown = error.problems.slice(0, MAX_PROBLEMS_SHOWN).map(formatProblem);
    const more = error.problems.length - shown.length;
    const lines = [
      `The import found ${error.problems.length} problem(s); nothing was changed. Fix them and run it again:`,
      ...shown,
      ...(more > 0 ? [`... and ${more} more`] : []),
    ];
    process.stderr.write(`${lines.join('\n')}\n`);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
