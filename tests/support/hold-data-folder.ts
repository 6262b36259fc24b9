// Holds an embedded database folder as the app does, for tests of what other processes may do meanwhile:
//   tsx tests/support/hold-data-folder.ts <PGlite folder> [--open]
// It prints "ready <pid>" once it holds the folder (with --open, once the database is open and migrated) and
// lets it go when its standard input ends.
import { openDatabase } from '../../src/server/db/client.ts';
import { lockDataFolder } from '../../src/server/db/data-folder-lock.ts';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir) throw new Error('Usage: tsx tests/support/hold-data-folder.ts <PGlite folder> [--open]');

let release: () => Promise<void>;
if (mode === '--open') {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  release = handle.close;
} else {
  const unlock = lockDataFolder(dataDir);
  release = async () => unlock();
}
// Its own pid: tsx runs the script in a child of the process that started it.
process.stdout.write(`ready ${process.pid}\n`);
process.stdin.resume();
await new Promise((resolve) => process.stdin.once('end', resolve));
await release();
