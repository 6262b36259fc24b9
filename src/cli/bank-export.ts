// Writes the question bank to a folder in the native JSON format: `npm run bank:export -- <folder>`.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportBank } from '../server/services/bank/export.ts';
import { openCommandDatabase } from './database.ts';

const USAGE = `Usage: npm run bank:export -- <folder>

Writes every paper of the bank as <folder>/<exam-type>/<subject>-<year>.json, in the format that
npm run bank:import reads, so an export can be edited and imported again. Existing files with the
same names are overwritten; other files are left alone. See docs/question-bank.md.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { help: { type: 'boolean' } },
    allowPositionals: true,
  });
  const [folder] = positionals;
  if (values.help || !folder || positionals.length > 1) {
    (values.help ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const handle = await openCommandDatabase();
  try {
    const result = await exportBank(handle.db, resolve(folder));
    process.stdout.write(
      `Exported ${result.papers} paper(s) and ${result.questions} question(s) to ${folder}\n`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
