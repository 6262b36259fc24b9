import { useStore } from '@nanostores/preact';
import { useEffect, useId, useRef, useState } from 'preact/compat';
import { UTME } from '../../lib/api/utme.ts';
import { UNRANKED_SITTING_LINE } from '../../lib/ranking.ts';
import { CalculatorPanel, QuizTitleRow, useCalculator } from '../quiz/CalculatorToggle.tsx';
import { ConfirmFirst } from '../quiz/ConfirmFirst.tsx';
import { KeyboardHelp } from '../quiz/KeyboardHelp.tsx';
import { QuestionCard } from '../quiz/QuestionCard.tsx';
import { QuestionNavigator } from '../quiz/QuestionNavigator.tsx';
import { QuizFrame, useQuizIsland } from '../quiz/QuizFrame.tsx';
import { OfflineMessage, QuizMessage } from '../quiz/QuizMessage.tsx';
import { QuizNotices } from '../quiz/QuizNotices.tsx';
import { SittingSubmitDialog } from './SittingSubmitDialog.tsx';
import { panelId, SittingTabs, tabId } from './SittingTabs.tsx';
import { createSittingStore, type SittingStore } from './sitting-store.ts';
import './sitting.css';

/** The UTME sitting screen (/utme/sitting?subjects=a,b,c); its logic is in sitting-store.ts. */
export default function Sitting() {
  const store = useQuizIsland(() => createSittingStore());
  const status = useStore(store.$status);

  return (
    <QuizFrame store={store}>
      {status.status === 'ready' ? (
        <SittingScreen store={store} />
      ) : status.status === 'blocked' ? (
        <QuizMessage title="This mock cannot start" message={status.message}>
          <a className="button" href="/utme">
            Choose your subjects again
          </a>
        </QuizMessage>
      ) : status.status === 'unconfirmed' ? (
        <ConfirmFirst email={status.email} />
      ) : status.status === 'offline' ? (
        <OfflineMessage message={status.message} retry={() => void store.load()} />
      ) : (
        <div className="spinner" role="status" aria-label="Loading your UTME mock" />
      )}
    </QuizFrame>
  );
}

/** The running sitting: the calculator, notices, the subject tabs, the question and navigator, Submit. */
function SittingScreen({ store }: { store: SittingStore }) {
  const hasQuestion = useStore(store.$current).question !== undefined;
  const sections = useStore(store.$sections);
  const section = useStore(store.$section);
  const submitting = useStore(store.$submitting);
  const ranked = useStore(store.$ranked);
  const calculator = useCalculator();
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

  return (
    <div className="quiz">
      <QuizTitleRow title="JAMB UTME mock" calculator={calculator} />

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

      <CalculatorPanel calculator={calculator} />

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
