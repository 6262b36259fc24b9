import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { runContestJob } from './finish.ts';

/** How often each instance runs the finishing job: prizes are credited within this and the grace of the end. */
export const CONTEST_JOB_INTERVAL_MS = 5_000;

/**
 * Runs the contests' finishing job (finish.ts) on this instance every CONTEST_JOB_INTERVAL_MS, one run at a
 * time. A run that fails (the database away, a statement timed out) is logged and the next one tries again:
 * everything the job needs is in PostgreSQL, so nothing is lost. Returns the stop function.
 */
export function startContestJobs(db: Database, logger: Logger, now: () => Date): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runContestJob(db, now())
      .then(({ scored, finished }) => {
        if (scored > 0 || finished > 0) logger.info({ scored, finished }, 'contest job ran');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'the contest job failed; it runs again shortly'))
      .finally(() => {
        running = false;
      });
  }, CONTEST_JOB_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
