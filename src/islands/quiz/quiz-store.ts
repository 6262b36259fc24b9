import { CONTEST } from '../../lib/api/contest.ts';
import { contestLevelRequest, contestPath, contestSubmitter } from '../contests/contest-play.ts';
import { environment } from '../shared/environment.ts';
import { commandForKey, type KeyPress } from './keyboard.ts';
import { type Answers, createAnswers } from './quiz-answers.ts';
import { createQuizImages, type QuizImages } from './quiz-images.ts';
import { createLifelines } from './quiz-lifelines.ts';
import { createLoader } from './quiz-load.ts';
import { createOfflineQuiz } from './quiz-offline.ts';
import { type QuizMode, quizRequestFromState } from './quiz-paper.ts';
import { createQuizState, type QuizState } from './quiz-state.ts';
import { createSubmission, quizSubmitter, type Submission } from './quiz-submit.ts';
import { TICK_MS } from './timer.ts';

export { AUTO_ADVANCE_MS } from './quiz-answers.ts';
export type { QuizStatus } from './quiz-state.ts';
export { SUBMIT_DIALOG } from './quiz-submit.ts';

/**
 * The quiz of /test and /daily-test (spec §2 and §4): fetching or resuming the attempt (quiz-load.ts), the
 * countdown, choosing and saving answers, queued on the phone while offline (quiz-answers.ts), moving
 * between questions, flags, lifelines (quiz-lifelines.ts), the JAMB CBT keys and submitting, by hand or
 * when the time runs out (quiz-submit.ts). The browser comes in through `environment()`.
 */
export function createQuizStore(mode: QuizMode) {
  const state = createQuizState(environment().now(), environment().isOnline());
  const { context } = state;
  const answers = createAnswers(state);
  const offline = createOfflineQuiz(state);
  const submission =
    mode === 'contest'
      ? createSubmission(
          state,
          answers,
          contestSubmitter(() => context.request?.contestId ?? ''),
        )
      : createSubmission(state, answers, quizSubmitter(state, offline));
  const images = createQuizImages();
  const loader = createLoader(state, { mode, answers, onStarted, offline });
  const { lifeline, $spent: $lifelinesSpent } = createLifelines(state, answers, {
    ...(mode === 'contest' ? { perAttempt: CONTEST.lifelinesPerLevel } : {}),
  });
  const handleKey = createKeyHandler(state, answers, submission);
  const cleanups: (() => void)[] = [];

  /** The quiz is on screen: a test whose time ran out while away is submitted; the paper's images load. */
  function onStarted() {
    submission.checkTime();
    const exam = state.$exam.get();
    if (exam) images.preload(exam);
  }

  /**
   * Reads the navigation state (a contest level: the address) and loads the quiz; without it, goes home
   * (spec §2), or to the contests. Returns a cleanup.
   */
  function init() {
    const browser = environment();
    context.request =
      mode === 'contest'
        ? contestLevelRequest(browser.readSearch())
        : quizRequestFromState(mode, browser.readNavigationState());
    if (!context.request) {
      loader.leave(mode === 'contest' ? '/contests' : '/');
      return dispose;
    }
    state.$title.set(context.request.title);
    context.local = browser.openStorage('local');
    context.session = browser.openStorage('session');
    cleanups.push(watchAttempt(state, submission, images));
    void browser.loadUser();
    void loader.load();
    return dispose;
  }

  function dispose() {
    answers.cancelAdvance();
    submission.dispose();
    context.sync?.dispose();
    images.dispose();
    offline.dispose();
    for (const cleanup of cleanups.splice(0)) cleanup();
  }

  return {
    $status: state.$status,
    $exam: state.$exam,
    $sample: state.$sample,
    $offline: state.$offline,
    $title: state.$title,
    $subject: state.$subject,
    $index: state.$index,
    $answers: state.$answers,
    $current: state.$current,
    $navigator: state.$navigator,
    $remaining: state.$remaining,
    $timeUp: state.$timeUp,
    $balance: state.$balance,
    $pending: state.$pending,
    $pendingLabel: state.$pendingLabel,
    $online: state.$online,
    $confirmOpen: state.$confirmOpen,
    $submitting: state.$submitting,
    $lifelineBusy: state.$lifelineBusy,
    /** The attempt's lifelines are used up: a contest level allows one (CONTEST.lifelinesPerLevel). */
    $lifelinesSpent,
    /** A contest level's cap on lifelines (one), which the bar states; undefined for other quizzes. */
    lifelinesPerLevel: mode === 'contest' ? CONTEST.lifelinesPerLevel : undefined,
    /** The contest page a contest level came from, for its way back; undefined for other quizzes. */
    contestHref: () => (context.request?.contestId ? contestPath(context.request.contestId) : undefined),
    init,
    load: loader.load,
    loadOnline: loader.loadOnline,
    choose: answers.choose,
    next: answers.next,
    previous: answers.previous,
    goTo: answers.goTo,
    flag: answers.flag,
    lifeline,
    openSubmit: submission.openSubmit,
    closeSubmit: submission.closeSubmit,
    submit: submission.submit,
    handleKey,
    images,
  };
}

export type QuizStore = ReturnType<typeof createQuizStore>;

/**
 * The JAMB CBT keys of a running quiz: each key press is applied, and true says the quiz used it (the page
 * then prevents the default). `optionKeys` is how many option letters choose (A to E unless told).
 */
export function createKeyHandler(
  state: QuizState,
  answers: Answers,
  submission: Submission,
  { optionKeys }: { optionKeys?: number } = {},
) {
  return function handleKey(press: KeyPress): boolean {
    if (state.$status.get().status !== 'ready') return false;
    const command = commandForKey({
      ...press,
      dialogOpen: state.$confirmOpen.get(),
      ...(optionKeys ? { optionKeys } : {}),
    });
    if (!command) return false;
    switch (command.type) {
      case 'choose': {
        const option = state.$question.get()?.options[command.index];
        if (!option) return false;
        answers.choose(option._id);
        return true;
      }
      case 'next':
        answers.next();
        return true;
      case 'previous':
        answers.previous();
        return true;
      case 'openSubmit':
        submission.openSubmit();
        return true;
      case 'closeSubmit':
        submission.closeSubmit();
        return true;
    }
  };
}

/**
 * Keeps a running attempt in step with the browser: back online, queued answers go out, a time that ran
 * out offline submits and failed images load again; a phone that wakes up catches up with the clock; the
 * countdown ticks. Returns the cleanup.
 */
export function watchAttempt(state: QuizState, submission: Submission, images: QuizImages): () => void {
  const { context } = state;
  const browser = environment();
  const unwatch = browser.watchBrowser({
    online: () => {
      state.$online.set(true);
      void context.sync?.flush();
      submission.checkTime();
      images.retryFailed();
    },
    offline: () => state.$online.set(false),
    visible: () => {
      submission.tick();
      void context.sync?.flush();
    },
  });
  const ticker = browser.setInterval(submission.tick, TICK_MS);
  return () => {
    unwatch();
    browser.clearInterval(ticker);
  };
}
