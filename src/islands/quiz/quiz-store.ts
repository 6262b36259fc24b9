import { atom, computed, map } from 'nanostores';
import { type ApiResult, reportFailure, request } from '../../lib/client/api.ts';
import { showErrorModal } from '../../lib/client/error-modal.ts';
import { navigate, readNavigationState } from '../../lib/client/navigation.ts';
import { $auth, loadUser, replaceUser } from '../../lib/client/session.ts';
import { showToastAfterNavigation } from '../../lib/client/toasts.ts';
import { PaymentCode, UNAUTHORIZED_MESSAGE } from '../../lib/errors.ts';
import type { AwardState, QuizResult } from '../results/result.ts';
import {
  isRetryable,
  type KeyValueStorage,
  memoryStorage,
  mergeAnswers,
  pendingLabel,
  type QueuedAnswer,
  retryDelay,
} from './answer-queue.ts';
import { type AnswerSync, createAnswerSync } from './answer-sync.ts';
import {
  type ExamPayload,
  type ExamQuestion,
  type LifelineKind,
  type LifelineUse,
  type QuizMode,
  type QuizRequest,
  quizRequestFromState,
  quizTitle,
  SAMPLE_QUESTIONS,
  scoreSample,
} from './exam.ts';
import { commandForKey, type KeyPress } from './keyboard.ts';
import {
  flagsKey,
  loadFlags,
  navigatorItems,
  navigatorSummary,
  positionKey,
  resumePosition,
  storeQuietly,
  toggleFlag,
} from './navigator.ts';
import { clockOffset, deadlineOf, minutesSpent, secondsLeft, TICK_MS } from './timer.ts';

/** The pause after choosing an option before the next question shows (spec §9). */
export const AUTO_ADVANCE_MS = 1000;
/** How long Submit waits for queued answers before sending them all in its own body. */
const QUEUE_WAIT_MS = 8000;

/** The submit dialog (spec §2). */
export const SUBMIT_DIALOG = {
  title: 'Alert',
  text: 'Are you sure you want to submit now? Action cannot be undone.',
} as const;

/** Where the quiz screen is: loading, running, or stopped with a message. */
export type QuizStatus =
  | { status: 'loading' }
  | { status: 'ready' }
  /** The daily test cannot be taken (taken already today, or no questions): the message and a way back. */
  | { status: 'blocked'; message: string }
  /** No connection when the quiz was fetched: nothing is wrong with the account, so offer a retry. */
  | { status: 'offline'; message: string }
  | { status: 'leaving' };

