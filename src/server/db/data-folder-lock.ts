// One process at a time on an embedded (PGlite) database folder. PGlite keeps pages in memory and writes
// them back when it closes, so a second process on the same folder loses its writes to the first one's
// shutdown (or the other way round). The server and every staff command take this lock before opening the
// folder. It follows PostgreSQL's own postmaster.pid: a file beside the folder names the process holding it,
// and a lock whose process is gone is stale and taken over.
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

/** Thrown when another process (the app, or a staff command) has the embedded database's folder open. */
export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
}

interface LockOwner {
  pid: number;
  program: string;
  since: string;
}

/**
 * The lock files this process holds (with their text), so that it cannot open one folder twice either. Kept
 * on the process, not the module: `astro dev` evaluates server modules again when a file changes.
 */
const heldKey = Symbol.for('exam-practice.data-folder-locks');
const processState = globalThis as typeof globalThis & { [heldKey]?: Map<string, string> };
processState[heldKey] ??= new Map();
const held = processState[heldKey];

/** Gives back whatever this process still holds when it exits without closing its database. */
function releaseAllOnExit() {
  for (const [lockPath, text] of held) {
    if (readText(lockPath) === text) unlinkSync(lockPath);
  }
}

/** The lock file of a PGlite folder: beside it, since PGlite owns everything inside. */
export function lockFilePath(dataDir: string): string {
  return `${resolve(dataDir).replace(/[\\/]+$/, '')}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    return Number.isInteger(owner.pid) ? (owner as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function inUse(dataDir: string, lockPath: string, owner: LockOwner): DataFolderInUseError {
  const who =
    owner.pid === process.pid
      ? 'this process'
      : `process ${owner.pid} (${owner.program}, since ${owner.since})`;
  return new DataFolderInUseError(
    `The embedded database in ${dataDir} is open in ${who}. ` +
      'Two processes on one embedded database lose each other’s writes, so nothing was done. ' +
      'Stop the app (or wait for the other command to finish) and run this again, ' +
      'or set DATABASE_URL to a PostgreSQL server, which the app and the commands can share. ' +
      `If process ${owner.pid} is neither the app nor a command, delete ${lockPath}.`,
  );
}

/**
 * Moves a lock judged stale out of the way, unless it changed since it was read (another process took it
 * over first): then it goes back, and the next look finds its live owner.
 */
function removeStale(lockPath: string, staleText: string) {
  const aside = `${lockPath}.${process.pid}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readText(aside) !== staleText) linkSync(aside, lockPath);
  } catch {
    // A third process created a lock meanwhile: it holds the folder, and the next look says so.
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Takes the exclusive lock on a PGlite data folder, or throws DataFolderInUseError naming the process that
 * holds it. Returns the function that gives it back; a process that ends without calling it leaves a
 * stale lock, which the next one takes over.
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockPath = lockFilePath(dataDir);
  const owner: LockOwner = {
    pid: process.pid,
    program: basename(process.argv[1] ?? process.argv0),
    since: new Date().toISOString(),
  };
  if (held.has(lockPath)) throw inUse(dataDir, lockPath, owner);
  const text = `${JSON.stringify(owner)}\n`;
  // Written aside and linked into place, so that no other process ever reads a half-written lock.
  const draft = `${lockPath}.${process.pid}.new`;
  writeFileSync(draft, text);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, lockPath);
        if (held.size === 0) process.once('exit', releaseAllOnExit);
        held.set(lockPath, text);
        return () => {
          if (!held.delete(lockPath)) return;
          if (held.size === 0) process.off('exit', releaseAllOnExit);
          if (readText(lockPath) === text) unlinkSync(lockPath);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const existing = readText(lockPath);
      if (existing === undefined) continue;
      const holder = readOwner(existing);
      // Our own pid in a lock we do not hold is an earlier life of this pid: a container restarted.
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw inUse(dataDir, lockPath, holder);
      }
      removeStale(lockPath, existing);
    }
    throw new DataFolderInUseError(
      `The embedded database in ${dataDir} is being opened by other processes at this moment; try again.`,
    );
  } finally {
    unlinkSync(draft);
  }
}
