import { atom } from 'nanostores';
import type { QuizResult } from '../../lib/api/exam.ts';
import { request } from '../../lib/client/api.ts';
import { readNavigationState } from '../../lib/client/navigation.ts';
import { answersOpenAtFromState, type QuizAnswer, quizAnswersFromState, type ReviewState } from './result.ts';

export interface ReviewView {
  answers: QuizAnswer[];
  sample: boolean;
  /** When withheld answers open, or null when they are shown. */
  answersOpenAt: string | null;
  /** Reading the opened answers failed: the message to show, with a retry. */
  error?: string;
  /** Opened by its address with nothing handed over: the answers are being read from the server. */
  loading?: boolean;
}

/**
 * The test named by the page's address (/review-answers?exam=<id>, as /profile's "My tests" links to it),
 * or undefined. The server checks the id and that the test is the student's.
 */
export function examFromAddress(search: string): string | undefined {
  return new URLSearchParams(search).get('exam') || undefined;
}

/** Asks again a minute later when the server's clock says the answers are not open yet. */
const RETRY_MS = 60_000;

/**
 * /review-answers: the answers handed over by /award, or, opened by its address with nothing handed over
 * (a link from /profile), the result of the test the address names, read from the server. A daily test's
 * correct answers are withheld until its day ends; when that time comes (at once, if it has passed when the
 * page opens, or while the page stays open) the page reads the result again from the server.
 */
export function createReviewStore() {
  const raw = readNavigationState<Partial<ReviewState>>();
  const handedOver = typeof raw?.exam === 'string' ? raw.exam : undefined;
  // Islands also render once at build time, where there is no address.
  const fromAddress =
    raw === undefined && typeof location !== 'undefined' ? examFromAddress(location.search) : undefined;
  const exam = handedOver ?? fromAddress;
  const $view = atom<ReviewView>({
    answers: quizAnswersFromState(raw),
    sample: raw?.sample === true,
    answersOpenAt: handedOver ? answersOpenAtFromState(raw) : null,
    loading: fromAddress !== undefined,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function readOpenedAnswers() {
    if (!exam) return;
    const result = await request<QuizResult>('GET', '/api/v1/exam/result', { query: { exam } });
    if (!result.ok) {
      $view.set({ ...$view.get(), error: result.message, loading: false });
      return;
    }
    const { quizAnswers, answersOpenAt } = result.data;
    $view.set({ answers: quizAnswersFromState({ quizAnswers }), sample: false, answersOpenAt });
    if (answersOpenAt) wait(Math.max(Date.parse(answersOpenAt) - Date.now(), RETRY_MS));
  }

  function wait(milliseconds: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void readOpenedAnswers(), milliseconds);
  }

  /** Reads the answers the address names, or starts waiting for withheld ones; returns the clean-up. */
  function init() {
    const { answersOpenAt, loading } = $view.get();
    if (loading) void readOpenedAnswers();
    else if (answersOpenAt) wait(Math.max(0, Date.parse(answersOpenAt) - Date.now()));
    return () => clearTimeout(timer);
  }

  /** Try again after a failed read. */
  function retry() {
    const view = $view.get();
    $view.set({ ...view, error: undefined, loading: fromAddress !== undefined && view.answers.length === 0 });
    void readOpenedAnswers();
  }

  return { $view, init, retry };
}