interface LifelineResponse {
  kind: LifelineKind;
  question: string;
  hiddenOptions: string[];
  triviaPoints: number;
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  try {
    const storage = window[kind];
    const probe = '__quiz_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

/**
 * The quiz of /test and /daily-test (spec §2 and §4): fetching or resuming the attempt, the countdown,
 * choosing and saving answers (queued on the phone while offline), moving between questions, flags,
 * lifelines, the JAMB CBT keys and submitting, by hand or when the time runs out.
 */
export function createQuizStore(mode: QuizMode) {
  const $status = atom<QuizStatus>({ status: 'loading' });
  const $exam = atom<ExamPayload | undefined>(undefined);
  const $sample = atom(false);
  const $title = atom('');
  /** The subject's title, which decides whether the calculator is offered. */
  const $subject = atom('');
  const $index = atom(0);
  const $answers = map<Record<string, string>>({});
  const $lifelines = map<Record<string, LifelineUse>>({});
  const $flags = atom<string[]>([]);
  const $pending = atom(0);
  /** Some answers could not go out yet (offline, or the last save failed). */
  const $waiting = atom(false);
  const $online = atom(typeof navigator === 'undefined' ? true : navigator.onLine);
  const $now = atom(Date.now());
  const $confirmOpen = atom(false);
  const $submitting = atom(false);
  const $lifelineBusy = atom(false);

  /** The deadline, fixed when the quiz loads. */
  const $deadline = atom(0);
  const $remaining = computed([$exam, $deadline, $now], (exam, deadline, now) =>
    exam ? secondsLeft(deadline, now) : 0,
  );
  const $timeUp = computed([$exam, $remaining], (exam, remaining) => exam !== undefined && remaining === 0);
  const $balance = computed($auth, (state) => state.user?.triviaPoints);
  const $pendingLabel = computed([$pending, $waiting, $online], (pending, waiting, online) =>
    waiting || !online ? pendingLabel(pending) : '',
  );

  const $question = computed([$exam, $index], (exam, index) => exam?.questions[index]);
  const $current = computed(
    [$exam, $index, $answers, $lifelines, $flags],
    (exam, index, answers, lifelines, flags) => {
      const question = exam?.questions[index];
      const lifeline = question ? lifelines[question._id] : undefined;
      return {
        question,
        index,
        total: exam?.questions.length ?? 0,
        selected: question ? answers[question._id] : undefined,
        lifeline,
        hidden: new Set(lifeline?.hiddenOptions ?? []),
        skipped: lifeline?.kind === 'skip',
        flagged: question ? flags.includes(question._id) : false,
        isFirst: index === 0,
        isLast: exam ? index === exam.questions.length - 1 : false,
      };
    },
  );
  const $navigator = computed(
    [$exam, $answers, $lifelines, $flags, $index],
    (exam, answers, lifelines, flags, index) => {
      const skipped = new Set(
        Object.values(lifelines)
          .filter((use) => use.kind === 'skip')
          .map((use) => use.question),
      );
      const items = navigatorItems(
        exam?.questions.map((question) => question._id) ?? [],
        answers,
        skipped,
        new Set(flags),
        index,
      );
      return { items, summary: navigatorSummary(items) };
    },
  );

  let quizRequest: QuizRequest | undefined;
  let sync: AnswerSync | undefined;
  let local: KeyValueStorage = memoryStorage();
  let session: KeyValueStorage = memoryStorage();
  let advanceTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let submitRetryTimer: ReturnType<typeof setTimeout> | undefined;
  let submitFailures = 0;
  let submitted = false;
  const cleanups: (() => void)[] = [];

  function cancelAdvance() {
    if (advanceTimer !== undefined) clearTimeout(advanceTimer);
    advanceTimer = undefined;
  }

  function leave(path: string) {
    $status.set({ status: 'leaving' });
    navigate(path, undefined, { replace: true });
  }

  /** The spec's failed exam load: show what went wrong, then go to /pricing. */
  function reportAndLeave(result: Extract<ApiResult<unknown>, { ok: false }>, path: string) {
    if (result.message === UNAUTHORIZED_MESSAGE) return; // the API client clears the session and reloads
    if (result.errors && result.errors.length > 1) {
      // The modal has to be read before the page changes: leave when it closes.
      $status.set({ status: 'leaving' });
      document.getElementById('error-modal')?.addEventListener('close', () => leave(path), { once: true });
      showErrorModal(result.errors);
      return;
    }
    showToastAfterNavigation(result.message, 'error');
    leave(path);
  }

  function handleLoadFailure(result: Extract<ApiResult<unknown>, { ok: false }>) {
    if (result.status === 0) {
      $status.set({ status: 'offline', message: result.message });
      return;
    }
    if (result.code === PaymentCode.subscriptionExpired) {
      leave('/subscribe-now');
      return;
    }
    if (result.code === PaymentCode.subscriptionRequired) {
      showToastAfterNavigation(result.message, 'info');
      leave('/pricing');
      return;
    }
    if (mode === 'daily' && (result.status === 409 || result.status === 404)) {
      $status.set({ status: 'blocked', message: result.message });
      return;
    }
    reportAndLeave(result, '/pricing');
  }

  async function sendAnswer(exam: ExamPayload, answer: QueuedAnswer) {
    const result = await request<null>('PATCH', '/api/v1/exam/answer', {
      body: { exam: exam._id, ...answer },
    });
    if (result.ok) return 'sent' as const;
    return isRetryable(result.status) ? ('retry' as const) : ('rejected' as const);
  }

  function start(payload: ExamPayload) {
    const sample = payload.questions.length === 0;
    const exam: ExamPayload = sample
      ? {
          ...payload,
          questions: SAMPLE_QUESTIONS.map(
            ({ answer: _answer, explanation: _explanation, ...question }) => question,
          ),
        }
      : payload;
    const ids = exam.questions.map((question) => question._id);
    const lifelines = Object.fromEntries(exam.lifelines.map((use) => [use.question, use]));
    const skipped = new Set(exam.lifelines.filter((use) => use.kind === 'skip').map((use) => use.question));

    if (!sample) {
      sync = createAnswerSync({
        attemptId: exam._id,
        storage: local,
        isOnline: () => $online.get(),
        send: (answer) => sendAnswer(exam, answer),
        onChange: (queue) => $pending.set(queue.length),
        onWaiting: (waiting) => $waiting.set(waiting),
      });
      // Answers queued for questions this attempt no longer has, or that were skipped, can never be saved.
      for (const entry of sync.pending()) {
        if (!ids.includes(entry.question) || skipped.has(entry.question)) sync.remove(entry.question);
      }
      $pending.set(sync.pending().length);
    }
    const answers = mergeAnswers(sample ? [] : exam.answers, sync?.pending() ?? []);
    for (const question of skipped) delete answers[question];

    $sample.set(sample);
    $deadline.set(deadlineOf(exam, Date.now()) + clockOffset(exam.serverTime, Date.now()));
    $exam.set(exam);
    $title.set(quizTitle(exam, quizRequest?.title ?? ''));
    $subject.set(exam.heading?.subject ?? quizRequest?.subjectTitle ?? '');
    $answers.set(answers);
    $lifelines.set(lifelines);
    $flags.set(loadFlags(session, exam._id, ids));
    $index.set(resumePosition(session, exam._id, ids, answers));
    $now.set(Date.now());
    $status.set({ status: 'ready' });
    void sync?.flush();
    checkTime();
  }

  async function load() {
    if (!quizRequest) return;
    $status.set({ status: 'loading' });
    const result = await request<ExamPayload>('GET', quizRequest.path, { query: quizRequest.query });
    if (!result.ok) handleLoadFailure(result);
    else start(result.data);
  }

  function checkTime() {
    if ($timeUp.get() && !submitted) {
      $confirmOpen.set(false);
      cancelAdvance();
      void submit({ auto: true });
    }
  }

  function tick() {
    $now.set(Date.now());
    checkTime();
  }

  /**
   * Takes back the answer to a question. Previous also clears it on the server (a queued `option: null`),
   * so the score matches the screen; after a skip the server has already dropped it.
   */
  function clearAnswer(questionId: string, { onServer }: { onServer: boolean }) {
    const { [questionId]: _cleared, ...rest } = $answers.get();
    $answers.set(rest);
    if (onServer) sync?.add({ question: questionId, option: null });
    else sync?.remove(questionId);
  }

  function goTo(index: number) {
    const exam = $exam.get();
    if (!exam || index < 0 || index >= exam.questions.length) return;
    cancelAdvance();
    $index.set(index);
    storeQuietly(session, positionKey(exam._id), String(index));
  }

  function canAnswer(question: ExamQuestion | undefined): question is ExamQuestion {
    return (
      question !== undefined &&
      !$timeUp.get() &&
      !$submitting.get() &&
      $lifelines.get()[question._id]?.kind !== 'skip'
    );
  }

  /** Picks an option: highlighted and saved at once, then the next question after 1 s (not on the last). */
  function choose(optionId: string) {
    const exam = $exam.get();
    const { question, index, isLast, hidden } = $current.get();
    if (!exam || !canAnswer(question) || hidden.has(optionId)) return;
    if (!question.options.some((option) => option._id === optionId)) return;
    $answers.setKey(question._id, optionId);
    sync?.add({ question: question._id, option: optionId });
    cancelAdvance();
    if (!isLast) {
      advanceTimer = setTimeout(() => {
        advanceTimer = undefined;
        if ($index.get() === index && !$timeUp.get()) goTo(index + 1);
      }, AUTO_ADVANCE_MS);
    }
  }

  /** Next: only once the question is answered (or skipped with a lifeline). */
  function next() {
    const { question, index, isLast, selected, skipped } = $current.get();
    if (!question || isLast || !(selected || skipped)) return;
    goTo(index + 1);
  }

  /** Previous clears the current question's selection (spec §4), then goes back one question. */
  function previous() {
    const { question, index } = $current.get();
    if (!question || index === 0) return;
    if (canAnswer(question) && $answers.get()[question._id]) {
      clearAnswer(question._id, { onServer: true });
    }
    goTo(index - 1);
  }

  function flag() {
    const exam = $exam.get();
    const question = $question.get();
    if (!exam || !question) return;
    const flags = toggleFlag($flags.get(), question._id);
    $flags.set(flags);
    storeQuietly(session, flagsKey(exam._id), JSON.stringify(flags));
  }

  /** A lifeline on the current question: 4 coins, one per question; out of coins goes to /out-of-coin. */
  async function lifeline(kind: LifelineKind) {
    const exam = $exam.get();
    const question = $question.get();
    if (!exam || !canAnswer(question) || $sample.get() || $lifelineBusy.get()) return;
    if ($lifelines.get()[question._id]) return;
    $lifelineBusy.set(true);
    const result = await request<LifelineResponse>('POST', '/api/v1/exam/lifeline', {
      body: { exam: exam._id, question: question._id, kind },
    });
    $lifelineBusy.set(false);
    if (!result.ok) {
      if (result.code === PaymentCode.insufficientCoins) navigate('/out-of-coin');
      else reportFailure(result);
      return;
    }
    const use = { question: question._id, kind, hiddenOptions: result.data.hiddenOptions };
    $lifelines.setKey(question._id, use);
    const user = $auth.get().user;
    if (user) replaceUser({ ...user, triviaPoints: result.data.triviaPoints });
    if (kind === 'skip') {
      clearAnswer(question._id, { onServer: false });
      if ($index.get() === exam.questions.indexOf(question) && !$current.get().isLast) goTo($index.get() + 1);
    }
  }

  /** Submit: the confirmation first, except once the time is up, when it submits straight away. */
  function openSubmit() {
    if (!$exam.get() || $submitting.get()) return;
    if ($timeUp.get()) {
      void submit({ auto: true });
      return;
    }
    cancelAdvance();
    $confirmOpen.set(true);
  }

  function closeSubmit() {
    $confirmOpen.set(false);
  }

  function scheduleSubmitRetry() {
    if (submitRetryTimer !== undefined) return;
    submitFailures += 1;
    submitRetryTimer = setTimeout(() => {
      submitRetryTimer = undefined;
      checkTime();
    }, retryDelay(submitFailures));
  }

  function finish(result: QuizResult, message: string) {
    submitted = true;
    const exam = $exam.get();
    sync?.clear();
    if (exam) {
      storeQuietly(session, flagsKey(exam._id), undefined);
      storeQuietly(session, positionKey(exam._id), undefined);
    }
    const user = $auth.get().user;
    const state: AwardState = {
      result,
      user: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' },
      title: $title.get(),
      ...($sample.get() ? { sample: true } : {}),
    };
    if (message) showToastAfterNavigation(message, 'success');
    $status.set({ status: 'leaving' });
    // Replace: Back from the results must not reopen (and so restart) a submitted test.
    navigate('/award', state, { replace: true });
  }

  /**
   * Submits: waits (a while) for queued answers, then sends every answer in the body as well, so none is
   * lost. A failure brings the button back with the errors; when the time is up and the connection is the
   * problem, it tries again by itself.
   */
  async function submit({ auto = false }: { auto?: boolean } = {}) {
    const exam = $exam.get();
    if (!exam || !quizRequest || submitted || $submitting.get()) return;
    $submitting.set(true);
    cancelAdvance();
    const timeSpent = minutesSpent(exam.startedAt, Date.now(), exam.duration);
    if ($sample.get()) {
      $submitting.set(false);
      finish(scoreSample($answers.get(), timeSpent), '');
      return;
    }
    if (sync)
      await Promise.race([sync.flush(), new Promise((resolve) => setTimeout(resolve, QUEUE_WAIT_MS))]);
    const skipped = new Set(
      Object.values($lifelines.get())
        .filter((use) => use.kind === 'skip')
        .map((use) => use.question),
    );
    const answers = Object.entries($answers.get())
      .filter(([question, option]) => option && !skipped.has(question))
      .map(([question, option]) => ({ question, option }));
    const result =
      quizRequest.mode === 'daily'
        ? await request<QuizResult>('POST', '/api/v1/exam/answer/daily', {
            body: { subject: quizRequest.subjectId, answers, timeSpent },
            quiet: true,
          })
        : await request<QuizResult>('POST', '/api/v1/exam/answer', {
            body: { exam: exam._id, answers, timeSpent },
            quiet: true,
          });
    $submitting.set(false);
    if (result.ok) {
      finish(result.data, result.message);
      return;
    }
    $confirmOpen.set(false);
    if (auto || $timeUp.get()) {
      if (isRetryable(result.status)) scheduleSubmitRetry();
      else reportFailure(result);
      return;
    }
    reportFailure(result);
  }

  /** Applies a JAMB CBT key; true when the quiz used it (the page then prevents the default). */
  function handleKey(press: KeyPress): boolean {
    if ($status.get().status !== 'ready') return false;
    const command = commandForKey({ ...press, dialogOpen: $confirmOpen.get() });
    if (!command) return false;
    switch (command.type) {
      case 'choose': {
        const option = $question.get()?.options[command.index];
        if (!option) return false;
        choose(option._id);
        return true;
      }
      case 'next':
        next();
        return true;
      case 'previous':
        previous();
        return true;
      case 'openSubmit':
        openSubmit();
        return true;
      case 'closeSubmit':
        closeSubmit();
        return true;
    }
  }

  function listen<K extends keyof WindowEventMap>(type: K, handler: (event: WindowEventMap[K]) => void) {
    window.addEventListener(type, handler);
    cleanups.push(() => window.removeEventListener(type, handler));
  }

  /** Reads the navigation state and loads the quiz; without state, goes home (spec §2). Returns a cleanup. */
  function init() {
    quizRequest = quizRequestFromState(mode, readNavigationState());
    if (!quizRequest) {
      leave('/');
      return dispose;
    }
    $title.set(quizRequest.title);
    local = browserStorage('localStorage');
    session = browserStorage('sessionStorage');
    listen('online', () => {
      $online.set(true);
      void sync?.flush();
      checkTime();
    });
    listen('offline', () => $online.set(false));
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      tick();
      void sync?.flush();
    };
    document.addEventListener('visibilitychange', onVisible);
    cleanups.push(() => document.removeEventListener('visibilitychange', onVisible));
    tickTimer = setInterval(tick, TICK_MS);
    void loadUser();
    void load();
    return dispose;
  }

  function dispose() {
    cancelAdvance();
    if (tickTimer !== undefined) clearInterval(tickTimer);
    if (submitRetryTimer !== undefined) clearTimeout(submitRetryTimer);
    sync?.dispose();
    for (const cleanup of cleanups.splice(0)) cleanup();
  }

  return {
    $status,
    $exam,
    $sample,
    $title,
    $subject,
    $index,
    $answers,
    $current,
    $navigator,
    $remaining,
    $timeUp,
    $balance,
    $pending,
    $pendingLabel,
    $online,
    $confirmOpen,
    $submitting,
    $lifelineBusy,
    init,
    load,
    choose,
    next,
    previous,
    goTo,
    flag,
    lifeline,
    openSubmit,
    closeSubmit,
    submit,
    handleKey,
  };
}

export type QuizStore = ReturnType<typeof createQuizStore>;
