import { atom } from 'nanostores';
import type { OfflinePaperSize } from '../../lib/api/offline.ts';
import { request } from '../../lib/client/api.ts';
import { navigate } from '../../lib/client/navigation.ts';
import { $auth, refreshUser, requireSignIn } from '../../lib/client/session.ts';
import { readToken } from '../../lib/client/storage.ts';
import { showToastAfterNavigation } from '../../lib/client/toasts.ts';
import { PaymentCode } from '../../lib/errors.ts';
import { installForOffline } from '../../service-worker/register.ts';
import type { Choice, PaperChoice } from '../exam-selection/catalogue.ts';
import { isUsable } from './offline-attempt.ts';
import { findDownload } from './offline-catalogue.ts';
import {
  type DownloadDeps,
  downloadPaper,
  type Failure,
  fetchImageBlob,
  fetchPaperSize,
  type PaperQuery,
  type Progress,
} from './offline-download.ts';
import { type PaperStore, type PaperSummary, paperStore } from './offline-papers.ts';

/** Under Save-Data, a download larger than this asks first: a student paying per megabyte is asked. */
export const SAVE_DATA_ASK_BYTES = 300 * 1024;

/** A paper chosen on /select-year: the exam type, subject and year. */
export interface YearChoice extends PaperChoice {
  year: Choice;
}

/** Where the download of the chosen paper stands. */
export type DownloadState =
  /** No year chosen yet. */
  | { status: 'idle' }
  /** Looking for a download on the phone, then asking the server for the size. */
  | { status: 'checking' }
  /**
   * Can be downloaded; `size` is unknown when the server could not say (a guest, no plan, no network),
   * and `expired` names the end of the plan of an older download that can no longer be taken.
   */
  | { status: 'ready'; size?: OfflinePaperSize; expired?: string }
  /** Save-Data is on and the paper is large: the student is asked first. */
  | { status: 'confirm'; size: OfflinePaperSize }
  | { status: 'downloading'; progress: Progress }
  /** On the phone and usable until the end of its plan. */
  | { status: 'done'; paper: PaperSummary }
  | { status: 'failed'; message: string };

export interface DownloadStoreDeps extends DownloadDeps {
  navigate: typeof navigate;
  requireSignIn: typeof requireSignIn;
  toastAfterNavigation: typeof showToastAfterNavigation;
  /** The signed-in student's id, or undefined for a guest. */
  owner: () => Promise<string | undefined>;
  /** Whether the browser asks to save data (`navigator.connection.saveData`). */
  saveData: () => boolean;
  now: () => number;
  /**
   * Installs the app's service worker, which a phone saving data has not been sent by itself: a student who
   * has downloaded a paper needs the app's screens with no network too.
   */
  installApp: () => void;
}

interface NetworkInformationLike {
  saveData?: boolean;
}

/** The real browser. */
export function browserDownloadDeps(): DownloadStoreDeps {
  return {
    request,
    fetchImage: fetchImageBlob,
    store: paperStore(),
    storage: typeof navigator === 'undefined' ? undefined : navigator.storage,
    navigate,
    requireSignIn,
    toastAfterNavigation: showToastAfterNavigation,
    owner: async () => {
      if (!readToken()) return undefined;
      // A session that has a token but no stored user yet (it was opened elsewhere) asks the server once.
      if (!$auth.get().user) await refreshUser();
      return $auth.get().user?._id;
    },
    saveData: () =>
      (navigator as Navigator & { connection?: NetworkInformationLike }).connection?.saveData === true,
    now: () => Date.now(),
    installApp: installForOffline,
  };
}

const queryOf = (choice: YearChoice): PaperQuery => ({
  examType: choice.examType._id,
  subject: choice.subject._id,
  year: choice.year._id,
});

