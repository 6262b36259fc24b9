import type { ApiResult } from '../../lib/client/api.ts';
import { PaymentCode, UNAUTHORIZED_MESSAGE } from '../../lib/errors.ts';
import { mergeAnswers } from './answer-queue.ts';
import { type ExamPayload, type QuizMode, quizTitle, SAMPLE_QUESTIONS } from './exam.ts';
import { loadFlags, resumePosition } from './navigator.ts';
import type { Answers } from './quiz-answers.ts';
import type { QuizDeps } from './quiz-deps.ts';
import type { QuizState } from './quiz-state.ts';
import { clockOffset, deadlineOf } from './timer.ts';

type Failure = Extract<ApiResult<unknown>, { ok: false }>;

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
}

/**
 * Loading the attempt: fetches (or resumes) the paper or the daily test, restores the answers, flags and
 * position of this phone, and sends a failed load where the spec says (the plans, the renewal page, home).
 */
export function createLoader(state: QuizState, deps: QuizDeps, { mode, answers, onStarted }: LoaderOptions) {
  const { context, $status } = state;

  /** Leaves the quiz for another page; replacing it, so Back does not come back to a dead quiz. */
  function leave(path: string) {
    $status.set({ status: 'leaving' });
    deps.navigate(path, undefined, { replace: true });
  }

  /** The spec's failed exam load: show what went wrong, then go to `path`. */
  function reportAndLeave(result: Failure, path: string) {
    if (result.message === UNAUTHORIZED_MESSAGE) return; // the API client clears the session and reloads
    if (result.errors && result.errors.length > 1) {
      // The modal has to be read before the page changes: leave when it closes.
      $status.set({ status: 'leaving' });
      deps.showErrors(result.errors, () => leave(path));
      return;
    }
    deps.toastAfterNavigation(result.message, 'error');
    leave(path);
  }

  function handleLoadFailure(result: Failure) {
    if (result.status === 0) {
      $status.set({ status: 'offline', message: result.message });
      return;
    }
    if (result.code === PaymentCode.subscriptionExpired) {
      leave('/subscribe-now');
      return;
    }
    if (result.code === PaymentCode.subscriptionRequired) {
      deps.toastAfterNavigation(result.message, 'info');
      leave('/pricing');
      return;
    }
    if (mode === 'daily' && (result.status === 409 || result.status === 404)) {
      $status.set({ status: 'blocked', message: result.message });
      return;
    }
    reportAndLeave(result, '/pricing');
  }

  /** Puts a fetched attempt on screen, resuming where this phone left it. */
  function start(payload: ExamPayload) {
    const sample = payload.questions.length === 0;
    const exam = sample ? withSampleQuestions(payload) : payload;
    const ids = exam.questions.map((question) => question._id);
    const lifelines = Object.fromEntries(exam.lifelines.map((use) => [use.question, use]));
    const skipped = new Set(exam.lifelines.filter((use) => use.kind === 'skip').map((use) => use.question));

    if (!sample) answers.connectQueue(exam, skipped);
    const picked = mergeAnswers(sample ? [] : exam.answers, context.sync?.pending() ?? []);
    for (const question of skipped) delete picked[question];

    const now = deps.now();
    state.$sample.set(sample);
    state.$deadline.set(deadlineOf(exam, now) + clockOffset(exam.serverTime, now));
    state.$exam.set(exam);
    state.$title.set(quizTitle(exam, context.request?.title ?? ''));
    state.$subject.set(exam.heading?.subject ?? context.request?.subjectTitle ?? '');
    state.$answers.set(picked);
    state.$lifelines.set(lifelines);
    state.$flags.set(loadFlags(context.session, exam._id, ids));
    state.$index.set(resumePosition(context.session, exam._id, ids, picked));
    state.$now.set(deps.now());
    $status.set({ status: 'ready' });
    void context.sync?.flush();
    onStarted();
  }

  /** Fetches the attempt the navigation state asked for; also the offline screen's Retry. */
  async function load() {
    const quiz = context.request;
    if (!quiz) return;
    $status.set({ status: 'loading' });
    const result = await deps.request<ExamPayload>('GET', quiz.path, { query: quiz.query });
    if (!result.ok) handleLoadFailure(result);
    else start(result.data);
  }

  return { leave, load };
}
