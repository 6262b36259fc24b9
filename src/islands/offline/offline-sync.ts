/**
 * Sending the attempts taken offline (docs/offline.md): each queued attempt goes to POST /api/v1/exam/offline when
 * the phone is online, at app start and whenever the connection returns. The server stores an attempt once
 * by its clientId, so sending one again (a lost answer, two tabs) is safe.
 */

import { offlineApi } from '../../lib/api/endpoints.ts';
import { environment } from '../shared/environment.ts';

/** What one pass did: attempts the server accepted, refused for good, and left for a later pass. */
export interface SyncReport {
  sent: number;
  refused: number;
  kept: number;
}

/**
 * Whether an upload that failed with this status can never succeed, so it leaves the queue: a 4xx says the
 * attempt itself is wrong, except 401 (the session, which the API client handles) and 429 (too many requests
 * now). 0 (no connection) and 5xx are worth trying again.
 */
export function isRefusedForGood(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 429;
}

/**
 * One pass over the signed-in student's queue (only their own attempts go, with their own token), oldest
 * first; it stops at the first failure worth retrying, which will recur.
 */
export async function uploadQueued(): Promise<SyncReport> {
  const report: SyncReport = { sent: 0, refused: 0, kept: 0 };
  const { userId, isOnline, papers, call } = environment();
  const owner = userId();
  if (!owner || !isOnline()) return report;
  const store = papers();
  const queued = await store.queued(owner);
  for (const [index, attempt] of queued.entries()) {
    const result = await call(offlineApi.upload, { body: attempt.upload, quiet: true });
    if (result.ok || isRefusedForGood(result.status)) {
      await store.dequeue(attempt.upload.clientId);
      if (result.ok) report.sent += 1;
      else report.refused += 1;
      continue;
    }
    report.kept = queued.length - index;
    break;
  }
  return report;
}

/** The window event a pass dispatches once attempts reached the server: /profile's "My tests" reads again. */
export const OFFLINE_TESTS_SENT = 'offline-tests-sent';

let running: Promise<SyncReport> | undefined;

/** Uploads the queue unless a pass is already under way in this page (it then answers that pass). */
export function syncNow(): Promise<SyncReport> {
  running ??= uploadQueued()
    .then((report) => {
      if (report.sent > 0) {
        environment().showToast(
          report.sent === 1
            ? 'Your offline test is now in your history.'
            : `Your ${report.sent} offline tests are now in your history.`,
          'success',
        );
        window.dispatchEvent(new Event(OFFLINE_TESTS_SENT));
      }
      return report;
    })
    // A store the browser refuses (private mode) has nothing queued.
    .catch(() => ({ sent: 0, refused: 0, kept: 0 }))
    .finally(() => {
      running = undefined;
    });
  return running;
}
