import { useStore } from '@nanostores/preact';
import { useEffect, useId, useRef } from 'preact/compat';
import { Passage } from '../shared/Passage.tsx';
import { RichHtml } from '../shared/RichHtml.tsx';
import { optionLetter } from './keyboard.ts';
import { ImageRetry, QuizImage } from './QuizImage.tsx';
import type { QuizStore } from './quiz-store.ts';

/** What the question card reads and calls: the quiz's store, or the UTME sitting's. */
export type QuestionCardStore = Pick<
  QuizStore,
  '$current' | '$timeUp' | '$submitting' | 'flag' | 'choose' | 'previous' | 'next' | 'openSubmit' | 'images'
>;

/** The question on screen: its number, the flag, the text and image, the options, then Previous and Next. */
export function QuestionCard({ store }: { store: QuestionCardStore }) {
  const current = useStore(store.$current);
  const timeUp = useStore(store.$timeUp);
  const submitting = useStore(store.$submitting);
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const {
    question,
    index,
    total,
    selected,
    hidden,
    skipped,
    flagged,
    passageFirst,
    isFirst,
    isLast,
    canGoOn,
  } = current;
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

  return (
    <section className="card question-card" aria-labelledby={headingId}>
      <div className="question-top">
        <h2 id={headingId} ref={questionHeading} tabIndex={-1} className="question-badge" aria-live="polite">
          Question {index + 1}/{total}
        </h2>
        <button
          type="button"
          className={`outline-toggle flag-toggle${flagged ? ' flagged' : ''}`}
          aria-pressed={flagged}
          onClick={store.flag}
        >
          <span aria-hidden="true">⚑</span> Flag for review
        </button>
      </div>

      {/* Keyed by question: open on the first question on a passage, folded on the next ones, whatever the
          student did on the question before. */}
      {question.passage && <Passage key={question._id} html={question.passage} open={passageFirst} />}
      {question.question && <RichHtml className="question-text rich" html={question.question} />}
      {question.file && (
        <QuizImage
          images={store.images}
          className="question-image"
          url={question.file.url}
          alt={`Diagram for question ${index + 1}`}
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
                    <QuizImage
                      images={store.images}
                      className="option-image"
                      url={option.file.url}
                      alt={`Option ${letter}`}
                      retryHere={false}
                    />
                  )}
                  <RichHtml inline className="rich" html={option.option} />
                </span>
              </button>
              {option.file && (
                <ImageRetry images={store.images} url={option.file.url} alt={`Option ${letter}`} />
              )}
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
          <button type="button" className="button quiz-next" onClick={store.openSubmit} disabled={submitting}>
            {submitting ? 'Submitting...' : 'Submit'}
          </button>
        ) : (
          <button
            type="button"
            className="button quiz-next"
            onClick={store.next}
            disabled={!canGoOn || submitting}
          >
            Next
          </button>
        )}
      </div>
    </section>
  );
}
