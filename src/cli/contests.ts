// Editors' contests: `npm run contests -- create <file.json> [--dry-run] | list | cancel <id> | report <id>`.
import { formatProblem } from '../server/services/bank/types.ts';
import { ContestFileError } from '../server/services/contests/contest-file.ts';
import { fairPlayReport } from '../server/services/contests/fair-play.ts';
import { cancelContest, formatWat, listContests } from '../server/services/contests/manage.ts';
import {
  createContestFromFile,
  isContestRefusal,
  type ScheduleSummary,
} from '../server/services/contests/schedule.ts';
import { readDryRunArguments } from './arguments.ts';
import { openCommandDatabase } from './database.ts';

const USAGE = `Usage: npm run contests -- <command>

  create <file.json> [--dry-run]   check a contest file and schedule the contest; any problem is listed
                                   with its file and line, and nothing is saved. --dry-run checks
                                   everything and prints what would be created, saving nothing.
  list                             every contest: id, title, start (West Africa Time), status,
                                   entrants / places, entry fee
  cancel <id>                      cancel a contest that has not finished and refund every entry fee
  report <id>                      the fair-play report: near-identical answer pairs, shared addresses
  --help                           show this help

See docs/contests.md.`;

const MAX_PROBLEMS_SHOWN = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const coins = (count: number) => (count === 0 ? 'free' : `${count} coin${count === 1 ? '' : 's'}`);

function summaryLines(summary: ScheduleSummary): string[] {
  const questions = summary.levels.reduce((sum, level) => sum + level.questions, 0);
  return [
    summary.dryRun
      ? 'Dry run: nothing was saved. This would be created:'
      : `Contest created: ${summary.contestId}`,
    `Title       ${summary.title}`,
    `Starts      ${formatWat(summary.startsAt)}`,
    `Ends        ${formatWat(summary.endsAt)}`,
    `Entry fee   ${coins(summary.entryFee)}, at most ${summary.maxEntrants} entrants`,
    `Paper       ${summary.examType} ${summary.subject} ${summary.year}${summary.yearAdded ? ' (new year in the catalogue)' : ''}, ${questions} reserved question(s)`,
    ...summary.levels.map(
      (level, index) => `Level ${index + 1}     ${level.minutes} min, ${level.questions} question(s)`,
    ),
    `Prizes      ${summary.prizes.length ? summary.prizes.map((prize) => `${prize.place}: ${coins(prize.coins)}`).join(', ') : 'none'}`,
    ...(summary.sponsoredPrize ? [`Sponsored   ${summary.sponsoredPrize} (first place)`] : []),
  ];
}

/** Runs one subcommand; returns the exit code. */
async function run(command: string, args: string[], dryRun: boolean): Promise<number> {
  const handle = await openCommandDatabase();
  const now = new Date();
  try {
    if (command === 'create') {
      const summary = await createContestFromFile(handle.db, args[0] ?? '', { dryRun, now });
      process.stdout.write(`${summaryLines(summary).join('\n')}\n`);
    } else if (command === 'list') {
      const rows = await listContests(handle.db, now);
      const lines = rows.map(
        (row) =>
          `${row.id}  ${row.startsAtWat}  ${row.status.padEnd(9)}  ${`${row.entrants}/${row.maxEntrants}`.padStart(13)}  ${coins(row.entryFee).padEnd(9)}  ${row.title}`,
      );
      process.stdout.write(`${rows.length ? lines.join('\n') : 'No contests yet.'}\n`);
    } else if (command === 'cancel') {
      const summary = await cancelContest(handle.db, args[0] ?? '', now);
      process.stdout.write(
        `Cancelled "${summary.title}" (${summary.id}). Refunded ${summary.refunded} entr${summary.refunded === 1 ? 'y' : 'ies'}, ${summary.coins} coin(s) in all.\n`,
      );
    } else {
      const report = await fairPlayReport(handle.db, args[0] ?? '');
      process.stdout.write(`${report.lines.join('\n')}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof ContestFileError) {
      const shown = error.problems.slice(0, MAX_PROBLEMS_SHOWN).map(formatProblem);
      const more = error.problems.length - shown.length;
      process.stderr.write(
        `${[
          `The contest file has ${error.problems.length} problem(s); nothing was saved. Fix them and run it again:`,
          ...shown,
          ...(more > 0 ? [`... and ${more} more`] : []),
        ].join('\n')}\n`,
      );
      return 1;
    }
    if (isContestRefusal(error)) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  const parsed = readDryRunArguments(USAGE);
  if (!parsed) return 2;
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, ...args] = parsed.positionals;
  const dryRun = Boolean(parsed.values['dry-run']);
  const wanted: Record<string, number> = { create: 1, list: 0, cancel: 1, report: 1 };
  const problem =
    command === undefined || wanted[command] === undefined
      ? `Unknown command${command ? ` "${command}"` : ''}.`
      : args.length !== wanted[command]
        ? `"${command}" takes ${wanted[command] === 0 ? 'no argument' : 'one argument'}.`
        : dryRun && command !== 'create'
          ? '--dry-run applies to create only.'
          : (command === 'cancel' || command === 'report') && !UUID.test(args[0] ?? '')
            ? `"${args[0]}" is not a contest id: npm run contests -- list shows them.`
            : undefined;
  if (problem) {
    process.stderr.write(`${problem}\n\n${USAGE}\n`);
    return 2;
  }
  return run(command ?? '', args, dryRun);
}

process.exitCode = await main();
