import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { UTME } from '../../lib/api/utme.ts';
import { UNRANKED_SITTING_LINE } from '../../lib/ranking.ts';
import { KeyboardHelp } from '../quiz/KeyboardHelp.tsx';
import { QuestionCard } from '../quiz/QuestionCard.tsx';
import { QuestionNavigator } from '../quiz/QuestionNavigator.tsx';
import { QuizHeader } from '../quiz/QuizHeader.tsx';
import { OfflineMessage, QuizMessage } from '../quiz/QuizMessage.tsx';
import { QuizNotices } from '../quiz/QuizNotices.tsx';
import { useQuizKeys } from '../quiz/quiz-hooks.ts';
import { SittingSubmitDialog } from './SittingSubmitDialog.tsx';
import { panelId, SittingTabs, tabId } from './SittingTabs.tsx';
import { createSittingStore, type SittingStore } from './sitting-store.ts';
import './sitting.css';

// Loaded when first opened: a student who never uses it never downloads it.
const Calculator = lazy(() =>
  import('../quiz/Calculator.tsx').then((module) => ({ default: module.Calculator })),
);

/** The UTME sitting screen (/utme/sitting?subjects=a,b,c); its logic is in sitting-store.ts. */
export default function Sitting() {
  const [store] = useState(() => createSittingStore());
  const status = useStore(store.$status);

  useEffect(() => store.init(), [store]);
  useQuizKeys(store);

  return (
    <>
      <QuizHeader store={store} />
      <div className="quiz-page">
        {status.status === 'ready' ? (
          <SittingScreen store={store} />
        ) : status.status === 'blocked' ? (
          <QuizMessage title="This mock cannot start" message={status.message}>
            <a className="button" href="/utme">
              Choose your subjects again
            </a>
          </QuizMessage>
        ) : status.status === 'offline' ? (
          <OfflineMessage message={status.message} retry={() => void store.load()} />
        ) : (
          <div className="spinner" role="status" aria-label="Loading your UTME mock" />
        )}
      </div>
    </>
  );
}

/** The running sitting: the calculator, notices, the subject tabs, the question and navigator, Submit. */
function SittingScreen({ store }: { store: SittingStore }) {
  const hasQuestion = useStore(store.$current).question !== undefined;
  const sections = useStore(store.$sections);
  const section = useStore(store.$section);
  const submitting = useStore(store.$submitting);
  const ranked = useStore(store.$ranked);
  const [calculatorOpen, setCalculatorOpen] = useState(false);
  const calculatorButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [jumps, setJumps] = useState(0);
  const idBase = useId();

  // A question chosen in the submit dialog: closing, the dialog gave the focus back to where it was before
  // it opened, but the student is now at the question. Its heading ("Question 12/40") takes the focus, as
  // after any move that leaves the focus nowhere. This runs after the dialog's own effect has closed it.
  useEffect(() => {
    if (jumps > 0) panel.current?.querySelector<HTMLElement>('.question-badge')?.focus();
  }, [jumps]);

  if (!hasQuestion) return null;
  const subject = sections[section]?.subject.title ?? '';

  function closeCalculator() {
    setCalculatorOpen(false);
    calculatorButton.current?.focus();
  }

  return (
    <div className="quiz">
      <div className="quiz-title-row">
        <h1 className="quiz-title">JAMB UTME mock</h1>
        <button
          ref={calculatorButton}
          type="button"
          className="button button-outline quiz-tool"
          aria-expanded={calculatorOpen}
          onClick={() => (calculatorOpen ? closeCalculator() : setCalculatorOpen(true))}
        >
          Calculator
        </button>
      </div>

      {!ranked && <p className="hint utme-practice">{UNRANKED_SITTING_LINE}</p>}
      <QuizNotices store={store} />
      <SittingTabs store={store} idBase={idBase} />

      <div
        ref={panel}
        role="tabpanel"
        id={panelId(idBase)}
        aria-labelledby={tabId(idBase, section)}
        className="sitting-panel"
      >
        <QuestionCard store={store} />
        <QuestionNavigator store={store} title={`${subject} questions`} />
      </div>

      <button
        type="button"
        className="button sitting-submit"
        onClick={store.openSubmit}
        disabled={submitting}
      >
        Submit the mock
      </button>

      <KeyboardHelp optionKeys={UTME.optionKeys} />

      {calculatorOpen && (
        <Suspense fallback={null}>
          <Calculator onClose={closeCalculator} />
        </Suspense>
      )}

      <SittingSubmitDialog
        store={store}
        onJump={(index) => {
          store.jumpTo(index);
          setJumps((count) => count + 1);
        }}
      />
    </div>
  );
}
