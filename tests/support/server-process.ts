import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
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

/** Builds the app with `astro build` unless `dist/server/entry.mjs` is already there. */
export async function ensureBuilt(): Promise<void> {
  if (existsSync('dist/server/entry.mjs')) return;
  const output: string[] = [];
  // Vitest sets NODE_ENV=test, which would make Vite bundle development builds of React.
  const build = spawn('npx', ['astro', 'build'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  build.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  build.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const code = await new Promise<number | null>((resolve) => build.on('close', resolve));
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
