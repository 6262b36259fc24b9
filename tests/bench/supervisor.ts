// A small process supervisor for the app instances where systemd is not running (this container, a laptop).
// It does for `node server.mjs` what deploy/exam-practice@.service does in production: each instance has a
// fixed loopback port (the proxy's upstream list names it), and an instance that exits for any reason is
// started again on the same port after a second (Restart=always, RestartSec=1). Unlike systemd it remembers
// every start and every exit with the tail of the instance's output, so that a benchmark can say whether an
// instance stayed up (the same PID all along) or died and was restarted, and why.
//
// Used by `npm run bench:exam-day -- --instances N`; it also runs on its own, in the foreground until Ctrl-C,
// with the app's environment (DATABASE_URL, REDIS_URL, TRUST_PROXY, ...) taken from this shell:
//   tsx tests/bench/supervisor.ts [--instances 2] [--port 3001]   (ports 3001, 3002, ...)
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { ensureBuilt, freePort } from '../support/server-process.ts';
import { intFlag, parseFlags } from './support.ts';

/** How one run of an instance ended. */
export interface InstanceExit {
  pid: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Milliseconds since the epoch. */
  at: number;
  /** The last lines the process wrote, where a crash leaves its stack. */
  output: string;
}

/** One supervised app instance: its port, the PIDs it has had and how each run ended. */
export interface Instance {
  index: number;
  port: number;
  /** Where the proxy reaches it: 127.0.0.1:port. */
  address: string;
  /** The PID of the current run, undefined while it is down. */
  pid: () => number | undefined;
  /** Every PID this instance has had, the first one first. */
  pids: number[];
  exits: InstanceExit[];
  /** Runs started after the first one. */
  restarts: () => number;
}

/** The supervised instances, and the way to stop them all. */
export interface Supervisor {
  instances: Instance[];
  /** Stops every instance with SIGTERM (SIGKILL after 10 s) and restarts none of them. */
  stop: () => Promise<void>;
}

/** Options of superviseInstances. */
export interface SuperviseOptions {
  count: number;
  /** Added to this process's environment; PORT and HOST are set per instance. */
  environment: Record<string, string>;
  /** The first port; without it each instance gets a port that was free when it first started. */
  firstPort?: number;
  restartDelayMs?: number;
  readyTimeoutMs?: number;
  log?: (line: string) => void;
}

const READY = 'is ready at';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * The PIDs of the processes whose parent is `pid` (Linux /proc): the workers when an instance runs several
 * processes (WEB_CONCURRENCY), whose replacement the instance's own PID would not show. Empty elsewhere.
 */
export function childPids(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const children: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in field 2 may hold spaces and parentheses; the parent PID follows its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended while the directory was read.
    }
  }
  return children.sort((a, b) => a - b);
}

/**
 * Starts `count` instances of the built app (`node server.mjs`) on loopback ports, waits until each says it
 * is ready, and from then on restarts any that exits, until `stop()`.
 */
export async function superviseInstances(options: SuperviseOptions): Promise<Supervisor> {
  const { count, environment, restartDelayMs = 1000, readyTimeoutMs = 120_000, log = () => {} } = options;
  let stopping = false;
  const children = new Map<number, ChildProcess>();

  const ports: number[] = [];
  for (let index = 0; index < count; index++) {
    ports.push(options.firstPort === undefined ? await freePort() : options.firstPort + index);
  }

  const instances: Instance[] = ports.map((port, index) => {
    const pids: number[] = [];
    return {
      index,
      port,
      address: `127.0.0.1:${port}`,
      pid: () => children.get(index)?.pid,
      pids,
      exits: [],
      restarts: () => Math.max(0, pids.length - 1),
    };
  });

  /** Starts one run of an instance; resolves once it is ready, or rejects if it ends or stalls first. */
  function start(instance: Instance): Promise<void> {
    // BENCH_CPU_PROFILE=<folder> writes each run's V8 CPU profile there when it stops (open it in Chrome's
    // DevTools): where an instance's time went under the bench's load.
    const profile = process.env.BENCH_CPU_PROFILE;
    const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
    const child = spawn(process.execPath, [...nodeArgs, 'server.mjs'], {
      env: {
        ...process.env,
        ...environment,
        HOST: '127.0.0.1',
        PORT: String(instance.port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(instance.index, child);
    if (child.pid !== undefined) instance.pids.push(child.pid);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);

    let ready = false;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        children.delete(instance.index);
        instance.exits.push({ pid: child.pid ?? 0, code, signal, at: Date.now(), output });
        if (!stopping) {
          log(
            `supervisor: instance ${instance.index + 1} (pid ${child.pid}, port ${instance.port}) exited with ${signal ?? `code ${code}`}; restarting in ${restartDelayMs} ms`,
          );
          // systemd's Restart=always: a crash loop keeps being retried, a second apart, and is reported.
          setTimeout(() => {
            if (!stopping) start(instance).catch((error: Error) => log(`supervisor: ${error.message}`));
          }, restartDelayMs);
        }
        resolve();
      });
    });

    return (async () => {
      const deadline = Date.now() + readyTimeoutMs;
      let gone = false;
      void exited.then(() => {
        gone = true;
      });
      while (!output.includes(READY)) {
        if (gone) throw new Error(`instance ${instance.index + 1} exited before it was ready:\n${output}`);
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(
            `instance ${instance.index + 1} was not ready within ${readyTimeoutMs} ms:\n${output}`,
          );
        }
        await sleep(50);
      }
      ready = true;
      log(`supervisor: instance ${instance.index + 1} ready on port ${instance.port} (pid ${child.pid})`);
    })().finally(() => {
      if (!ready && !ended(child)) child.kill('SIGKILL');
    });
  }

  async function stop() {
    stopping = true;
    await Promise.all(
      [...children.values()].map(async (child) => {
        if (ended(child)) return;
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await gone;
        clearTimeout(timer);
      }),
    );
  }

  // All together, as systemd starts them at boot; the app migrates under an advisory lock, one at a time.
  const first = await Promise.allSettled(instances.map((instance) => start(instance)));
  const failed = first.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { instances, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flags = parseFlags();
  await ensureBuilt();
  const supervisor = await superviseInstances({
    count: intFlag(flags, 'instances', 2),
    firstPort: intFlag(flags, 'port', 3001),
    environment: {},
    log: console.log,
  });
  const shutdown = () => {
    void supervisor.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
