import { atom } from 'nanostores';
import { reviewApi } from '../../lib/api/endpoints.ts';
import type { ReviewCounts, ReviewOutcome, ReviewQuestion } from '../../lib/api/review.ts';
import { createQuizImages } from '../quiz/quiz-images.ts';
import { environment } from '../shared/environment.ts';
import type { LoadState } from '../shared/load-state.ts';
import { type SessionTally, secondsBetween } from './review-deck.ts';

/** One due question on screen, before and after it is answered. */
export interface ReviewingState {
  status: 'reviewing';
  question: ReviewQuestion;
  /** From 0, in this session. */
  position: number;
  total: number;
  /** The option picked: undefined until answered, null for "I don't know". */
  picked: string | null | undefined;
  sending: boolean;
  outcome: ReviewOutcome | null;
  /** Why the answer was not recorded; Try again sends it again, Next skips the question. */
  error: string | null;
}

/**
 * The deck's session: loading or failed as any load, then offline, nothing due, a question on screen, or
 * the summary (a session has no single "ready" state).
 */
export type DeckState =
  | Exclude<LoadState<never>, { status: 'ready' }>
  | { status: 'offline' }
  | { status: 'empty'; counts: ReviewCounts }
  | ReviewingState
  | { status: 'done'; tally: SessionTally; counts: ReviewCounts };

const NOT_SENT_OFFLINE =
  'You are offline, so this answer was not recorded. Try again once you are connected.';

/**
 * /review-deck: a session of the due questions, one at a time. An answer is marked by the server at once
 * (right or wrong, the key, the explanation); Next moves on, and the session ends with a summary.
 */
export function createReviewDeckStore() {
  const $state = atom<DeckState>({ status: 'loading' });
  const images = createQuizImages();
  let session: ReviewQuestion[] = [];
  let counts: ReviewCounts = { dueNow: 0, dueLaterToday: 0, waiting: 0, nextDue: null };
  let tally: SessionTally = { answered: 0, right: 0 };
  let shownAt = 0;
  let seconds = 0;
  let latest = 0;

  function show(position: number) {
    const question = session[position];
    if (!question) {
      $state.set({ status: 'done', tally, counts });
      return;
    }
    shownAt = environment().now();
    $state.set({
      status: 'reviewing',
      question,
      position,
      total: session.length,
      picked: undefined,
      sending: false,
      outcome: null,
      error: null,
    });
  }

  /** Loads the due questions (again, for "Review more" and Retry), and shows the first. */
  async function load() {
    latest += 1;
    const mine = latest;
    if (!environment().isOnline()) {
      $state.set({ status: 'offline' });
      return;
    }
    $state.set({ status: 'loading' });
    const result = await environment().call(reviewApi.due);
    if (mine !== latest) return;
    if (!result.ok) {
      $state.set(result.status === 0 ? { status: 'offline' } : { status: 'failed', message: result.message });
      return;
    }
    session = result.data.questions;
    counts = result.data.counts;
    tally = { answered: 0, right: 0 };
    if (session.length === 0) {
      $state.set({ status: 'empty', counts });
      return;
    }
    images.preload({ questions: session });
    show(0);
  }

  async function send(option: string | null) {
    const state = $state.get();
    if (state.status !== 'reviewing' || state.sending || state.outcome) return;
    $state.set({ ...state, picked: option, sending: true, error: null });
    const result = await environment().call(reviewApi.answer, {
      body: { question: state.question._id, option, seconds },
      // The deck shows right or wrong itself: no toast.
      quiet: true,
    });
    const now = $state.get();
    if (now.status !== 'reviewing' || now.question._id !== state.question._id) return;
    if (!result.ok) {
      $state.set({ ...now, sending: false, error: result.status === 0 ? NOT_SENT_OFFLINE : result.message });
      return;
    }
    counts = result.data.counts;
    tally = { answered: tally.answered + 1, right: tally.right + (result.data.correct ? 1 : 0) };
    $state.set({ ...now, sending: false, outcome: result.data });
  }

  /** Answers the question on screen with an option, or null for "I don't know". */
  function answer(option: string | null) {
    const state = $state.get();
    if (state.status !== 'reviewing' || state.picked !== undefined) return Promise.resolve();
    seconds = secondsBetween(shownAt, environment().now());
    return send(option);
  }

  /** Sends again an answer that was not recorded. */
  function retry() {
    const state = $state.get();
    if (state.status !== 'reviewing' || state.picked === undefined || state.outcome) return Promise.resolve();
    return send(state.picked);
  }

  /** The next question, or the summary after the last; skips a question whose answer was not recorded. */
  function next() {
    const state = $state.get();
    if (state.status !== 'reviewing' || state.sending) return;
    if (!state.outcome && !state.error) return;
    show(state.position + 1);
  }

  return { $state, images, load, answer, retry, next };
}

export type ReviewDeckStore = ReturnType<typeof createReviewDeckStore>;
