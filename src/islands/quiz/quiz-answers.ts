import { examApi } from '../../lib/api/endpoints.ts';
import { environment } from '../shared/environment.ts';
import { isRetryable, type QueuedAnswer } from './answer-queue.ts';
import { createAnswerSync } from './answer-sync.ts';
import { flagsKey, positionKey, storeQuietly, toggleFlag } from './navigator.ts';
import type { ExamPayload, ExamQuestion } from './quiz-paper.ts';
import type { QuizState } from './quiz-state.ts';

/** The pause after choosing an option before the next question shows (spec §9). */
export const AUTO_ADVANCE_MS = 1000;

/**
 * Answering and moving between questions: picking an option (saved at once through the offline queue,
 * then on to the next question), Next, Previous (which takes the answer back, on the server too), the
 * navigator and flags. With the state's free movement (the UTME) a pick stays put, Next needs no answer
 * and Previous keeps the answer.
 */
export function createAnswers(state: QuizState) {
  const { context, $exam, $index, $answers, $lifelines, $flags, $current, $timeUp, $submitting } = state;
  let advanceTimer: unknown;

  async function sendAnswer(exam: ExamPayload, answer: QueuedAnswer) {
    const result = await environment().call(examApi.saveAnswer, { body: { exam: exam._id, ...answer } });
    if (result.ok) return 'sent' as const;
    return isRetryable(result.status) ? ('retry' as const) : ('rejected' as const);
  }

  /**
   * Starts the attempt's answer queue, restoring what this phone had not sent yet. Answers queued for
   * questions the attempt no longer has, or that were skipped, can never be saved: they are dropped.
   */
  function connectQueue(exam: ExamPayload, skipped: ReadonlySet<string>) {
    const ids = exam.questions.map((question) => question._id);
    const sync = createAnswerSync({
      attemptId: exam._id,
      storage: context.local,
      isOnline: () => state.$online.get(),
      send: (answer) => sendAnswer(exam, answer),
      onChange: (queue) => state.$pending.set(queue.length),
      onWaiting: (waiting) => state.$waiting.set(waiting),
      setTimer: (run, ms) => environment().setTimeout(run, ms),
      clearTimer: (timer) => environment().clearTimeout(timer),
    });
    for (const entry of sync.pending()) {
      if (!ids.includes(entry.question) || skipped.has(entry.question)) sync.remove(entry.question);
    }
    state.$pending.set(sync.pending().length);
    context.sync = sync;
  }

  /** Stops a pending move to the next question (the student moved, or the quiz is being submitted). */
  function cancelAdvance() {
    if (advanceTimer !== undefined) environment().clearTimeout(advanceTimer);
    advanceTimer = undefined;
  }

  function goTo(index: number) {
    const exam = $exam.get();
    if (!exam || index < 0 || index >= exam.questions.length) return;
    cancelAdvance();
    $index.set(index);
    storeQuietly(context.session, positionKey(exam._id), String(index));
  }

  function canAnswer(question: ExamQuestion | undefined): question is ExamQuestion {
    return (
      question !== undefined &&
      !$timeUp.get() &&
      !$submitting.get() &&
      $lifelines.get()[question._id]?.kind !== 'skip'
    );
  }

  /**
   * Takes back the answer to a question. Previous also clears it on the server (a queued `option: null`),
   * so the score matches the screen; after a skip the server has already dropped it.
   */
  function clearAnswer(questionId: string, { onServer }: { onServer: boolean }) {
    const { [questionId]: _cleared, ...rest } = $answers.get();
    $answers.set(rest);
    if (onServer) context.sync?.add({ question: questionId, option: null });
    else context.sync?.remove(questionId);
  }

  /** Picks an option: highlighted and saved at once, then the next question after 1 s (not on the last). */
  function choose(optionId: string) {
    const exam = $exam.get();
    const { question, index, isLast, hidden } = $current.get();
    if (!exam || !canAnswer(question) || hidden.has(optionId)) return;
    if (!question.options.some((option) => option._id === optionId)) return;
    $answers.setKey(question._id, optionId);
    context.sync?.add({ question: question._id, option: optionId });
    cancelAdvance();
    if (!isLast && !state.freeMovement) {
      advanceTimer = environment().setTimeout(() => {
        advanceTimer = undefined;
        if ($index.get() === index && !$timeUp.get()) goTo(index + 1);
      }, AUTO_ADVANCE_MS);
    }
  }

  /** Next: only once the question is answered (or skipped with a lifeline), unless movement is free. */
  function next() {
    const { question, index, isLast, canGoOn } = $current.get();
    if (!question || isLast || !canGoOn) return;
    goTo(index + 1);
  }

  /** Previous clears the current question's selection (spec §4; not in the UTME), then goes back one. */
  function previous() {
    const { question, index } = $current.get();
    if (!question || index === 0) return;
    if (!state.freeMovement && canAnswer(question) && $answers.get()[question._id]) {
      clearAnswer(question._id, { onServer: true });
    }
    goTo(index - 1);
  }

  /** Flags the question for review; a flag set just after picking keeps the student on the question. */
  function flag() {
    const exam = $exam.get();
    const question = state.$question.get();
    if (!exam || !question) return;
    cancelAdvance();
    const flags = toggleFlag($flags.get(), question._id);
    $flags.set(flags);
    storeQuietly(context.session, flagsKey(exam._id), JSON.stringify(flags));
  }

  return { connectQueue, cancelAdvance, goTo, canAnswer, clearAnswer, choose, next, previous, flag };
}

export type Answers = ReturnType<typeof createAnswers>;
