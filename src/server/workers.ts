import cluster, { type Worker } from 'node:cluster';

/** A worker that dies sooner than this after starting counts as a crash loop, and the next start waits. */
const STABLE_AFTER_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * Runs `count` copies of this script as cluster workers sharing one port, so a process uses every core the
 * machine gives it (WEB_CONCURRENCY), and starts a new one when a worker dies. Each worker is a whole,
 * stateless instance of the app; every rule that must hold across them lives in PostgreSQL or Redis.
 * Resolves once every worker listens.
 */
export function runWorkers(count: number, log: (message: string) => void): Promise<void> {
  let stopping = false;
  let failures = 0;
  const startedAt = new Map<Worker, number>();

  const start = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    failures = lived < STABLE_AFTER_MS ? failures + 1 : 0;
    const delay = Math.min(MAX_RESTART_DELAY_MS, failures === 0 ? 0 : 500 * 2 ** (failures - 1));
    log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another in ${delay} ms`);
    setTimeout(start, delay);
  });

  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  const listening = Array.from(
    { length: count },
    () => new Promise<void>((resolve) => start().once('listening', () => resolve())),
  );
  return Promise.all(listening).then(() => undefined);
}
