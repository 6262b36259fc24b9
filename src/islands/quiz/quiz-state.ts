import { atom, computed, map } from 'nanostores';
import { $auth } from '../../lib/client/session.ts';
import { opensPassage } from '../shared/passage.ts';
import { type KeyValueStorage, memoryStorage, pendingLabel } from './answer-queue.ts';
import type { AnswerSync } from './answer-sync.ts';
import { navigatorItems, navigatorSummary } from './navigator.ts';
import type { ExamPayload, LifelineUse, QuizRequest } from './quiz-paper.ts';
import { secondsLeft } from './timer.ts';

/** Where the quiz screen is: loading, running, or stopped with a message. */
export type QuizStatus =
  | { status: 'loading' }
  | { status: 'ready' }
  /** The daily test cannot be taken (taken already today, or no questions): the message and a way back. */
  | { status: 'blocked'; message: string }
  /** No connection when the quiz was fetched: nothing is wrong with the account, so offer a retry. */
  | { status: 'offline'; message: string }
  /** The downloaded paper's plan has ended: it can be taken online only, as the offline terms say. */
  | { status: 'expired'; message: string }
  /**
   * Refused for want of a plan while the email the student signed up with waits for confirmation: the free
   * trial starts when they open the link, so the quiz says so (with Resend) instead of sending them to buy.
   */
  | { status: 'unconfirmed'; email: string }
  | { status: 'leaving' };

/** The attempt's plumbing, set by `init` and the loader and read by the other parts. */
export interface QuizContext {
  /** What the navigation state asked for; undefined until `init` has read it. */
  request: QuizRequest | undefined;
  /** The offline answer queue of a real (not sample) attempt. */
  sync: AnswerSync | undefined;
  /** Keeps the answer queue across reloads. */
  local: KeyValueStorage;
  /** Keeps the flags and the question on screen for this tab. */
  session: KeyValueStorage;
  /** Set once the server has the submission: nothing more is sent. */
  submitted: boolean;
}

export interface QuizStateOptions {
  /**
   * The UTME's free movement, as in JAMB's CBT: Next goes on without an answer, Previous keeps the answer,
   * and picking an option does not move on by itself. /test and /daily-test guide instead (spec §4).
   */
  freeMovement?: boolean;
}

/** The quiz screen's atoms and what is computed from them; the store's parts act on these. */
export function createQuizState(
  now: number,
  online: boolean,
  { freeMovement = false }: QuizStateOptions = {},
) {
  const $status = atom<QuizStatus>({ status: 'loading' });
  const $exam = atom<ExamPayload | undefined>(undefined);
  const $sample = atom(false);
  /** A paper downloaded to the phone, taken and scored there (docs/offline.md). */
  const $offline = atom(false);
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
  const $online = atom(online);
  const $now = atom(now);
  const $confirmOpen = atom(false);
  const $submitting = atom(false);
  const $lifelineBusy = atom(false);
  /** The deadline on the phone's clock, fixed when the quiz loads. */
  const $deadline = atom(0);

  const $remaining = computed([$exam, $deadline, $now], (exam, deadline, at) =>
    exam ? secondsLeft(deadline, at) : 0,
  );
  const $timeUp = computed([$exam, $remaining], (exam, remaining) => exam !== undefined && remaining === 0);
  const $balance = computed($auth, (state) => state.user?.triviaPoints);
  const $pendingLabel = computed([$pending, $waiting, $online], (pending, waiting, isOnline) =>
    waiting || !isOnline ? pendingLabel(pending) : '',
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
        /** The question opens its passage (the first on it) rather than folding it (see passage.ts). */
        passageFirst: exam ? opensPassage(exam.questions, index) : false,
        isFirst: index === 0,
        isLast: exam ? index === exam.questions.length - 1 : false,
        /** Whether Next may go on: always with free movement, else once answered (or skipped). */
        canGoOn: freeMovement || Boolean((question && answers[question._id]) || lifeline?.kind === 'skip'),
      };
    },
  );
  const $navigator = computed(
    [$exam, $answers, $lifelines, $flags, $index],
    (exam, answers, lifelines, flags, index) => {
      const items = navigatorItems(
        exam?.questions.map((question) => question._id) ?? [],
        answers,
        skippedQuestions(lifelines),
        new Set(flags),
        index,
      );
      return { items, summary: navigatorSummary(items) };
    },
  );

  const context: QuizContext = {
    request: undefined,
    sync: undefined,
    local: memoryStorage(),
    session: memoryStorage(),
    submitted: false,
  };

  return {
    context,
    freeMovement,
    $status,
    $exam,
    $sample,
    $offline,
    $title,
    $subject,
    $index,
    $answers,
    $lifelines,
    $flags,
    $pending,
    $waiting,
    $online,
    $now,
    $confirmOpen,
    $submitting,
    $lifelineBusy,
    $deadline,
    $remaining,
    $timeUp,
    $balance,
    $pendingLabel,
    $question,
    $current,
    $navigator,
  };
}

export type QuizState = ReturnType<typeof createQuizState>;

/** The question on screen and what the question card needs to know about it. */
export type QuizCurrent = ReturnType<QuizState['$current']['get']>;

/** The questions skipped with a lifeline: they stay blank and are never sent. */
export function skippedQuestions(lifelines: Readonly<Record<string, LifelineUse>>): Set<string> {
  return new Set(
    Object.values(lifelines)
      .filter((use) => use.kind === 'skip')
      .map((use) => use.question),
  );
}
