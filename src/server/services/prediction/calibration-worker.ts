// One subject's calibration (irt.ts) on a worker thread: the model's arithmetic takes seconds on a large
// subject, during which the app's own thread keeps serving requests. Started by calibrate-off-thread.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { calibrate, type ResponseMatrix } from './irt.ts';

parentPort?.postMessage(calibrate(workerData as ResponseMatrix));
