import { masteryApi } from '../../lib/api/endpoints.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { UNAUTHORIZED_MESSAGE } from '../../lib/errors.ts';
import { contestPath } from '../contests/contest-play.ts';
import { EXPIRED_MESSAGE } from '../offline/offline-attempt.ts';
import { environment } from '../shared/environment.ts';
import { leaveForPayment, trialAwaitsConfirmation } from '../shared/leave-for-payment.ts';
import { mergeAnswers } from './answer-queue.ts';
import { loadFlags, resumePosition } from './navigator.ts';
import type { Answers } from './quiz-answers.ts';
import type { OfflineQuiz } from './quiz-offline.ts';
import {
  type ExamPayload,
  type QuizMode,
  type QuizRequest,
  quizTitle,
  SAMPLE_QUESTIONS,
} from './quiz-paper.ts';
import type { QuizState } from './quiz-state.ts';
import { clockOffset, deadlineOf } from './timer.ts';

export type Failure = Extract<ApiResult<unknown>, { ok: false }>;

/** An attempt without questions becomes the built-in sample set, without its answer key (spec §2). */
function withSampleQuestions(payload: ExamPayload): ExamPayload {
  return {
    ...payload,
    questions: SAMPLE_QUESTIONS.map(
      ({ answer: _answer, explanation: _explanation, ...question }) => question,
    ),
  };
}

interface LoaderOptions {
  mode: QuizMode;
  answers: Answers;
  /** Called once the quiz is on screen: an attempt whose time ran out while away is submitted at once. */
  onStarted: () => void;
  /** The papers downloaded to the phone, for /test (docs/offline.md). */
  offline?: OfflineQuiz;
}

/** Fetches the quiz a request names, from its endpoint. */
function fetchQuiz(request: QuizRequest): Promise<ApiResult<ExamPayload>> {
  const { call } = environment();
  if ('params' in request) return call(request.binding, { params: request.params });
  return call(request.binding, { query: request.query });
}

/**
 * Leaving the quiz page: for another page, or for where a refused load sends the student (the plans, the
 * renewal page, with the shared leaveForPayment). /test and the UTME sitting share it.
 */
export function createLeaving(state: QuizState) {
  const { $status } = state;

  /** Leaves the quiz for another page; replacing it, so Back does not come back to a dead quiz. */
  function leave(path: string) {
    $status.set({ status: 'leaving' });
    environment().navigate(path, undefined, { replace: true });
  }

  /** The spec's failed exam load: show what went wrong, then go to `path`. */
  function reportAndLeave(result: Failure, path: string) {
    if (result.message === UNAUTHORIZED_MESSAGE) return; // the API client clears the session and reloads
    if (result.errors && result.errors.length > 1) {
      // The modal has to be read before the page changes: leave when it closes.
      $status.set({ status: 'leaving' });
      environment().showErrors(result.errors, () => leave(path));
      return;
    }
    environment().toastAfterNavigation(result.message, 'error');
    leave(path);
  }

  return { leave, reportAndLeave };
}

/**
 * Loading the attempt: fetches (or resumes) the paper or the daily test, restores the answers, flags and
 * position of this phone, and sends a failed load where the spec says (the plans, the renewal page, home).
 */
