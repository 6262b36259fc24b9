// Calibrates the questions for the predicted UTME score: `npm run bank:calibrate -- [options]`.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Database } from '../server/db/client.ts';
import { findSubject, runCalibration } from '../server/services/prediction/calibration.ts';
import { describeMisfits, storedMisfits } from '../server/services/prediction/calibration-misfits.ts';
import {
  misfitSection,
  misfitsCsv,
  RUN_LEGEND,
  savedLine,
  subjectLine,
} from '../server/services/prediction/calibration-report.ts';
import { FIT_RULES } from '../server/services/prediction/irt.ts';
import { openCommandDatabase } from './database.ts';

const USAGE = `Usage: npm run bank:calibrate -- [--subject <name>] [--dry-run] [--misfits] [--csv <file>]

Calibrates the questions of each subject (or one) from each student's first answer to them, given before
they saw the key, and saves their difficulty, discrimination and fit for the predicted UTME score. Prints,
per subject, the students, questions and answers it learnt from and whether the model converged, then the
questions that fit the model badly (infit or outfit outside ${FIT_RULES.low}–${FIT_RULES.high}, with at least ${FIT_RULES.minAnswers} answers), with a hint.

  --subject <name>   only this subject (Mathematics, use-of-english)
  --dry-run          calibrate and report, but save nothing
  --misfits          calibrate nothing: list the questions that fit badly in the saved parameters
  --csv <file>       also write the questions that fit badly as CSV for a spreadsheet
  --help             show this help

The app calibrates once a day by itself; one calibration runs at a time, anywhere. It reads the app's
database (DATABASE_URL, or the embedded one under DATA_DIR). See docs/prediction.md, "Calibration".`;

function fail(message: string): number {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  return 2;
}

function readArguments() {
  return parseArgs({
    options: {
      subject: { type: 'string' },
      'dry-run': { type: 'boolean' },
      misfits: { type: 'boolean' },
      csv: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
}

async function main(): Promise<number> {
  let values: ReturnType<typeof readArguments>['values'];
  try {
    values = readArguments().values;
  } catch (error) {
    return fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.misfits && values['dry-run']) {
    return fail('--misfits reads the saved parameters and calibrates nothing: leave out --dry-run');
  }
  if (values.subject !== undefined && values.subject.trim() === '') return fail('--subject needs a name');
  if (values.csv !== undefined && values.csv.trim() === '') return fail('--csv needs a file name');

  const handle = await openCommandDatabase();
  try {
    let subjectId: string | undefined;
    if (values.subject !== undefined) {
      const subject = await findSubject(handle.db, values.subject);
      if (!subject) {
        process.stderr.write(`No subject "${values.subject}" in the catalogue.\n`);
        return 1;
      }
      subjectId = subject.id;
    }
    return await (values.misfits
      ? listStoredMisfits(handle.db, subjectId, values.csv)
      : calibrateAndReport(handle.db, { subjectId, dryRun: Boolean(values['dry-run']), csv: values.csv }));
  } finally {
    await handle.close();
  }
}

async function calibrateAndReport(
  db: Database,
  options: { subjectId?: string; dryRun: boolean; csv?: string },
): Promise<number> {
  process.stdout.write(`${RUN_LEGEND.join('\n')}\n`);
  const outcome = await runCalibration(db, {
    now: () => new Date(),
    subjectId: options.subjectId,
    dryRun: options.dryRun,
    onSubject: (subject) => {
      process.stdout.write(`${subjectLine(subject)}\n`);
    },
  });
  if (outcome.status !== 'done') {
    process.stderr.write(
      'Another calibration is running (the app’s daily one, or another command): nothing was done. Try again when it ends.\n',
    );
    return 1;
  }
  const { report } = outcome;
  const misfits = await describeMisfits(
    db,
    report.subjects.flatMap((subject) => subject.items),
  );
  const lines = report.subjects.length > 0 ? ['', ...misfitSection(misfits)] : [];
  process.stdout.write(`${[...lines, '', savedLine(report)].join('\n')}\n`);
  if (options.csv) await writeCsv(options.csv, misfits);
  return 0;
}

async function listStoredMisfits(db: Database, subjectId: string | undefined, csv: string | undefined) {
  const { misfits, calibratedAt } = await storedMisfits(db, subjectId);
  if (!calibratedAt) {
    process.stdout.write('No calibration has finished yet: run npm run bank:calibrate first.\n');
    return 0;
  }
  const when = `The saved parameters (latest calibration finished ${calibratedAt.toISOString()}).`;
  process.stdout.write(`${[when, '', ...misfitSection(misfits)].join('\n')}\n`);
  if (csv) await writeCsv(csv, misfits);
  return 0;
}

async function writeCsv(path: string, misfits: Parameters<typeof misfitsCsv>[0]) {
  await writeFile(path, misfitsCsv(misfits));
  process.stdout.write(`Wrote ${path}\n`);
}

process.exitCode = await main();
