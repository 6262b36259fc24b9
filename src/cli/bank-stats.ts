// Item statistics of the bank's papers over students' first attempts: `npm run bank:stats -- [options]`.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { FLAG_RULES } from '../server/services/learning/item-statistics-formulas.ts';
import { bankStatistics } from '../server/services/learning/item-statistics-query.ts';
import { formatReport, toCsv } from '../server/services/learning/item-statistics-report.ts';
import { openCommandDatabase } from './database.ts';

const USAGE = `Usage: npm run bank:stats -- [--exam-type <name>] [--subject <name>] [--year <year>]
                          [--min-attempts <n>] [--online-only] [--flagged] [--csv <file>]

Prints, for each paper and question, over each student's first attempt at the paper: the attempts,
the facility index (share right), the discrimination index (correlation with the rest of the paper),
each option's share and the open reports, and flags the questions an editor should look at.

  --exam-type <name>   only this exam type (WAEC, "common entrance")
  --subject <name>     only this subject (Mathematics, civic-education)
  --year <year>        only this year's papers
  --min-attempts <n>   first attempts a question needs before it is flagged (default ${FLAG_RULES.minAttempts});
                       open reports are flagged at once
  --online-only        leave out students whose first attempt was taken offline and uploaded
  --flagged            list only the flagged questions
  --csv <file>         also write the rows as CSV for a spreadsheet
  --help               show this help

It reads the app's database (DATABASE_URL, or the embedded one under DATA_DIR). See docs/learning.md.`;

function fail(message: string): number {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  return 2;
}

/** A whole number from `min` to `max`, or undefined when the text is not one. */
function wholeNumber(text: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof readArguments>;
  try {
    parsed = readArguments();
  } catch (error) {
    return fail((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const year = values.year === undefined ? undefined : wholeNumber(values.year, 1900, 2100);
  if (values.year !== undefined && year === undefined) return fail('--year must be a year from 1900 to 2100');
  const minAttempts =
    values['min-attempts'] === undefined
      ? FLAG_RULES.minAttempts
      : wholeNumber(values['min-attempts'], 1, 1_000_000);
  if (minAttempts === undefined) return fail('--min-attempts must be a whole number from 1');
  const rules = { ...FLAG_RULES, minAttempts };
  const flagged = Boolean(values.flagged);

  const handle = await openCommandDatabase();
  try {
    const stats = await bankStatistics(
      handle.db,
      {
        examType: values['exam-type'],
        subject: values.subject,
        year,
        onlineOnly: Boolean(values['online-only']),
      },
      rules,
    );
    process.stdout.write(`${formatReport(stats, rules, flagged)}\n`);
    if (values.csv) {
      await writeFile(values.csv, toCsv(stats, flagged));
      process.stdout.write(`Wrote ${values.csv}\n`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

function readArguments() {
  return parseArgs({
    options: {
      'exam-type': { type: 'string' },
      subject: { type: 'string' },
      year: { type: 'string' },
      'min-attempts': { type: 'string' },
      'online-only': { type: 'boolean' },
      flagged: { type: 'boolean' },
      csv: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
}

process.exitCode = await main();
