import { atom, computed } from 'nanostores';
import { utmeApi } from '../../lib/api/endpoints.ts';
import type { UtmeResult, UtmeSitting } from '../../lib/api/utme.ts';
import { UTME } from '../../lib/api/utme.ts';
import { UNAUTHORIZED_MESSAGE } from '../../lib/errors.ts';
import { navigatorSummary } from '../quiz/navigator.ts';
import { createAnswers } from '../quiz/quiz-answers.ts';
import { createQuizImages } from '../quiz/quiz-images.ts';
import { createLeaving, type Failure, showAttempt } from '../quiz/quiz-load.ts';
import { createQuizState, type QuizCurrent } from '../quiz/quiz-state.ts';
import { createKeyHandler, watchAttempt } from '../quiz/quiz-store.ts';
import { createSubmission, type Submitter } from '../quiz/quiz-submit.ts';
import { environment } from '../shared/environment.ts';
import { leaveForPayment, trialAwaitsConfirmation } from '../shared/leave-for-payment.ts';
import { flattenSitting, type SittingSection, sectionAt, sectionCounts, sittingSubjects } from './sitting.ts';

/** Where the result of a sitting is shown. */
export function resultPath(examId: string): string {
  return `/utme/result?exam=${encodeURIComponent(examId)}`;
}

/** A sitting goes to POST /api/v1/exam/answer/utme (the server works out the time spent), its result to /utme/result. */
function utmeSubmitter(): Submitter<UtmeResult> {
  return {
    send: (exam, answers) =>
      environment().call(utmeApi.submit, { body: { exam: exam._id, answers }, quiet: true }),
    destination: (result) => ({ path: resultPath(result._id), state: result }),
  };
}

/**
 * The UTME sitting screen (/utme/sitting?subjects=a,b,c): Use of English and three subjects on one clock.
 * The whole sitting comes in one GET; its four subjects are laid end to end (sitting.ts) so that the quiz's
 * parts run it: each answer saved as it is picked and queued on the phone while offline, the countdown
 * from the server's deadline, flags and position kept through a reload, submitting by hand or when the
 * time is up. Movement is free, as in JAMB's CBT: N and P go on and back without touching the answer,
 * across subjects too, and a pick stays on its question. There are no lifelines and no coins.
 */
export function createSittingStore() {
  const state = createQuizState(environment().now(), environment().isOnline(), { freeMovement: true });
  const { context } = state;
  const answers = createAnswers(state);
  const submission = createSubmission(state, answers, utmeSubmitter());
  const images = createQuizImages();
  const { leave } = createLeaving(state);
  const handleKey = createKeyHandler(state, answers, submission, { optionKeys: UTME.optionKeys });
  const cleanups: (() => void)[] = [];
  let subjects: string[] | undefined;

  const $sections = atom<SittingSection[]>([]);

  /** Whether the sitting can go on the mock ranking (false: the bank could not fill it with unseen questions). */

  const $ranked = atom(true);
  /** The subject on screen, by its position in the sitting. */
  const $section = computed([$sections, state.$index], sectionAt);
  /** Each subject's answered, total and flagged questions (the tabs and the submit dialog) and which are open. */
  const $counts = computed(
    [$sections, state.$exam, state.$answers, state.$flags],
    (sections, exam, picked, flags) =>
      sectionCounts(sections, exam?.questions.map((question) => question._id) ?? [], picked, flags),
  );
  /** The question on screen, numbered within its subject ("Question 12/40"). */
  const $current = computed(
    [state.$current, $sections, $section],
    (current, sections, section): QuizCurrent => {
      const range = sections[section];
      if (!range) return current;
      return { ...current, index: current.index - range.start, total: range.end - range.start };
    },
  );
  /** The navigator of the subject on screen: its questions numbered from 1, each jumping to its place. */
  const $navigator = computed([state.$navigator, $sections, $section], ({ items }, sections, section) => {
    const range = sections[section];
    const shown = range
      ? items.slice(range.start, range.end).map((item) => ({ ...item, number: item.index - range.start + 1 }))
      : items;
    return { items: shown, summary: navigatorSummary(shown) };
  });

  /** Where the student last was in each subject, so that a tab opens on it again. */
  const lastSeen = new Map<number, number>();
  state.$index.listen((index) => lastSeen.set(sectionAt($sections.get(), index), index));

  /** Opens a subject where the student left it, or at its first question. */
  function goToSection(section: number) {
    const range = $sections.get()[section];
    if (!range || section === $section.get()) return;
    answers.goTo(lastSeen.get(section) ?? range.start);
  }

  /**
   * A question listed in the submit dialog: the dialog closes and the question opens, in its subject, as
   * JAMB's review screen sends the candidate back to a question left blank.
   */
  function jumpTo(index: number) {
    submission.closeSubmit();
    answers.goTo(index);
  }

  async function handleLoadFailure(result: Failure) {
    if (result.status === 0) {
      state.$status.set({ status: 'offline', message: result.message });
      return;
    }
    if (result.message === UNAUTHORIZED_MESSAGE) return; // the API client clears the session and reloads
    const email = await trialAwaitsConfirmation(result);
    if (email) {
      state.$status.set({ status: 'unconfirmed', email });
      return;
    }
    if (leaveForPayment(result, leave)) return;
    // Subjects the server refuses (400), or a bank short of questions: say so, with the way back to /utme.
    state.$status.set({ status: 'blocked', message: result.message });
  }

  function start(sitting: UtmeSitting) {
    const { exam, sections } = flattenSitting(sitting);
    lastSeen.clear();
    $sections.set(sections);
    $ranked.set(sitting.ranked !== false);
    showAttempt(state, answers, exam);
    // A sitting whose time ran out while the student was away is submitted at once.
    submission.checkTime();
    images.preload(exam);
  }

  /** Fetches the sitting (started, or the one under way resumed); also the offline screen's Retry. */
  async function load() {
    if (!subjects) return;
    state.$status.set({ status: 'loading' });
    const result = await environment().call(utmeApi.sitting, { query: { subjects: subjects.join(',') } });
    if (!result.ok) await handleLoadFailure(result);
    else start(result.data);
  }

  /** Reads the subjects from the address and loads the sitting; without valid ones, back to /utme. */
  function init() {
    const browser = environment();
    subjects = sittingSubjects(browser.readSearch());
    if (!subjects) {
      leave('/utme');
      return dispose;
    }
    context.local = browser.openStorage('local');
    context.session = browser.openStorage('session');
    cleanups.push(watchAttempt(state, submission, images));
    void load();
    return dispose;
  }

  function dispose() {
    submission.dispose();
    context.sync?.dispose();
    images.dispose();
    for (const cleanup of cleanups.splice(0)) cleanup();
  }

  return {
    $status: state.$status,
    $sections,
    $ranked,
    $section,
    $counts,
    $current,
    $navigator,
    $index: state.$index,
    $answers: state.$answers,
    $remaining: state.$remaining,
    $timeUp: state.$timeUp,
    $pending: state.$pending,
    $pendingLabel: state.$pendingLabel,
    $online: state.$online,
    $confirmOpen: state.$confirmOpen,
    $submitting: state.$submitting,
    init,
    load,
    choose: answers.choose,
    next: answers.next,
    previous: answers.previous,
    goTo: answers.goTo,
    goToSection,
    jumpTo,
    flag: answers.flag,
    openSubmit: submission.openSubmit,
    closeSubmit: submission.closeSubmit,
    submit: submission.submit,
    handleKey,
    images,
  };
}

export type SittingStore = ReturnType<typeof createSittingStore>;
