import { $auth } from '../../lib/client/session.ts';
import type { AwardState, QuizResult } from '../results/result.ts';
import { isRetryable, retryDelay } from './answer-queue.ts';
import { scoreSample } from './exam.ts';
import { flagsKey, positionKey, storeQuietly } from './navigator.ts';
import type { Answers } from './quiz-answers.ts';
import type { QuizDeps } from './quiz-deps.ts';
import { type QuizState, skippedQuestions } from './quiz-state.ts';
import { minutesSpent } from './timer.ts';

/** How long Submit waits for queued answers before sending them all in its own body. */
const QUEUE_WAIT_MS = 8000;

/** The submit dialog (spec §2). */
export const SUBMIT_DIALOG = {
  title: 'Alert',
  text: 'Are you sure you want to submit now? Action cannot be undone.',
} as const;

/**
 * Submitting: by hand after the confirmation, or by itself once the countdown reaches zero; then on to
 * /award with the result. When the time is up and the connection failed, it tries again by itself.
 */
export function createSubmission(state: QuizState, deps: QuizDeps, answers: Answers) {
  const { context, $exam, $sample, $answers, $confirmOpen, $submitting, $timeUp } = state;
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
    state.$now.set(deps.now());
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
    retryTimer = deps.setTimeout(() => {
      retryTimer = undefined;
      checkTime();
    }, retryDelay(failures));
  }

  function finish(result: QuizResult, message: string) {
    context.submitted = true;
    const exam = $exam.get();
    context.sync?.clear();
    if (exam) {
      storeQuietly(context.session, flagsKey(exam._id), undefined);
      storeQuietly(context.session, positionKey(exam._id), undefined);
    }
    const user = $auth.get().user;
    const award: AwardState = {
      result,
      user: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' },
      title: state.$title.get(),
      ...($sample.get() ? { sample: true } : {}),
    };
    if (message) deps.toastAfterNavigation(message, 'success');
    state.$status.set({ status: 'leaving' });
    // Replace: Back from the results must not reopen (and so restart) a submitted test.
    deps.navigate('/award', award, { replace: true });
  }

  /** Every picked answer, leaving out the questions skipped with a lifeline. */
  function answersToSend() {
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
    const quiz = context.request;
    if (!exam || !quiz || context.submitted || $submitting.get()) return;
    $submitting.set(true);
    answers.cancelAdvance();
    const timeSpent = minutesSpent(exam.startedAt, deps.now(), exam.duration);
    if ($sample.get()) {
      $submitting.set(false);
      finish(scoreSample($answers.get(), timeSpent), '');
      return;
    }
    const { sync } = context;
    if (sync) {
      const waited = new Promise<void>((resolve) => deps.setTimeout(resolve, QUEUE_WAIT_MS));
      await Promise.race([sync.flush(), waited]);
    }
    const body = answersToSend();
    const result =
      quiz.mode === 'daily'
        ? await deps.request<QuizResult>('POST', '/api/v1/exam/answer/daily', {
            body: { subject: quiz.subjectId, answers: body, timeSpent },
            quiet: true,
          })
        : await deps.request<QuizResult>('POST', '/api/v1/exam/answer', {
            body: { exam: exam._id, answers: body, timeSpent },
            quiet: true,
          });
    $submitting.set(false);
    if (result.ok) {
      finish(result.data, result.message);
      return;
    }
    $confirmOpen.set(false);
    if ((auto || $timeUp.get()) && isRetryable(result.status)) scheduleRetry();
    else deps.reportFailure(result);
  }

  /** Stops the retry timer when the page goes. */
  function dispose() {
    if (retryTimer !== undefined) deps.clearTimeout(retryTimer);
  }

  return { checkTime, tick, openSubmit, closeSubmit, submit, dispose };
}