/** Whether two choices name the same paper. */
const samePaper = (a: YearChoice | undefined, b: YearChoice | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.examType._id === b.examType._id &&
  a.subject._id === b.subject._id &&
  a.year._id === b.year._id;

/** The student's download of a paper, if the phone has one (and can be read). */
export async function downloadOf(
  store: PaperStore,
  owner: string | undefined,
  choice: YearChoice,
): Promise<PaperSummary | undefined> {
  if (!owner) return undefined;
  try {
    return findDownload(await store.list(owner), choice);
  } catch {
    return undefined;
  }
}

/**
 * "Download for offline" on /select-year: the size first, a question first under Save-Data for a
 * large paper, the progress, done or what went wrong; and "Take offline" for a paper on the phone. Like
 * the full exam, downloading needs a plan or the trial: a 402 goes where /test sends it.
 */
export function createDownloadStore(deps: DownloadStoreDeps = browserDownloadDeps()) {
  const $state = atom<DownloadState>({ status: 'idle' });
  let choice: YearChoice | undefined;
  // The latest choice wins over an answer still on its way for an earlier one.
  let generation = 0;

  /** A year was chosen (or changed): is it on the phone already, and how big is it? */
  async function choose(next: YearChoice | undefined) {
    if (samePaper(next, choice) && $state.get().status !== 'idle') return;
    generation += 1;
    const mine = generation;
    choice = next;
    if (!next) {
      $state.set({ status: 'idle' });
      return;
    }
    $state.set({ status: 'checking' });
    const owner = await deps.owner();
    const existing = await downloadOf(deps.store, owner, next);
    if (mine !== generation) return;
    if (existing && isUsable(existing, deps.now())) {
      $state.set({ status: 'done', paper: existing });
      return;
    }
    const expired = existing ? { expired: existing.usableUntil } : {};
    if (!owner) {
      $state.set({ status: 'ready', ...expired });
      return;
    }
    const size = await fetchPaperSize(deps, queryOf(next));
    if (mine !== generation) return;
    $state.set({ status: 'ready', ...(size.ok ? { size: size.data } : {}), ...expired });
  }

  /** A refused download for want of a plan goes to the plans, or to renew one; true when it did. */
  function leaveForPayment(result: Failure): boolean {
    if (result.code === PaymentCode.subscriptionExpired) {
      deps.navigate('/subscribe-now');
      return true;
    }
    if (result.code === PaymentCode.subscriptionRequired) {
      deps.toastAfterNavigation(result.message, 'info');
      deps.navigate('/pricing');
      return true;
    }
    return false;
  }

  async function run(current: YearChoice, owner: string) {
    const mine = generation;
    $state.set({ status: 'downloading', progress: { done: 0, total: 1 } });
    const result = await downloadPaper(deps, owner, queryOf(current), (progress) => {
      if (mine === generation) $state.set({ status: 'downloading', progress });
    });
    if (mine !== generation) return;
    if (result.ok) {
      $state.set({ status: 'done', paper: result.data });
      deps.installApp();
      return;
    }
    if (leaveForPayment(result)) return;
    $state.set({ status: 'failed', message: result.message });
  }

  /**
   * Download for offline: a guest signs in first; the size is asked for when it is not known yet; under
   * Save-Data a paper over SAVE_DATA_ASK_BYTES asks first.
   */
  async function download() {
    const current = choice;
    const state = $state.get();
    if (!current || state.status === 'downloading' || state.status === 'checking') return;
    const owner = await deps.owner();
    if (current !== choice) return;
    if (!owner) {
      deps.requireSignIn('/select-year', { examType: current.examType, subject: current.subject });
      return;
    }
    let size = state.status === 'ready' ? state.size : undefined;
    if (!size) {
      const mine = generation;
      $state.set({ status: 'checking' });
      const sized = await fetchPaperSize(deps, queryOf(current));
      if (mine !== generation) return;
      if (!sized.ok) {
        if (!leaveForPayment(sized)) $state.set({ status: 'failed', message: sized.message });
        return;
      }
      size = sized.data;
    }
    if (deps.saveData() && size.bytes > SAVE_DATA_ASK_BYTES) {
      $state.set({ status: 'confirm', size });
      return;
    }
    await run(current, owner);
  }

  /** The student agreed to the large download under Save-Data. */
  async function confirm() {
    const owner = await deps.owner();
    if ($state.get().status !== 'confirm' || !choice || !owner) return;
    await run(choice, owner);
  }

  /** The student declined it: back to the button. */
  function cancel() {
    const state = $state.get();
    if (state.status === 'confirm') $state.set({ status: 'ready', size: state.size });
  }

  /** After a failure: ask for the size again, then show the button. */
  function retry() {
    const current = choice;
    choice = undefined;
    return choose(current);
  }

  /** Take offline: /test runs the downloaded paper from the phone, whatever the connection. */
  function takeOffline() {
    if (!choice || $state.get().status !== 'done') return;
    deps.navigate('/test', { ...choice, offline: true });
  }

  return { $state, choose, download, confirm, cancel, retry, takeOffline };
}

export type DownloadStore = ReturnType<typeof createDownloadStore>;
