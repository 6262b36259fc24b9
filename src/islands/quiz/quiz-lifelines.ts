import { computed } from 'nanostores';
import { examApi } from '../../lib/api/endpoints.ts';
import { PaymentCode } from '../../lib/errors.ts';
import { environment } from '../shared/environment.ts';
import type { Answers } from './quiz-answers.ts';
import type { LifelineKind } from './quiz-paper.ts';
import type { QuizState } from './quiz-state.ts';

/**
 * Lifelines (spec §4): 50-50 hides two wrong options, skip leaves the question blank; each costs coins.
 * `perAttempt` caps the uses in the whole attempt (a contest allows one per level); `$spent` says when the
 * cap is reached, so that the bar can say why it is off.
 */
export function createLifelines(
  state: QuizState,
  answers: Answers,
  { perAttempt }: { perAttempt?: number } = {},
) {
  const { $exam, $index, $lifelines, $lifelineBusy } = state;
  const $spent = computed(
    $lifelines,
    (used) => perAttempt !== undefined && Object.keys(used).length >= perAttempt,
  );

  /** A lifeline on the current question: 4 coins, one per question; out of coins goes to /out-of-coin. */
  async function lifeline(kind: LifelineKind) {
    const exam = $exam.get();
    const question = state.$question.get();
    // The sample set and a downloaded paper run on the phone alone: a lifeline needs the server.
    if (!exam || !answers.canAnswer(question) || state.$sample.get() || state.$offline.get()) return;
    if ($lifelineBusy.get()) return;
    if ($lifelines.get()[question._id] || $spent.get()) return;
    $lifelineBusy.set(true);
    const browser = environment();
    const result = await browser.call(examApi.lifeline, {
      body: { exam: exam._id, question: question._id, kind },
    });
    $lifelineBusy.set(false);
    if (!result.ok) {
      if (result.code === PaymentCode.insufficientCoins) browser.navigate('/out-of-coin');
      else browser.reportFailure(result);
      return;
    }
    const use = { question: question._id, kind, hiddenOptions: result.data.hiddenOptions };
    $lifelines.setKey(question._id, use);
    browser.setCoins(result.data.triviaPoints);
    if (kind === 'skip') {
      answers.clearAnswer(question._id, { onServer: false });
      if ($index.get() === exam.questions.indexOf(question) && !state.$current.get().isLast) {
        answers.goTo($index.get() + 1);
      }
    }
  }

  return { lifeline, $spent };
}
