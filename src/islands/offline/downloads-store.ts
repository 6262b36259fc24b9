import { atom, computed } from 'nanostores';
import { environment } from '../shared/environment.ts';
import type { LoadState } from '../shared/load-state.ts';
import type { PaperSummary } from './offline-papers.ts';

/** The list of downloads on /profile, and how many offline tests wait to be uploaded. */
export type DownloadsState = LoadState<{ papers: PaperSummary[]; waiting: number }>;

/** Shown when the phone's store cannot be read (private browsing, storage turned off). */
export const STORE_FAILED_MESSAGE =
  'The papers on this phone could not be read. If you are browsing privately, downloads are not available.';

/** The title a download is listed under: "WAEC Mathematics 2019". */
export function paperTitle(paper: Pick<PaperSummary, 'examType' | 'subject' | 'year'>): string {
  return `${paper.examType.title} ${paper.subject.title} ${paper.year.title}`;
}

/**
 * /profile's "Downloaded papers": each download with its size and date, the total they take, and Remove
 * after a confirmation; also how many offline tests still wait to be uploaded.
 */
export function createDownloadsStore() {
  const $state = atom<DownloadsState>({ status: 'loading' });
  /** The download the student asked to remove, waiting for the confirmation. */
  const $removing = atom<PaperSummary | undefined>(undefined);
  const $busy = atom(false);
  const $total = computed($state, (state) =>
    state.status === 'ready' ? state.data.papers.reduce((sum, paper) => sum + paper.bytes, 0) : 0,
  );

  /** Reads the student's downloads from the phone. */
  async function load() {
    const owner = environment().userId();
    if (!owner) {
      $state.set({ status: 'ready', data: { papers: [], waiting: 0 } });
      return;
    }
    try {
      const store = environment().papers();
      const [papers, waiting] = await Promise.all([store.list(owner), store.queued(owner)]);
      $state.set({ status: 'ready', data: { papers, waiting: waiting.length } });
    } catch {
      $state.set({ status: 'failed', message: STORE_FAILED_MESSAGE });
    }
  }

  /** Remove: asks first. */
  function askRemove(paper: PaperSummary) {
    $removing.set(paper);
  }

  function cancelRemove() {
    if (!$busy.get()) $removing.set(undefined);
  }

  /** The student confirmed: the paper, its questions and images leave the phone. */
  async function confirmRemove() {
    const paper = $removing.get();
    if (!paper || $busy.get()) return;
    $busy.set(true);
    try {
      await environment().papers().remove(paper.owner, paper.paperId);
    } catch {
      $state.set({ status: 'failed', message: STORE_FAILED_MESSAGE });
    }
    $busy.set(false);
    $removing.set(undefined);
    await load();
  }

  return { $state, $removing, $busy, $total, load, askRemove, cancelRemove, confirmRemove };
}

export type DownloadsStore = ReturnType<typeof createDownloadsStore>;
