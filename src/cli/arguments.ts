import { parseArgs } from 'node:util';

/**
 * The arguments of a command that writes data and can rehearse it: positionals, `--dry-run` and `--help`.
 * A flag the command does not know prints the problem and the usage to stderr and gives `undefined`, so that
 * the command exits with status 2 before it opens a database.
 */
export function readDryRunArguments(usage: string) {
  try {
    return parseArgs({
      options: { 'dry-run': { type: 'boolean' }, help: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    return undefined;
  }
}
