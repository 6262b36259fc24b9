// The problems students reported in questions, for the editors (docs/learning.md).
//   npm run reports:list                          every open report, oldest first
//   npm run reports:resolve -- <report id>        marks one report resolved
//   npm run reports:resolve -- <question key>     marks every open report of that question resolved
import { parseArgs } from 'node:util';
import { QUESTION_REPORT_REASON_LABELS } from '../lib/api/reports.ts';
import { plainNote } from '../lib/validation/reports.ts';
import { listOpenReports, resolveReports } from '../server/services/question-reports.ts';
import { openCommandDatabase } from './database.ts';

const USAGE = `Usage: npm run reports:list
       npm run reports:resolve -- <report id | question key>

reports:list prints each open report: its id, when it was made (West Africa Time), the question's key,
the reason and the student's note. Fix the question in the bank's file and import it again, then
resolve its reports: by one report's id, or by the question's key to resolve all of them at once. A
student may report the question again once their report is resolved.`;

const WAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * A note on one line, with any control character shown as a space and no bidirectional control (a note
 * stored before they were stripped may hold one): it is read in a terminal.
 */
function oneLine(text: string): string {
  return plainNote(text)
    .replace(/\s+/g, ' ')
    .replace(/\p{Cc}/gu, ' ')
    .trim();
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { help: { type: 'boolean' } },
    allowPositionals: true,
  });
  const [command, target] = positionals;
  const valid =
    (command === 'list' && positionals.length === 1) || (command === 'resolve' && positionals.length === 2);
  if (values.help || !valid) {
    (values.help ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const handle = await openCommandDatabase();
  try {
    if (command === 'list') {
      const reports = await listOpenReports(handle.db);
      for (const report of reports) {
        const note = report.note ? `\t"${oneLine(report.note)}"` : '';
        process.stdout.write(
          `${report.id}\t${WAT.format(report.createdAt)}\t${report.questionKey}\t${QUESTION_REPORT_REASON_LABELS[report.reason]}${note}\n`,
        );
      }
      process.stdout.write(`${reports.length} open report(s)\n`);
      return 0;
    }
    const resolved = await resolveReports(handle.db, target ?? '', new Date());
    process.stdout.write(
      resolved > 0
        ? `Resolved ${resolved} report(s)\n`
        : `Nothing resolved: no open report has the id ${target}, and no question keyed ${target} has an open report\n`,
    );
    return resolved > 0 ? 0 : 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
