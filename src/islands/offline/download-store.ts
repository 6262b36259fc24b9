import { atom } from 'nanostores';
import type { OfflinePaperSize } from '../../lib/api/offline.ts';
import { installForOffline } from '../../service-worker/register.ts';
import type { Choice, PaperChoice } from '../exam-selection/catalogue.ts';
import { environment } from '../shared/environment.ts';
import { leaveForPayment } from '../shared/leave-for-payment.ts';
import { isUsable } from './offline-attempt.ts';
import { findDownload } from './offline-catalogue.ts';
import { downloadPaper, fetchPaperSize, type PaperQuery, type Progress } from './offline-download.ts';
import type { PaperSummary } from './offline-papers.ts';

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

/**
 * Installs the app's service worker, which a phone saving data has not been sent by itself: a student who
 * has downloaded a paper needs the app's screens with no network too.
 */
export type InstallApp = () => void;

/**
 * The signed-in student's id, or undefined for a guest. A session that has a token but no stored user yet
 * (it was opened elsewhere) asks the server once.
 */
async function currentOwner(): Promise<string | undefined> {
  const { signedIn, userId, loadUser } = environment();
  if (!signedIn()) return undefined;
  if (!userId()) await loadUser();
  return userId();
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
  owner: string | undefined,
  choice: YearChoice,
): Promise<PaperSummary | undefined> {
  if (!owner) return undefined;
  try {
    return findDownload(await environment().papers().list(owner), choice);
  } catch {
    return undefined;
  }
}

/**
 * "Download for offline" on /select-year: the size first, a question first under Save-Data for a
 * large paper, the progress, done or what went wrong; and "Take offline" for a paper on the phone. Like
 * the full exam, downloading needs a plan or the trial: a 402 goes where /test sends it.
 */
export function createDownloadStore(installApp: InstallApp = installForOffline) {
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
    const owner = await currentOwner();
    const existing = await downloadOf(owner, next);
    if (mine !== generation) return;
    if (existing && isUsable(existing, environment().now())) {
      $state.set({ status: 'done', paper: existing });
      return;
    }
    const expired = existing ? { expired: existing.usableUntil } : {};
    if (!owner) {
      $state.set({ status: 'ready', ...expired });
      return;
    }
    const size = await fetchPaperSize(queryOf(next));
    if (mine !== generation) return;
    $state.set({ status: 'ready', ...(size.ok ? { size: size.data } : {}), ...expired });
  }

  async function run(current: YearChoice, owner: string) {
    const mine = generation;
    $state.set({ status: 'downloading', progress: { done: 0, total: 1 } });
    const result = await downloadPaper(owner, queryOf(current), (progress) => {
      if (mine === generation) $state.set({ status: 'downloading', progress });
    });
    if (mine !== generation) return;
    if (result.ok) {
      $state.set({ status: 'done', paper: result.data });
      installApp();
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
    const owner = await currentOwner();
    if (current !== choice) return;
    if (!owner) {
      environment().requireSignIn('/select-year', { examType: current.examType, subject: current.subject });
      return;
    }
    let size = state.status === 'ready' ? state.size : undefined;
    if (!size) {
      const mine = generation;
      $state.set({ status: 'checking' });
      const sized = await fetchPaperSize(queryOf(current));
      if (mine !== generation) return;
      if (!sized.ok) {
        if (!leaveForPayment(sized)) $state.set({ status: 'failed', message: sized.message });
        return;
      }
      size = sized.data;
    }
    if (environment().saveData() && size.bytes > SAVE_DATA_ASK_BYTES) {
      $state.set({ status: 'confirm', size });
      return;
    }
    await run(current, owner);
  }

  /** The student agreed to the large download under Save-Data. */
  async function confirm() {
    const owner = await currentOwner();
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
    environment().navigate('/test', { ...choice, offline: true });
  }

  return { $state, choose, download, confirm, cancel, retry, takeOffline };
}

export type DownloadStore = ReturnType<typeof createDownloadStore>;
