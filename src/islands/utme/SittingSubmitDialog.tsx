import { useStore } from '@nanostores/react';
import { submitSummary } from '../quiz/navigator.ts';
import { SUBMIT_DIALOG } from '../quiz/quiz-submit.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { sectionSummary } from './sitting.ts';
import type { SittingStore } from './sitting-store.ts';

/**
 * The quiz's "Are you sure you want to submit now?" with Cancel and Confirm, and what is still open in each
 * subject ("Physics: 3 unanswered"), so that nobody hands in a subject they forgot.
 */
export function SittingSubmitDialog({ store }: { store: SittingStore }) {
  const open = useStore(store.$confirmOpen);
  const submitting = useStore(store.$submitting);
  const counts = useStore(store.$counts);
  const unanswered = counts.reduce((sum, count) => sum + count.total - count.answered, 0);
  const flagged = counts.reduce((sum, count) => sum + count.flagged, 0);
  return (
    <Dialog open={open} title={SUBMIT_DIALOG.title} onClose={store.closeSubmit}>
      <p>{SUBMIT_DIALOG.text}</p>
      <p className="submit-summary">{submitSummary({ unanswered, flagged })}</p>
      <ul className="sitting-summary" aria-label="By subject">
        {counts.map((count) => (
          <li key={count.subject._id}>{sectionSummary(count)}</li>
        ))}
      </ul>
      <div className="modal-actions">
        <button type="button" className="button button-outline" onClick={store.closeSubmit}>
          Cancel
        </button>
        <button type="button" className="button" onClick={() => void store.submit()} disabled={submitting}>
          {submitting ? 'Submitting...' : 'Confirm'}
        </button>
      </div>
    </Dialog>
  );
}
