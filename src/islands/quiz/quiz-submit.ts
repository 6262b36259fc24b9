import { examApi } from '../../lib/api/endpoints.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { $auth } from '../../lib/client/session.ts';
import type { AwardState, QuizResult } from '../results/result.ts';
import { environment } from '../shared/environment.ts';
import { isRetryable, retryDelay } from './answer-queue.ts';
import { flagsKey, positionKey, storeQuietly } from './navigator.ts';
import type { Answers } from './quiz-answers.ts';
import type { OfflineQuiz } from './quiz-offline.ts';
import { type ExamPayload, scoreSample } from './quiz-paper.ts';
import { type QuizState, skippedQuestions } from './quiz-state.ts';
import { minutesSpent } from './timer.ts';

/** How long Submit waits for queued answers before sending them all in its own body. */
const QUEUE_WAIT_MS = 8000;

/** The submit dialog (spec §2). */
export const SUBMIT_DIALOG = {
  title: 'Alert',
  text: 'Are you sure you want to submit now? Action cannot be undone.',
} as const;

/** An answer as the submit body carries it. */
export interface SubmittedAnswer {
  question: string;
  option: string;
}

/** Where a submission goes and where its result is shown: the quiz's, or the UTME sitting's. */
export interface Submitter<Result> {
  /** Sends every picked answer; `timeSpent` is in minutes. */
  send: (exam: ExamPayload, answers: SubmittedAnswer[], timeSpent: number) => Promise<ApiResult<Result>>;
  /** The page that shows the result, and the navigation state it is handed. */
  destination: (result: Result) => { path: string; state: unknown };
}

/**
 * /test and /daily-test: the paper or the daily test goes to its endpoint (the built-in sample set and a
 * downloaded paper are scored on the phone), and the result to /award.
 */
export function quizSubmitter(state: QuizState, offline?: OfflineQuiz): Submitter<QuizResult> {
  return {
    async send(exam, answers, timeSpent) {
      if (state.$sample.get()) {
        return { ok: true, data: scoreSample(state.$answers.get(), timeSpent), message: '' };
      }
      if (offline && state.$offline.get()) return offline.submit(timeSpent);
      const quiz = state.context.request;
      const { call } = environment();
      return quiz?.mode === 'daily'
        ? call(examApi.submitDaily, { body: { subject: quiz.subjectId, answers, timeSpent }, quiet: true })
        : call(examApi.submit, { body: { exam: exam._id, answers, timeSpent }, quiet: true });
    },
    destination(result) {
      const user = $auth.get().user;
      const award: AwardState = {
        result,
        user: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' },
        title: state.$title.get(),
        ...(state.$sample.get() ? { sample: true } : {}),
        ...(state.$offline.get() ? { offline: true } : {}),
      };
      return { path: '/award', state: award };
    },
  };
}

/**
 * Submitting: by hand after the confirmation, or by itself once the countdown reaches zero; then on to
 * the result (the submitter says where). When the time is up and the connection failed, it tries again
 * by itself.
 */
export function createSubmission<Result>(state: QuizState, answers: Answers, submitter: Submitter<Result>) {
  const { context, $exam, $answers, $confirmOpen, $submitting, $timeUp } = state;
  let retryTimer: unknown;
  let failures = 0;

  /** Submits once the time is up (the confirmation is not asked for then). */
  function checkTime() {
    if ($timeUp.get() && !context.submitted) {
      $confirmOpen.set(false);
      answers.cancelAdvance();
      void submit({ auto: true });
    }
  }

  /** The countdown's beat: the time left is worked out again from the clock each time. */
  function tick() {
    state.$now.set(environment().now());
    checkTime();
  }

  /** Submit: the confirmation first, except once the time is up, when it submits straight away. */
  function openSubmit() {
    if (!$exam.get() || $submitting.get()) return;
    if ($timeUp.get()) {
      void submit({ auto: true });
      return;
    }
    answers.cancelAdvance();
    $confirmOpen.set(true);
  }

  function closeSubmit() {
    $confirmOpen.set(false);
  }

  function scheduleRetry() {
    if (retryTimer !== undefined) return;
    failures += 1;
    retryTimer = environment().setTimeout(() => {
      retryTimer = undefined;
      checkTime();
    }, retryDelay(failures));
  }

  function finish(result: Result, message: string) {
    context.submitted = true;
    const exam = $exam.get();
    context.sync?.clear();
    if (exam) {
      storeQuietly(context.session, flagsKey(exam._id), undefined);
      storeQuietly(context.session, positionKey(exam._id), undefined);
    }
    const { path, state: shown } = submitter.destination(result);
    if (message) environment().toastAfterNavigation(message, 'success');
    state.$status.set({ status: 'leaving' });
    // Replace: Back from the results must not reopen (and so restart) a submitted test.
    environment().navigate(path, shown, { replace: true });
  }

  /** Every picked answer, leaving out the questions skipped with a lifeline. */
  function answersToSend(): SubmittedAnswer[] {
    const skipped = skippedQuestions(state.$lifelines.get());
    return Object.entries($answers.get())
      .filter(([question, option]) => option && !skipped.has(question))
      .map(([question, option]) => ({ question, option }));
  }

  /**
   * Submits: waits (a while) for queued answers, then sends every answer in the body as well, so none is
   * lost. A failure brings the button back with the errors; when the time is up and the connection is the
   * problem, it tries again by itself.
   */
  async function submit({ auto = false }: { auto?: boolean } = {}) {
    const exam = $exam.get();
    if (!exam || context.submitted || $submitting.get()) return;
    $submitting.set(true);
    answers.cancelAdvance();
    const timeSpent = minutesSpent(exam.startedAt, environment().now(), exam.duration);
    // The sample set has no queue: its answers never leave the phone.
    const { sync } = context;
    if (sync) {
      const waited = new Promise<void>((resolve) => environment().setTimeout(resolve, QUEUE_WAIT_MS));
      await Promise.race([sync.flush(), waited]);
    }
    const result = await submitter.send(exam, answersToSend(), timeSpent);
    $submitting.set(false);
    if (result.ok) {
      finish(result.data, result.message);
      return;
    }
    $confirmOpen.set(false);
    if ((auto || $timeUp.get()) && isRetryable(result.status)) scheduleRetry();
    else environment().reportFailure(result);
  }

  /** Stops the retry timer when the page goes. */
  function dispose() {
    if (retryTimer !== undefined) environment().clearTimeout(retryTimer);
  }

  return { checkTime, tick, openSubmit, closeSubmit, submit, dispose };
}

export type Submission = ReturnType<typeof createSubmission>;
