import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holdDataFolder } from '../../../tests/support/data-folder-holder.ts';
import { openDatabase } from './client.ts';
import { DataFolderInUseError, lockDataFolder, lockFilePath } from './data-folder-lock.ts';

const folders: string[] = [];

function aDataDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'data-folder-lock-'));
  folders.push(root);
  return join(root, 'pglite');
}

/** The pid of a process that has already exited. */
function aDeadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('lockDataFolder', () => {
  it('refuses a second process while the first holds the folder, naming it, and lets it in afterwards', async () => {
    const dataDir = aDataDir();
    const holder = await holdDataFolder(dataDir);
    try {
      expect(() => lockDataFolder(dataDir)).toThrow(DataFolderInUseError);
      expect(() => lockDataFolder(dataDir)).toThrow(
        new RegExp(
          `open in process ${holder.pid} \\(hold-data-folder.ts, since .*Stop the app.*DATABASE_URL`,
        ),
      );
      // The app's start-up and every staff command open the folder through openDatabase.
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataFolderInUseError);
    } finally {
      await holder.release();
    }
    expect(existsSync(lockFilePath(dataDir))).toBe(false);
    const release = lockDataFolder(dataDir);
    release();
  }, 60_000);

  it('refuses a second opening of the folder in the same process', () => {
    const dataDir = aDataDir();
    const release = lockDataFolder(dataDir);
    expect(() => lockDataFolder(dataDir)).toThrow(/open in this process/);
    release();
    expect(existsSync(lockFilePath(dataDir))).toBe(false);
    lockDataFolder(dataDir)();
  });

  it('takes over a lock left by a process that died', () => {
    const dataDir = aDataDir();
    const lockPath = lockFilePath(dataDir);
    const dead = aDeadPid();
    writeFileSync(lockPath, `${JSON.stringify({ pid: dead, program: 'server.mjs', since: 'then' })}\n`);
    const release = lockDataFolder(dataDir);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over a lock naming its own pid (a restarted container) or one it cannot read', () => {
    const dataDir = aDataDir();
    const lockPath = lockFilePath(dataDir);
    for (const text of [
      JSON.stringify({ pid: process.pid, program: 'server.mjs', since: 'then' }),
      'garbled',
    ]) {
      writeFileSync(lockPath, text);
      const release = lockDataFolder(dataDir);
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
      release();
    }
  });

  it('leaves a lock alone that another process took after this one', () => {
    const dataDir = aDataDir();
    const lockPath = lockFilePath(dataDir);
    const release = lockDataFolder(dataDir);
    const someoneElse = `${JSON.stringify({ pid: 1, program: 'server.mjs', since: 'now' })}\n`;
    writeFileSync(lockPath, someoneElse);
    release();
    expect(readFileSync(lockPath, 'utf8')).toBe(someoneElse);
  });
});
