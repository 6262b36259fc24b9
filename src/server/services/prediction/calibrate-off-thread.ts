import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Calibration, ResponseMatrix } from './irt.ts';

// From the project folder, as the migrations are (db/client.ts): Astro's build bundles this module into
// dist/ (for its own /api route, which server.mjs never uses), where a path relative to it would not exist.
const WORKER_FILE = resolve('src/server/services/prediction/calibration-worker.ts');

/**
 * calibrate(matrix) on a worker thread of its own (calibration-worker.ts), so that the seconds a large
 * subject takes never hold up a request: yielding between subjects alone would still stall every request
 * for the whole of one (20,000 students with 60 answers each took 7 s). The matrix's arrays are moved to
 * the worker, not copied, and are empty here afterwards. `signal` ends the worker at once (a shutdown).
 */
export async function calibrateOffThread(matrix: ResponseMatrix, signal?: AbortSignal): Promise<Calibration> {
  signal?.throwIfAborted();
  const buffers = [matrix.student, matrix.item, matrix.correct, matrix.guessing].map((array) => array.buffer);
  const worker = new Worker(WORKER_FILE, {
    workerData: matrix,
    // A shared buffer is shared, not moved.
    transferList: buffers.filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer),
  });
  return new Promise<Calibration>((resolve, reject) => {
    const stop = () => {
      reject(signal?.reason);
      void worker.terminate();
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', (calibration: Calibration) => resolve(calibration));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      reject(new Error(`the calibration worker stopped (exit code ${code}) before it answered`));
    });
  });
}
