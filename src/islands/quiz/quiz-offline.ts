import { examApi } from '../../lib/api/endpoints.ts';
import type { QuizResult } from '../../lib/api/exam.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import {
  examFromPaper,
  isUsable,
  type OfflineRun,
  parseRun,
  runKey,
  scoreOffline,
  uploadOf,
} from '../offline/offline-attempt.ts';
import { findDownload } from '../offline/offline-catalogue.ts';
import type { StoredPaper } from '../offline/offline-papers.ts';
import { environment } from '../shared/environment.ts';
import { storeQuietly } from './navigator.ts';
import { type ExamPayload, requestOf } from './quiz-paper.ts';
import type { QuizState } from './quiz-state.ts';

/** What opening the requested paper from the phone found. */
export type OfflineOpening = { kind: 'exam'; exam: ExamPayload } | { kind: 'expired' } | { kind: 'none' };

/** Shown when the phone could not queue the finished attempt (its storage failed). */
export const QUEUE_FAILED_MESSAGE =
  'Your answers could not be saved on this phone. Free some space and press Submit again.';

/**
 * A downloaded paper taken on the phone (docs/offline.md): opened from IndexedDB with its images served as object
 * URLs, its answers kept on the phone across a reload, and, once submitted, scored on the phone with the
 * server's rules and queued for POST /api/v1/exam/offline (offline-sync.ts sends it when online).
 */
export function createOfflineQuiz(state: QuizState) {
  const { context } = state;
  let current: { paper: StoredPaper; run: OfflineRun; owner: string } | undefined;
  let urls: string[] = [];
  let unlisten: (() => void) | undefined;

  function keepRun() {
    if (current) {
      const { owner, run } = current;
      storeQuietly(context.local, runKey(owner, run.paperId), JSON.stringify(run));
    }
  }

  /** Opens the paper the navigation state names, if the student downloaded it; 'expired' past its plan. */
  async function open(): Promise<OfflineOpening> {
    const browser = environment();
    // Only a paper is downloaded (not a topic practice), and only the student's own downloads are taken.
    const request = requestOf(context.request, examApi.paper);
    const owner = browser.userId();
    if (request?.mode !== 'exam' || !owner) return { kind: 'none' };
    const { examType, subject, year } = request.query;
    let paper: StoredPaper | undefined;
    try {
      const store = browser.papers();
      const summary = findDownload(await store.list(owner), {
        examType: { _id: examType ?? '' },
        subject: { _id: subject ?? '' },
        year: { _id: year ?? '' },
      });
      if (!summary) return { kind: 'none' };
      if (!isUsable(summary, browser.now())) return { kind: 'expired' };
      paper = await store.get(owner, summary.paperId);
    } catch {
      // A store the browser refuses holds no paper.
      return { kind: 'none' };
    }
    if (!paper) return { kind: 'none' };

    const paperId = paper.summary.paperId;
    const run = parseRun(context.local.getItem(runKey(owner, paperId)), paperId) ?? {
      clientId: browser.randomId(),
      paperId,
      startedAt: new Date(browser.now()).toISOString(),
      answers: {},
    };
    current = { paper, run, owner };
    keepRun();
    const served = new Map<string, string>();
    for (const [url, blob] of Object.entries(paper.images)) served.set(url, browser.createObjectURL(blob));
    urls = [...served.values()];
    state.$offline.set(true);
    unlisten = state.$answers.listen((answers) => {
      if (!current) return;
      current.run = { ...current.run, answers: { ...answers } };
      keepRun();
    });
    return { kind: 'exam', exam: examFromPaper(paper, run, (url) => served.get(url) ?? url, browser.now()) };
  }

  /**
   * Scores the attempt on the phone and queues it for upload; the run is then over. `timeSpent` is in
   * minutes, as the server counts it.
   */
  async function submit(timeSpent: number): Promise<ApiResult<QuizResult>> {
    if (!current) return { ok: false, status: 0, message: QUEUE_FAILED_MESSAGE };
    const { paper, owner } = current;
    const run = { ...current.run, answers: { ...state.$answers.get() } };
    const browser = environment();
    const now = browser.now();
    try {
      await browser.papers().enqueue({
        owner,
        upload: uploadOf(paper, run, now),
        queuedAt: new Date(now).toISOString(),
      });
    } catch {
      return { ok: false, status: 500, message: QUEUE_FAILED_MESSAGE };
    }
    storeQuietly(context.local, runKey(owner, run.paperId), undefined);
    unlisten?.();
    current = undefined;
    return { ok: true, data: scoreOffline(paper.questions, run, timeSpent), message: '' };
  }

  /** The quiz is gone: the images' addresses are let go. */
  function dispose() {
    unlisten?.();
    for (const url of urls.splice(0)) environment().revokeObjectURL(url);
  }

  return { open, submit, dispose };
}

export type OfflineQuiz = ReturnType<typeof createOfflineQuiz>;
