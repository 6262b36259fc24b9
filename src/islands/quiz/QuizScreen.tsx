import { useStore } from '@nanostores/preact';
import { useEffect } from 'preact/compat';
import { CalculatorPanel, loadCalculator, QuizTitleRow, useCalculator } from './CalculatorToggle.tsx';
import { KeyboardHelp } from './KeyboardHelp.tsx';
import { LifelineBar } from './LifelineBar.tsx';
import { QuestionCard } from './QuestionCard.tsx';
import { QuestionNavigator } from './QuestionNavigator.tsx';
import { QuizNotices } from './QuizNotices.tsx';
import { useScrolledPast } from './quiz-hooks.ts';
import { type QuizMode, subjectHasCalculator } from './quiz-paper.ts';
import type { QuizStore } from './quiz-store.ts';
import { SubmitDialog } from './SubmitDialog.tsx';

/** The daily test's Scroll to Top shows after 300 px, in the flow under the navigator (never over it). */
const SCROLL_TOP_PX = 300;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The running quiz: the title and calculator, notices, the question, lifelines, the navigator and Submit. */
export function QuizScreen({ store, mode }: { store: QuizStore; mode: QuizMode }) {
  const title = useStore(store.$title);
  const subject = useStore(store.$subject);
  const sample = useStore(store.$sample);
  const offline = useStore(store.$offline);
  const hasQuestion = useStore(store.$current).question !== undefined;
  const calculatorState = useCalculator();
  const showScrollTop = useScrolledPast(SCROLL_TOP_PX);
  const calculator = subjectHasCalculator(subject);

  // A downloaded paper may lose the network at any moment: its calculator's code is fetched at the start.
  useEffect(() => {
    if (offline && calculator) loadCalculator().catch(() => undefined);
  }, [offline, calculator]);

  if (!hasQuestion) return null;

  return (
    <div className="quiz">
      <QuizTitleRow title={title} calculator={calculator ? calculatorState : undefined} />

      <QuizNotices store={store} />
      {sample && (
        <p className="quiz-notice quiz-notice-info">
          This paper has no questions yet, so here are 3 sample questions to practise with. Your score on them
          is not saved.
        </p>
      )}

      {offline && (
        <p className="quiz-notice quiz-notice-info">
          Downloaded paper: it is marked on this phone when you submit, and goes into your history the next
          time you are online. It does not count towards the leaderboard, and lifelines need a connection.
        </p>
      )}

      {mode === 'contest' && (
        <p className="quiz-notice quiz-notice-info">
          Contest level: your answers are saved as you pick them. You may use one lifeline in this level, and
          the level is handed in by itself when its time runs out.
        </p>
      )}

      <QuestionCard store={store} />
      {!sample && !offline && <LifelineBar store={store} />}
      <QuestionNavigator store={store} />

      <KeyboardHelp />

      {mode === 'daily' && showScrollTop && (
        <button
          type="button"
          className="button button-outline scroll-top"
          onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
        >
          Scroll to Top
        </button>
      )}

      <CalculatorPanel calculator={calculatorState} />

      <SubmitDialog store={store} />
    </div>
  );
}
