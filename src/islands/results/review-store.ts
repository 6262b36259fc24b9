import { atom } from 'nanostores';
import { examApi } from '../../lib/api/endpoints.ts';
import type { QuizResult } from '../../lib/api/exam.ts';
import { environment } from '../shared/environment.ts';
import { answersOpenAtFromState, type QuizAnswer, quizAnswersFromState, type ReviewState } from './result.ts';

export interface ReviewView {
  answers: QuizAnswer[];
  sample: boolean;
  /** When withheld answers open, or null when they are shown. */
  answersOpenAt: string | null;
  /** What was handed in, when known: it says why answers are withheld (answersOpenLine). */
  kind?: QuizResult['kind'];
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

/** The page's query string; none while the island renders at build time, where there is no address. */
function pageSearch(): string {
  try {
    return environment().readSearch();
  } catch {
    return '';
  }
}

/** Asks again a minute later when the server's clock says the answers are not open yet. */
const RETRY_MS = 60_000;

/**
 * /review-answers: the answers handed over by /award, or, opened by its address with nothing handed over
 * (a link from /profile), the result of the test the address names, read from the server. A daily test's
 * correct answers are withheld until its day ends, a topic practice's while it shares questions with an open
 * test that can count; when that time comes (at once, if it has passed when the
 * page opens, or while the page stays open) the page reads the result again from the server.
 */
export function createReviewStore() {
  const raw = environment().readNavigationState() as Partial<ReviewState> | undefined;
  const handedOver = typeof raw?.exam === 'string' ? raw.exam : undefined;
  const fromAddress = raw === undefined ? examFromAddress(pageSearch()) : undefined;
  const exam = handedOver ?? fromAddress;
  const $view = atom<ReviewView>({
    answers: quizAnswersFromState(raw),
    sample: raw?.sample === true,
    answersOpenAt: handedOver ? answersOpenAtFromState(raw) : null,
    kind: raw?.kind,
    loading: fromAddress !== undefined,
  });
  let timer: unknown;

  async function readOpenedAnswers() {
    if (!exam) return;
    const result = await environment().call(examApi.result, { query: { exam } });
    if (!result.ok) {
      $view.set({ ...$view.get(), error: result.message, loading: false });
      return;
    }
    const { quizAnswers, answersOpenAt, kind } = result.data;
    $view.set({ answers: quizAnswersFromState({ quizAnswers }), sample: false, answersOpenAt, kind });
    if (answersOpenAt) wait(Math.max(Date.parse(answersOpenAt) - environment().now(), RETRY_MS));
  }

  function wait(milliseconds: number) {
    environment().clearTimeout(timer);
    timer = environment().setTimeout(() => void readOpenedAnswers(), milliseconds);
  }

  /** Reads the answers the address names, or starts waiting for withheld ones; returns the clean-up. */
  function init() {
    const { answersOpenAt, loading } = $view.get();
    if (loading) void readOpenedAnswers();
    else if (answersOpenAt) wait(Math.max(0, Date.parse(answersOpenAt) - environment().now()));
    return () => environment().clearTimeout(timer);
  }

  /** Try again after a failed read. */
  function retry() {
    const view = $view.get();
    $view.set({ ...view, error: undefined, loading: fromAddress !== undefined && view.answers.length === 0 });
    void readOpenedAnswers();
  }

  return { $view, init, retry };
}
