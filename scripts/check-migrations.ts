// Fails when src/server/db/schema.ts and the committed migrations disagree: drizzle-kit generates into a
// scratch copy of the migrations folder, and any new file there is a migration someone forgot to generate
// (`npm run db:generate`). Run by `npm run check`.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const MIGRATIONS = 'src/server/db/migrations';
// drizzle-kit reads --out relative to the working directory, so the scratch copy lives inside the project,
// in a folder git ignores.
const SCRATCH = join('node_modules', '.cache', `migrations-check-${process.pid}`);

/** Every file under a folder, as paths relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

function generateInto(out: string) {
  // No terminal to answer a prompt (a rename drizzle-kit cannot tell from a drop and an add): it fails.
  return spawnSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/server/db/schema.ts',
      '--out',
      out,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
}

function main(): number {
  const out = join(SCRATCH, 'migrations');
  mkdirSync(SCRATCH, { recursive: true });
  try {
    cpSync(MIGRATIONS, out, { recursive: true });
    const before = new Set(filesUnder(out));
    const run = generateInto(`./${out}`);
    const added = filesUnder(out).filter((file) => !before.has(file));
    // drizzle-kit exits with 0 even when it fails to read the folder: its output says how it went.
    const failed = run.status !== 0 || /error/i.test(run.stderr) || !/No schema changes/.test(run.stdout);
    if (added.length === 0 && !failed) return 0;
    console.error(`${run.stdout}\n${run.stderr}`);
    console.error(
      added.length > 0
        ? `schema.ts and the migrations disagree: drizzle-kit would add ${added.join(', ')}. Run npm run db:generate.`
        : 'drizzle-kit could not compare schema.ts with the migrations (output above).',
    );
    return 1;
  } finally {
    rmSync(SCRATCH, { recursive: true, force: true });
  }
}

process.exit(main());