export function createLoader(state: QuizState, { mode, answers, onStarted, offline }: LoaderOptions) {
  const { context, $status } = state;
  const { leave, reportAndLeave } = createLeaving(state);

  async function handleLoadFailure(result: Failure) {
    if (result.status === 0) {
      $status.set({ status: 'offline', message: result.message });
      return;
    }
    const email = await trialAwaitsConfirmation(result);
    if (email) {
      $status.set({ status: 'unconfirmed', email });
      return;
    }
    if (leaveForPayment(result, leave)) return;
    // A daily test taken already today; a contest level not open yet (the message says when) or all done.
    if (mode !== 'exam' && (result.status === 409 || result.status === 404)) {
      $status.set({ status: 'blocked', message: result.message });
      return;
    }
    // Any other refusal of a contest level goes back to the contest's page, which says where the entry stands.
    if (mode === 'contest') {
      reportAndLeave(result, contestPath(context.request?.contestId ?? ''));
      return;
    }
    // A topic practice that cannot start (the topic has gone from the bank): back to the topics it was
    // chosen from, not to the plans.
    if (context.request?.binding === masteryApi.topic) {
      reportAndLeave(result, '/profile');
      return;
    }
    reportAndLeave(result, '/pricing');
  }

  /** Puts a fetched attempt (or a downloaded paper's, `local`) on screen, resuming where this phone left it. */
  function start(payload: ExamPayload, { local = false }: { local?: boolean } = {}) {
    // A contest level is never swapped for the sample set: it is scored with the other entrants'.
    const sample = payload.questions.length === 0 && mode !== 'contest';
    const exam = sample ? withSampleQuestions(payload) : payload;
    state.$title.set(quizTitle(exam, context.request?.title ?? ''));
    state.$subject.set(exam.heading?.subject ?? context.request?.subjectTitle ?? '');
    showAttempt(state, answers, exam, { sample, local });
    onStarted();
  }

  /** Runs the requested paper from the phone when it was downloaded; false when it was not. */
  async function startDownloaded(): Promise<boolean> {
    const opened = (await offline?.open()) ?? { kind: 'none' };
    if (opened.kind === 'none') return false;
    if (opened.kind === 'expired') $status.set({ status: 'expired', message: EXPIRED_MESSAGE });
    else start(opened.exam, { local: true });
    return true;
  }

  /**
   * Fetches the attempt the navigation state asked for; also the offline screen's Retry. "Take offline",
   * or no network, runs the paper downloaded on the phone instead, when there is one.
   */
  async function load() {
    const quiz = context.request;
    if (!quiz) return;
    $status.set({ status: 'loading' });
    if (quiz.offline && (await startDownloaded())) return;
    const result = await fetchQuiz(quiz);
    if (result.ok) start(result.data);
    else if (!(result.status === 0 && (await startDownloaded()))) await handleLoadFailure(result);
  }

  /** The expired download's way on: take the paper online instead. */
  function loadOnline() {
    if (context.request) context.request = { ...context.request, offline: false };
    return load();
  }

  return { leave, load, loadOnline };
}

/**
 * Puts an attempt on screen, resuming where this phone left it: the server's saved answers with this
 * phone's unsent picks on top, the lifelines used, the flags and the question it was on; then sends what
 * is still queued. The sample set has no queue: its answers never leave the phone.
 */
export function showAttempt(
  state: QuizState,
  answers: Answers,
  exam: ExamPayload,
  { sample = false, local = false }: { sample?: boolean; local?: boolean } = {},
) {
  const { context } = state;
  const ids = exam.questions.map((question) => question._id);
  const lifelines = Object.fromEntries(exam.lifelines.map((use) => [use.question, use]));
  const skipped = new Set(exam.lifelines.filter((use) => use.kind === 'skip').map((use) => use.question));

  // A downloaded paper's answers stay on the phone too, until the whole attempt is uploaded.
  if (!sample && !local) answers.connectQueue(exam, skipped);
  const picked = mergeAnswers(sample ? [] : exam.answers, context.sync?.pending() ?? []);
  for (const question of skipped) delete picked[question];

  const now = environment().now();
  state.$sample.set(sample);
  state.$deadline.set(deadlineOf(exam, now) + clockOffset(exam.serverTime, now));
  state.$exam.set(exam);
  state.$answers.set(picked);
  state.$lifelines.set(lifelines);
  state.$flags.set(loadFlags(context.session, exam._id, ids));
  state.$index.set(resumePosition(context.session, exam._id, ids, picked));
  state.$now.set(environment().now());
  state.$status.set({ status: 'ready' });
  void context.sync?.flush();
}
