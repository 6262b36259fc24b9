import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { formatThousands } from '../../lib/format.ts';
import { LIFELINE_COST } from '../../lib/scoring.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { RichHtml } from '../shared/RichHtml.tsx';
import { type QuizMode, subjectHasCalculator } from './exam.ts';
import { KEYBOARD_HELP, optionLetter } from './keyboard.ts';
import { describeItem } from './navigator.ts';
import { createQuizStore, type QuizStore, SUBMIT_DIALOG } from './quiz-store.ts';
import { describeCountdown, formatCountdown } from './timer.ts';

// Most papers have no use for it, so its code loads only when a student opens it.
const Calculator = lazy(() => import('./Calculator.tsx').then((module) => ({ default: module.Calculator })));

/** The header logo shrinks after this much scroll, and the daily test's Scroll to Top shows after 300 px. */
const HEADER_SHRINK_PX = 20;
const SCROLL_TOP_PX = 300;

/** Whether the page has scrolled further than `px`, updated on scroll. */
function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Routes the JAMB CBT keys to the store, leaving keys typed into a field or the calculator alone. */
function useQuizKeys(store: QuizStore) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const typing =
        target !== null &&
        (target.isContentEditable ||
          ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
          target.closest('[data-calculator]') !== null);
      const handled = store.handleKey({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing,
      });
      if (handled) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store]);
}

/** The quiz of /test and /daily-test (spec §2): one island for both, its logic in quiz-store.ts. */
export default function Quiz({ mode }: { mode: QuizMode }) {
  const [store] = useState(() => createQuizStore(mode));
  const status = useStore(store.$status);

  useEffect(() => store.init(), [store]);
  useQuizKeys(store);

  return (
    <>
      <QuizHeader store={store} />
      <div className="quiz-page">
        {status.status === 'ready' ? (
          <QuizScreen store={store} mode={mode} />
        ) : status.status === 'blocked' ? (
          <div className="card quiz-message" role="alert">
            <h1>Daily Test</h1>
            <p>{status.message}</p>
            <p className="quiz-message-actions">
              <a className="button" href="/practice-subject">
                Choose another subject
              </a>
              <a className="button button-outline" href="/">
                Home
              </a>
            </p>
          </div>
        ) : status.status === 'offline' ? (
          <div className="card quiz-message" role="alert">
            <h1>You are offline</h1>
            <p>{status.message}</p>
            <p className="quiz-message-actions">
              <button type="button" className="button" onClick={() => void store.load()}>
                Retry
              </button>
            </p>
          </div>
        ) : (
          <div className="spinner" role="status" aria-label="Loading your test" />
        )}
      </div>
    </>
  );
}

function QuizHeader({ store }: { store: QuizStore }) {
  const compact = useScrolledPast(HEADER_SHRINK_PX);
  const ready = useStore(store.$status).status === 'ready';
  return (
    <header className={`quiz-header${compact ? ' compact' : ''}`}>
      <div className="quiz-header-inner">
        <a className="logo quiz-logo" href="/" aria-label="ExamPrep NG home">
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span className="quiz-logo-text">
            ExamPrep<span className="logo-accent">NG</span>
          </span>
        </a>
        {ready && <Countdown store={store} />}
      </div>
    </header>
  );
}

/** The countdown box; only this re-renders each second. */
function Countdown({ store }: { store: QuizStore }) {
  const remaining = useStore(store.$remaining);
  const low = remaining > 0 && remaining <= 60;
  return (
    <div className={`countdown${remaining === 0 ? ' countdown-up' : low ? ' countdown-low' : ''}`}>
      <span className="countdown-label" aria-hidden="true">
        Time left
      </span>
      <span role="timer" aria-label={describeCountdown(remaining)}>
        {formatCountdown(remaining)}
      </span>
    </div>
  );
}

