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
}

/** Asks again a minute later when the server's clock says the answers are not open yet. */
const RETRY_MS = 60_000;

/**
 * /review-answers: the answers handed over by /award. A daily test's correct answers are withheld until
 * its day ends; when that time comes (at once, if it has passed when the page opens, or while the page
 * stays open) the page reads the result again from the server.
 */
export function createReviewStore() {
  const raw = readNavigationState<Partial<ReviewState>>();
  const exam = typeof raw?.exam === 'string' ? raw.exam : undefined;
  const $view = atom<ReviewView>({
    answers: quizAnswersFromState(raw),
    sample: raw?.sample === true,
    answersOpenAt: exam ? answersOpenAtFromState(raw) : null,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function readOpenedAnswers() {
    if (!exam) return;
    const result = await request<QuizResult>('GET', '/api/v1/exam/result', { query: { exam } });
    if (!result.ok) {
      $view.set({ ...$view.get(), error: result.message });
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

  /** Starts waiting for withheld answers; returns the clean-up. */
  function init() {
    const { answersOpenAt } = $view.get();
    if (answersOpenAt) wait(Math.max(0, Date.parse(answersOpenAt) - Date.now()));
    return () => clearTimeout(timer);
  }

  /** Try again after a failed read. */
  function retry() {
    $view.set({ ...$view.get(), error: undefined });
    void readOpenedAnswers();
  }

  return { $view, init, retry };
}
