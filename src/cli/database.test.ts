import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { holdDataFolder } from '../../tests/support/data-folder-holder.ts';
import { openDatabase } from '../server/db/client.ts';
import { lockFilePath } from '../server/db/data-folder-lock.ts';
import { users } from '../server/db/schema.ts';

const run = promisify(execFile);
const PHONE = '08030000011';

/** `npm run admin:create` on the embedded database under `dataDir`, with the password on standard input. */
function createAdmin(dataDir: string) {
  const child = run(
    'node_modules/.bin/tsx',
    [
      'src/cli/create-admin.ts',
      '--first',
      'Ada',
      '--last',
      'Obi',
      '--email',
      'ada@example.com',
      '--phone',
      PHONE,
    ],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
  );
  child.child.stdin?.end('long-admin-password\n');
  return child;
}

async function admins(pgliteDir: string) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    return await handle.db.select({ id: users.id }).from(users).where(eq(users.telephone, PHONE));
  } finally {
    await handle.close();
  }
}

describe('staff commands on the embedded database', () => {
  it('refuse while the app holds it, say how to run them, and write nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'staff-command-lock-'));
    const pgliteDir = join(dataDir, 'pglite');
    try {
      // Opened and migrated as the app's start-up does.
      const app = await holdDataFolder(pgliteDir, { open: true });
      try {
        const refusal = {
          code: 1,
          stdout: expect.not.stringContaining('Created admin'),
          stderr: expect.stringMatching(
            new RegExp(
              `is open in process ${app.pid} .*Stop the app .*or set DATABASE_URL to a PostgreSQL server`,
            ),
          ),
        };
        await expect(createAdmin(dataDir)).rejects.toMatchObject(refusal);
        // A command that only reads is refused too: its close would write the folder back all the same.
        await expect(
          run('node_modules/.bin/tsx', ['src/cli/bank-stats.ts'], {
            env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          }),
        ).rejects.toMatchObject({ ...refusal, stdout: '' });
      } finally {
        await app.release();
      }
      expect(existsSync(lockFilePath(pgliteDir))).toBe(false);
      // Without the lock the command said "Created admin" and the app's shutdown then wrote over it.
      expect(await admins(pgliteDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
