import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { miskeyedPaper } from '../../tests/support/calibration-fixture.ts';
import { openDatabase } from '../server/db/client.ts';
import { calibrationRuns, itemParameters, subjects } from '../server/db/schema.ts';

const exec = promisify(execFile);

/** `npm run bank:calibrate -- ...args` on the embedded database under `dataDir`: its exit code and output. */
async function calibrateCommand(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await exec('node_modules/.bin/tsx', ['src/cli/bank-calibrate.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The miskeyed Mathematics paper (calibration-fixture.ts), with the slug the import gives the title. */
async function seedBank(pgliteDir: string) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    const paper = await miskeyedPaper(handle.db, 'Mathematics');
    await handle.db.update(subjects).set({ slug: 'mathematics' }).where(eq(subjects.id, paper.ids.subject));
  } finally {
    await handle.close();
  }
}

async function savedRows(pgliteDir: string) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    return {
      parameters: (await handle.db.select().from(itemParameters)).length,
      runs: (await handle.db.select().from(calibrationRuns)).length,
    };
  } finally {
    await handle.close();
  }
}

const MISKEYED =
  /Mathematics \d+, question 30 \(\S+-29\), answer B\n {2}100 answers, difficulty [-\d.]+, discrimination 1\.00, infit 1\.3\d, outfit 1\.3\d\n {2}more able students get it wrong: check the key/;

describe('npm run bank:calibrate', () => {
  it('answers --help, and a wrong flag with exit 2 before opening the database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bank-calibrate-cli-'));
    try {
      const help = await calibrateCommand(dataDir, '--help');
      expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('--misfits') });
      for (const args of [['--year', '2020'], ['maths'], ['--misfits', '--dry-run'], ['--subject', ' ']]) {
        expect(await calibrateCommand(dataDir, ...args)).toMatchObject({
          code: 2,
          stdout: '',
          stderr: expect.stringContaining('Usage: npm run bank:calibrate'),
        });
      }
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('rehearses with --dry-run, saves without it, and lists the questions that fit badly', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bank-calibrate-cli-'));
    const pgliteDir = join(dataDir, 'pglite');
    const csv = join(dataDir, 'misfits.csv');
    try {
      await seedBank(pgliteDir);
      expect(await calibrateCommand(dataDir, '--subject', 'Physics')).toMatchObject({
        code: 1,
        stderr: 'No subject "Physics" in the catalogue.\n',
      });
      expect((await calibrateCommand(dataDir, '--misfits')).stdout).toBe(
        'No calibration has finished yet: run npm run bank:calibrate first.\n',
      );

      const rehearsed = await calibrateCommand(dataDir, '--dry-run', '--csv', csv);
      expect(rehearsed.code).toBe(0);
      expect(rehearsed.stdout).toMatch(
        /\nMathematics: 100 students, 30 questions, 3,000 answers; \d+ iterations, /,
      );
      expect(rehearsed.stdout).toContain('1 question(s) fit badly');
      expect(rehearsed.stdout).toMatch(MISKEYED);
      expect(rehearsed.stdout).toContain(
        'Dry run: calibrated 30 question(s) in 1 subject(s); nothing was saved.',
      );
      const rows = (await readFile(csv, 'utf8')).split('\r\n');
      expect(rows[0]).toBe(
        '\uFEFFExam type,Subject,Year,No.,Question ID,Topic,Answer,Answers,Difficulty,Discrimination,Infit,Outfit,Hint',
      );
      expect(rows[1]).toMatch(
        /^EXAM \w+,Mathematics,\d+,30,\w+-29,,B,100,[-\d.]+,1,1\.3\d*,1\.3\d*,more able/,
      );
      expect(rows).toHaveLength(3);
      expect(await savedRows(pgliteDir)).toEqual({ parameters: 0, runs: 0 });

      const saved = await calibrateCommand(dataDir, '--subject', 'mathematics');
      expect(saved).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('Saved the parameters of 30 question(s)'),
      });
      expect(await savedRows(pgliteDir)).toEqual({ parameters: 30, runs: 1 });

      const listed = await calibrateCommand(dataDir, '--misfits');
      expect(listed.stdout).toMatch(/^The saved parameters \(latest calibration finished \d{4}-/);
      expect(listed.stdout).toMatch(MISKEYED);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
