import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import postgres from 'postgres';

/** A TCP port that was free a moment ago, for a server started by a test or a benchmark. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const BUILT = 'dist/server/entry.mjs';
// What `astro build` reads: a change to any of them makes dist/ stale. (The API in src/server is loaded
// from source by server.mjs, but it lives under src/ too, so it is counted; a needless rebuild is safe.)
const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json'];
const BUILD_LOCK = 'tests/.tmp/build.lock';

/** The newest modification time among the files at `path`, recursively. */
function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stats.mtimeMs,
  );
}

/** True when dist/ holds a build at least as new as every source it was built from. */
export function isBuildFresh(): boolean {
  if (!existsSync(BUILT)) return false;
  const builtAt = statSync(BUILT).mtimeMs;
  return BUILD_INPUTS.every((input) => newestChange(input) <= builtAt);
}

/**
 * Builds the app with `astro build` unless dist/ is already newer than its sources, so a test never runs
 * stale code. Test files that start servers at once take turns: one builds, the others wait for it.
 */
export async function ensureBuilt(): Promise<void> {
  mkdirSync('tests/.tmp', { recursive: true });
  for (;;) {
    if (isBuildFresh()) return;
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      // A lock left by a run that was killed while building is taken over after ten minutes.
      const lockedAt = statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - lockedAt > 600_000) {
        rmSync(BUILD_LOCK, { recursive: true, force: true });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (!isBuildFresh()) await build();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

async function build(): Promise<void> {
  const output: string[] = [];
  // Vitest sets NODE_ENV=test, which would make Vite bundle development builds of Preact.
  const child = spawn('npx', ['astro', 'build'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`astro build failed (${code}):\n${output.join('').slice(-4000)}`);
}

/** A new, empty database on the PostgreSQL server at `serverUrl`, and the way to drop it. */
export async function createDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A running `node server.mjs`: its origin, the tail of its output, and how it ended. */
export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops the server with SIGTERM (or the given signal) and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts the built server (`node server.mjs`, or another script that reads PORT and HOST) on a free loopback
 * port with `environment` added to this process's, and waits until it prints that it is ready (server.mjs
 * checks its own health endpoint first).
 */
export async function startServer(
  environment: Record<string, string>,
  { timeoutMs = 120_000, script = 'server.mjs' }: { timeoutMs?: number; script?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  while (!output.includes('is ready at')) {
    if (ended) throw new Error(`the server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (!ended) child.kill(signal);
      await exited;
    },
  };
}