function QuizScreen({ store, mode }: { store: QuizStore; mode: QuizMode }) {
  const title = useStore(store.$title);
  const subject = useStore(store.$subject);
  const sample = useStore(store.$sample);
  const current = useStore(store.$current);
  const timeUp = useStore(store.$timeUp);
  const submitting = useStore(store.$submitting);
  const confirmOpen = useStore(store.$confirmOpen);
  const [calculatorOpen, setCalculatorOpen] = useState(false);
  const calculatorButton = useRef<HTMLButtonElement>(null);
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const showScrollTop = useScrolledPast(SCROLL_TOP_PX);
  const headingId = useId();
  const { question, index, total, selected, hidden, skipped, flagged, isFirst, isLast } = current;
  const shownIndex = useRef(index);

  // A new question starts at the top of the page, and a screen reader hears it when focus was lost.
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
    if (!document.activeElement || document.activeElement === document.body) questionHeading.current?.focus();
  }, [index]);

  if (!question) return null;
  const locked = timeUp || submitting || skipped;

  function closeCalculator() {
    setCalculatorOpen(false);
    calculatorButton.current?.focus();
  }

  return (
    <div className="quiz">
      <div className="quiz-title-row">
        <h1 className="quiz-title">{title}</h1>
        {subjectHasCalculator(subject) && (
          <button
            ref={calculatorButton}
            type="button"
            className="button button-outline quiz-tool"
            aria-expanded={calculatorOpen}
            onClick={() => (calculatorOpen ? closeCalculator() : setCalculatorOpen(true))}
          >
            Calculator
          </button>
        )}
      </div>

      <QuizNotices store={store} />
      {sample && (
        <p className="quiz-notice quiz-notice-info">
          This paper has no questions yet, so here are 3 sample questions to practise with. Your score on them
          is not saved.
        </p>
      )}

      <section className="card question-card" aria-labelledby={headingId}>
        <div className="question-top">
          <h2
            id={headingId}
            ref={questionHeading}
            tabIndex={-1}
            className="question-badge"
            aria-live="polite"
          >
            Question {index + 1}/{total}
          </h2>
          <button
            type="button"
            className={`flag-toggle${flagged ? ' flagged' : ''}`}
            aria-pressed={flagged}
            onClick={store.flag}
          >
            <span aria-hidden="true">⚑</span> Flag for review
          </button>
        </div>

        {question.question && <RichHtml className="question-text rich" html={question.question} />}
        {question.file && (
          <img
            className="question-image"
            src={question.file.url}
            alt={`Diagram for question ${index + 1}`}
            decoding="async"
          />
        )}

        <ul className="options" aria-label={`Options for question ${index + 1}`}>
          {question.options.map((option, optionIndex) => {
            const letter = optionLetter(optionIndex);
            // 50-50 removes two options; one the student had already picked stays visible.
            if (hidden.has(option._id) && option._id !== selected) return null;
            return (
              <li key={option._id}>
                <button
                  type="button"
                  className={`option accent-${optionIndex % 4}${selected === option._id ? ' selected' : ''}`}
                  aria-pressed={selected === option._id}
                  disabled={locked}
                  onClick={() => store.choose(option._id)}
                >
                  <span className="option-letter">{letter}</span>
                  <span className="option-body">
                    {option.file && (
                      <img
                        className="option-image"
                        src={option.file.url}
                        alt={`Option ${letter}`}
                        decoding="async"
                      />
                    )}
                    <RichHtml inline className="rich" html={option.option} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {skipped && <p className="quiz-notice">You skipped this question with a lifeline. It stays blank.</p>}

        <div className="quiz-nav">
          {!isFirst && (
            <button
              type="button"
              className="button button-outline"
              onClick={store.previous}
              disabled={submitting}
            >
              Previous
            </button>
          )}
          {isLast || timeUp ? (
            <button
              type="button"
              className="button quiz-next"
              onClick={store.openSubmit}
              disabled={submitting}
            >
              {submitting ? 'Submitting...' : 'Submit'}
            </button>
          ) : (
            <button
              type="button"
              className="button quiz-next"
              onClick={store.next}
              disabled={!(selected || skipped) || submitting}
            >
              Next
            </button>
          )}
        </div>
      </section>

      {!sample && <Lifelines store={store} />}
      <Navigator store={store} />

      <p className="keyboard-help">
        Keyboard:{' '}
        {KEYBOARD_HELP.map(([keys, action]) => (
          <span key={keys}>
            <kbd>{keys}</kbd> {action}
          </span>
        ))}
      </p>

      {calculatorOpen && (
        <Suspense fallback={null}>
          <Calculator onClose={closeCalculator} />
        </Suspense>
      )}

      {mode === 'daily' && showScrollTop && (
        <button
          type="button"
          className="button scroll-top"
          onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
        >
          Scroll to Top
        </button>
      )}

      <Dialog open={confirmOpen} title={SUBMIT_DIALOG.title} onClose={store.closeSubmit}>
        <p>{SUBMIT_DIALOG.text}</p>
        <div className="modal-actions">
          <button type="button" className="button button-outline" onClick={store.closeSubmit}>
            Cancel
          </button>
          <button type="button" className="button" onClick={() => void store.submit()} disabled={submitting}>
            {submitting ? 'Submitting...' : 'Confirm'}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

/** Offline, waiting answers and time-up notices, announced politely. */
function QuizNotices({ store }: { store: QuizStore }) {
  const online = useStore(store.$online);
  const pending = useStore(store.$pendingLabel);
  const timeUp = useStore(store.$timeUp);
  const submitting = useStore(store.$submitting);
  return (
    <div className="quiz-notices" aria-live="polite">
      {timeUp && (
        <p className="quiz-notice quiz-notice-warn">
          Time up!{' '}
          {submitting
            ? 'Submitting your answers...'
            : 'Your answers could not be submitted yet. We keep trying; you can also press Submit.'}
        </p>
      )}
      {!online && (
        <p className="quiz-notice quiz-notice-warn">
          You are offline. Keep answering: your answers are kept on this phone and sent when you reconnect.
        </p>
      )}
      {pending && <p className="quiz-notice quiz-notice-info">{pending}</p>}
    </div>
  );
}

function Lifelines({ store }: { store: QuizStore }) {
  const current = useStore(store.$current);
  const balance = useStore(store.$balance);
  const busy = useStore(store.$lifelineBusy);
  const timeUp = useStore(store.$timeUp);
  const submitting = useStore(store.$submitting);
  const priceId = useId();
  const used = current.lifeline;
  const disabled = used !== undefined || busy || timeUp || submitting;
  return (
    <section className="card lifelines" aria-label="Lifelines">
      <p id={priceId} className="lifeline-info">
        Lifelines: {LIFELINE_COST} coins each, one per question. Balance:{' '}
        <strong>{balance === undefined ? '…' : `${formatThousands(balance)} coins`}</strong>
      </p>
      <div className="lifeline-buttons">
        <button
          type="button"
          className="button button-outline"
          aria-describedby={priceId}
          disabled={disabled}
          onClick={() => void store.lifeline('fifty-fifty')}
        >
          50-50 <span className="lifeline-price">({LIFELINE_COST} coins)</span>
        </button>
        <button
          type="button"
          className="button button-outline"
          aria-describedby={priceId}
          disabled={disabled}
          onClick={() => void store.lifeline('skip')}
        >
          Skip <span className="lifeline-price">({LIFELINE_COST} coins)</span>
        </button>
      </div>
      {used && (
        <p className="lifeline-used">{used.kind === 'skip' ? 'Skip' : '50-50'} used on this question.</p>
      )}
    </section>
  );
}

function Navigator({ store }: { store: QuizStore }) {
  const { items, summary } = useStore(store.$navigator);
  const headingId = useId();
  return (
    <nav className="card navigator" aria-labelledby={headingId}>
      <h2 id={headingId}>Questions</h2>
      <p className="navigator-legend">
        <span className="legend answered">{summary.answered} answered</span>
        <span className="legend unanswered">{summary.unanswered} unanswered</span>
        <span className="legend flagged">{summary.flagged} flagged</span>
      </p>
      <ol className="navigator-grid">
        {items.map((item) => (
          <li key={item.index}>
            <button
              type="button"
              className={`navigator-item ${item.status}${item.flagged ? ' flagged' : ''}`}
              aria-label={describeItem(item)}
              aria-current={item.current ? 'step' : undefined}
              onClick={() => store.goTo(item.index)}
            >
              {item.number}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
