import { useStore } from '@nanostores/preact';
import type { UtmeSubject } from '../../lib/api/utme.ts';
import { ConfirmSubmitDialog } from '../quiz/SubmitDialog.tsx';
import { type QuestionPlace, questionButtonLabel, sectionSummary } from './sitting.ts';
import type { SittingStore } from './sitting-store.ts';

/**
 * The quiz's submit dialog, with what is still open in each subject ("Physics: 3 unanswered") and, as in
 * JAMB's review screen, the numbers of those questions (and of the flagged ones), each going back to its
 * question, so that nobody hands in a subject they forgot. However long the lists, they scroll within the
 * dialog and Cancel and Confirm stay in view (sitting.css).
 */
export function SittingSubmitDialog({
  store,
  onJump,
}: {
  store: SittingStore;
  /** A listed question was chosen (the dialog closes and the sitting goes to it). */
  onJump: (index: number) => void;
}) {
  const open = useStore(store.$confirmOpen);
  const submitting = useStore(store.$submitting);
  const counts = useStore(store.$counts);
  const unanswered = counts.reduce((sum, count) => sum + count.total - count.answered, 0);
  const flagged = counts.reduce((sum, count) => sum + count.flagged, 0);
  return (
    <ConfirmSubmitDialog
      open={open}
      submitting={submitting}
      summary={{ unanswered, flagged }}
      onCancel={store.closeSubmit}
      onConfirm={() => void store.submit()}
    >
      <div className="sitting-review">
        <ul className="sitting-summary" aria-label="By subject">
          {counts.map((count) => (
            <li key={count.subject._id}>
              <p className="sitting-summary-line">{sectionSummary(count)}</p>
              <QuestionList
                subject={count.subject}
                title="Unanswered"
                questions={count.unansweredQuestions}
                onJump={onJump}
              />
              <QuestionList
                subject={count.subject}
                title="Flagged"
                questions={count.flaggedQuestions}
                flagged
                onJump={onJump}
              />
            </li>
          ))}
        </ul>
      </div>
    </ConfirmSubmitDialog>
  );
}

/** One subject's unanswered (or flagged) questions as buttons numbered within the subject; none, nothing. */
function QuestionList({
  subject,
  title,
  questions,
  flagged = false,
  onJump,
}: {
  subject: UtmeSubject;
  title: string;
  questions: readonly QuestionPlace[];
  flagged?: boolean;
  onJump: (index: number) => void;
}) {
  if (questions.length === 0) return null;
  return (
    <div className="sitting-review-group">
      <p className="sitting-review-title" aria-hidden="true">
        {title}
      </p>
      <ul
        className="navigator-grid sitting-review-grid"
        aria-label={`${subject.title}, ${title.toLowerCase()}`}
      >
        {questions.map((place) => (
          <li key={place.index}>
            <button
              type="button"
              className={`navigator-item${flagged ? ' flagged' : ''}`}
              aria-label={questionButtonLabel(subject, place, flagged)}
              onClick={() => onJump(place.index)}
            >
              {place.number}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
