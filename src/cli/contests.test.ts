import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { lineOf } from '../../tests/support/bank-files.ts';
import { contestObject, writeContestFile } from '../../tests/support/contest-file-fixture.ts';

const exec = promisify(execFile);

/** `npm run contests -- ...args` on the embedded database under `dataDir`: its exit code and output. */
async function contests(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await exec('node_modules/.bin/tsx', ['src/cli/contests.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run contests', () => {
  it('answers --help, and a wrong command with exit 2 before opening the database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'contests-cli-'));
    try {
      const help = await contests(dataDir, '--help');
      expect(help).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('create <file.json> [--dry-run]'),
      });
      expect(await contests(dataDir)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Unknown command'),
      });
      expect(await contests(dataDir, 'cancel', 'not-an-id')).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('"not-an-id" is not a contest id'),
      });
      expect(await contests(dataDir, 'list', '--dry-run')).toMatchObject({ code: 2 });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('lists a file’s problems one a line with file and line, exits 1, and saves nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'contests-cli-'));
    try {
      // The folder holds the file; the command names it as given.
      const path = join(dataDir, 'saturday.json');
      const text = await writeContestFile(dataDir, 'saturday.json', {
        ...contestObject('2020-12-05T10:00:00+01:00'),
        entryFee: -5,
      });
      const created = await contests(dataDir, 'create', path);
      expect(created.code).toBe(1);
      const lines = created.stderr.trim().split('\n');
      expect(lines[0]).toMatch(/has 4 problem\(s\); nothing was saved/);
      const at = (field: string) => `saturday.json, line ${lineOf(text, `"${field}"`)} (${field}): `;
      expect(lines.slice(1)).toEqual([
        expect.stringContaining(`${at('startsAt')}startsAt is in the past`),
        expect.stringContaining(`${at('entryFee')}entryFee must be at least 0`),
        // The catalogue of a fresh database is empty: the exam type and subject are named too.
        expect.stringContaining(`${at('examType')}examType "WAEC" is not in the catalogue`),
        expect.stringContaining(`${at('subject')}subject "Mathematics" is not in the catalogue`),
      ]);
      expect(await contests(dataDir, 'list')).toMatchObject({ code: 0, stdout: 'No contests yet.\n' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
