/**
 * Sending the attempts taken offline (docs/offline.md): each queued attempt goes to POST /api/v1/exam/offline when
 * the phone is online, at app start and whenever the connection returns. The server stores an attempt once
 * by its clientId, so sending one again (a lost answer, two tabs) is safe.
 */

import type { QuizResult } from '../../lib/api/exam.ts';
import type { OfflineAttemptUpload } from '../../lib/api/offline.ts';
import { request } from '../../lib/client/api.ts';
import { $auth } from '../../lib/client/session.ts';
import { showToast } from '../../lib/client/toasts.ts';
import { type PaperStore, paperStore } from './offline-papers.ts';

export interface SyncDeps {
  request: typeof request;
  store: PaperStore;
  /** The signed-in student's id: only their own attempts go, with their own token. */
  owner: () => string | undefined;
  isOnline: () => boolean;
}

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

/** One pass over the queue, oldest first; it stops at the first failure worth retrying, which will recur. */
export async function uploadQueued(deps: SyncDeps): Promise<SyncReport> {
  const report: SyncReport = { sent: 0, refused: 0, kept: 0 };
  const owner = deps.owner();
  if (!owner || !deps.isOnline()) return report;
  const queued = await deps.store.queued(owner);
  for (const [index, attempt] of queued.entries()) {
    const result = await deps.request<QuizResult>('POST', '/api/v1/exam/offline', {
      body: attempt.upload satisfies OfflineAttemptUpload,
      quiet: true,
    });
    if (result.ok || isRefusedForGood(result.status)) {
      await deps.store.dequeue(attempt.upload.clientId);
      if (result.ok) report.sent += 1;
      else report.refused += 1;
      continue;
    }
    report.kept = queued.length - index;
    break;
  }
  return report;
}

/** The browser's queue, API and session. */
export function browserSyncDeps(): SyncDeps {
  return {
    request,
    store: paperStore(),
    owner: () => $auth.get().user?._id,
    isOnline: () => navigator.onLine,
  };
}

/** The window event a pass dispatches once attempts reached the server: /profile's "My tests" reads again. */
export const OFFLINE_TESTS_SENT = 'offline-tests-sent';

let running: Promise<SyncReport> | undefined;

/** Uploads the queue unless a pass is already under way in this page (it then answers that pass). */
export function syncNow(deps: SyncDeps = browserSyncDeps()): Promise<SyncReport> {
  running ??= uploadQueued(deps)
    .then((report) => {
      if (report.sent > 0) {
        showToast(
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
