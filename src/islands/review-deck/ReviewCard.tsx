import type { KeyboardEvent, ReactNode } from 'preact/compat';
import { useEffect, useId, useRef } from 'preact/compat';
import type { ReviewOutcome } from '../../lib/api/review.ts';
import { optionLetter } from '../quiz/keyboard.ts';
import { ImageRetry, QuizImage } from '../quiz/QuizImage.tsx';
import type { QuizImages } from '../quiz/quiz-images.ts';
import { Passage } from '../shared/Passage.tsx';
import { RichHtml } from '../shared/RichHtml.tsx';
import { dueWhen } from './review-deck.ts';
import type { ReviewingState } from './review-deck-store.ts';

interface ReviewCardProps {
  state: ReviewingState;
  images: QuizImages;
  onAnswer: (option: string | null) => void;
  onRetry: () => void;
  onNext: () => void;
  /**
   * Shown under the answer once it is marked: the place of the "Report a problem" button
   * (src/islands/reports/), which the deck hands the question's id.
   */
  report?: ReactNode;
}

/** Arrow keys move between the answers (the options, then "I don't know"); Enter or Space picks one. */
function moveFocus(event: KeyboardEvent<HTMLFieldSetElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const choices = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-choice]')];
  const at = choices.indexOf(document.activeElement as HTMLButtonElement);
  const step = event.key === 'ArrowDown' ? 1 : -1;
  const target = choices[(at + step + choices.length) % choices.length];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** The mark an option carries once the answer is known, in words as well as colour. */
function markOf(outcome: ReviewOutcome | null, picked: string | null | undefined, optionId: string) {
  if (!outcome) return undefined;
  if (optionId === outcome.correctOption) return { className: ' review-right', label: 'the right answer' };
  if (optionId === picked) return { className: ' review-wrong', label: 'your answer' };
  return undefined;
}

/** One due question: the passage, the question, its options and "I don't know"; then right or wrong. */
export function ReviewCard({ state, images, onAnswer, onRetry, onNext, report }: ReviewCardProps) {
  const { question, position, total, picked, sending, outcome, error } = state;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const verdict = useRef<HTMLDivElement>(null);
  const answered = picked !== undefined;
  const number = position + 1;

  // Each question mounts a card of its own (keyed by its id): it is read from its heading. A marked answer
  // hands focus to Next, after the live verdict.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    if (!outcome && !error) return;
    // Next takes focus without moving the page; the verdict's start is brought into view instead, so that
    // a long explanation is read from its beginning.
    const region = verdict.current;
    if (region) {
      const box = region.getBoundingClientRect();
      const headerBottom = Number.parseFloat(getComputedStyle(region).scrollMarginTop) || 0;
      if (box.top < headerBottom || box.bottom > window.innerHeight)
        region.scrollIntoView({ block: 'start' });
    }
    nextButton.current?.focus({ preventScroll: true });
  }, [outcome, error]);

  return (
    <section className="card question-card review-card" aria-labelledby={headingId}>
      <div className="question-top">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="question-badge">
          Question {number} of {total}
        </h2>
        <p className="review-source">
          {question.subject.title}
          {question.topic && <> › {question.topic}</>}
        </p>
      </div>

      {question.passage && <Passage key={question._id} html={question.passage} />}
      {question.question && <RichHtml className="question-text rich" html={question.question} />}
      {question.file && (
        <QuizImage
          images={images}
          className="question-image"
          url={question.file.url}
          alt={`Diagram for question ${number}`}
        />
      )}

      <fieldset className="review-choices" onKeyDown={moveFocus}>
        <legend className="visually-hidden">Answers to question {number}</legend>
        <ul className="options">
          {question.options.map((option, index) => {
            const letter = optionLetter(index);
            const mark = markOf(outcome, picked, option._id);
            return (
              <li key={option._id}>
                <button
                  type="button"
                  data-choice
                  className={`option accent-${index % 4}${picked === option._id ? ' selected' : ''}${mark?.className ?? ''}`}
                  disabled={answered}
                  onClick={() => onAnswer(option._id)}
                >
                  <span className="option-letter">{letter}</span>
                  <span className="option-body">
                    {option.file && (
                      <QuizImage
                        images={images}
                        className="option-image"
                        url={option.file.url}
                        alt={`Option ${letter}`}
                        retryHere={false}
                      />
                    )}
                    <RichHtml inline className="rich" html={option.option} />
                    {mark && <span className="review-mark">({mark.label})</span>}
                  </span>
                </button>
                {option.file && <ImageRetry images={images} url={option.file.url} alt={`Option ${letter}`} />}
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          data-choice
          className={`button button-outline review-dont-know${picked === null ? ' selected' : ''}`}
          disabled={answered}
          onClick={() => onAnswer(null)}
        >
          I don’t know
        </button>
      </fieldset>

      <div className="review-verdict" ref={verdict} aria-live="polite">
        {sending && <p>Checking…</p>}
        {outcome && <Verdict outcome={outcome} question={question.options} />}
        {error && (
          <p className="review-error" role="alert">
            {error}
          </p>
        )}
      </div>

      {(outcome || error) && (
        <div className="review-actions">
          {error && (
            <button type="button" className="button button-outline" onClick={onRetry} disabled={sending}>
              Try again
            </button>
          )}
          <button
            type="button"
            className="button quiz-next"
            ref={nextButton}
            onClick={onNext}
            disabled={sending}
          >
            {number < total ? (outcome ? 'Next' : 'Skip') : 'Finish'}
          </button>
        </div>
      )}
      {outcome && report}
    </section>
  );
}

/** Right or wrong, the right option by its letter, the explanation, and when the question comes back. */
function Verdict({ outcome, question }: { outcome: ReviewOutcome; question: { _id: string }[] }) {
  const index = question.findIndex((option) => option._id === outcome.correctOption);
  return (
    <div className={`review-outcome ${outcome.correct ? 'review-outcome-right' : 'review-outcome-wrong'}`}>
      <p className="review-outcome-title">
        {outcome.correct ? (
          <strong>Right.</strong>
        ) : (
          <>
            <strong>Not quite.</strong> The answer is {optionLetter(index)}.
          </>
        )}
      </p>
      {outcome.explanation && (
        <div className="review-explanation">
          <strong>Explanation:</strong>
          <RichHtml className="rich" html={outcome.explanation} />
        </div>
      )}
      <p className="hint">This question comes back {dueWhen(outcome.due, Date.now())}.</p>
    </div>
  );
}
