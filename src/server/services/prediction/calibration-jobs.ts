import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { type CalibrationOptions, type CalibrationOutcome, runCalibration } from './calibration.ts';
import { fitsBadly } from './irt.ts';

/** How often each instance asks whether a calibration is due (calibrationDue): one cheap query. */
export const CALIBRATION_CHECK_INTERVAL_MS = 15 * 60_000;
/** The first check after the instance starts: soon, but out of the way of the start itself. */
export const CALIBRATION_FIRST_CHECK_MS = 60_000;

export interface CalibrationJobOptions {
  firstCheckMs?: number;
  intervalMs?: number;
  /** What a check runs; the tests put a failing one in front of it. */
  run?: (db: Database, options: CalibrationOptions) => Promise<CalibrationOutcome>;
}

/**
 * Runs the daily calibration on this instance: from CALIBRATION_FIRST_CHECK_MS after start, and every
 * CALIBRATION_CHECK_INTERVAL_MS, it calibrates when calibrationDue says so: when no calibration finished in the
 * last 24 hours and there are answers to learn from (so the first comes soon after the first answers). The
 * lock makes one instance do it and the others find it busy; it checks again under the lock, so an instance
 * that queued behind a run does not repeat it. A run that fails is logged and the next check tries again:
 * everything it needs is in the database. Returns the stop function, which also ends a run at its next
 * subject.
 */
export function startCalibrationJobs(
  db: Database,
  logger: Logger,
  now: () => Date,
  options: CalibrationJobOptions = {},
): () => void {
  const run = options.run ?? runCalibration;
  const stopping = new AbortController();
  let running = false;
  const check = () => {
    if (running) return;
    running = true;
    const startedAt = performance.now();
    run(db, { now, onlyIfDue: true, signal: stopping.signal })
      .then((outcome) => {
        if (outcome.status === 'busy') logger.debug('another instance is calibrating');
        if (outcome.status !== 'done') return;
        const { subjects, students } = outcome.report;
        const items = subjects.flatMap((subject) => subject.items);
        logger.info(
          {
            subjects: subjects.length,
            questions: items.length,
            answers: items.reduce((sum, item) => sum + item.answers, 0),
            students,
            misfits: items.filter(fitsBadly).length,
            notConverged: subjects.filter((subject) => !subject.converged).map((subject) => subject.subject),
            ms: Math.round(performance.now() - startedAt),
          },
          'calibration ran',
        );
      })
      .catch((error: unknown) => {
        if (stopping.signal.aborted) return;
        logger.warn({ err: error }, 'the calibration failed; it runs again at the next check');
      })
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(check, options.firstCheckMs ?? CALIBRATION_FIRST_CHECK_MS);
  const timer = setInterval(check, options.intervalMs ?? CALIBRATION_CHECK_INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    stopping.abort();
    clearTimeout(first);
    clearInterval(timer);
  };
}
