import { useStore } from '@nanostores/react';
import { Dialog } from '../shared/Dialog.tsx';
import { submitSummary } from './navigator.ts';
import { type QuizStore, SUBMIT_DIALOG } from './quiz-store.ts';

/**
 * "Are you sure you want to submit now?" with Cancel and Confirm (spec §2), and how many questions are
 * still unanswered or flagged, so that nobody submits by mistake with questions left.
 */
export function SubmitDialog({ store }: { store: QuizStore }) {
  const open = useStore(store.$confirmOpen);
  const submitting = useStore(store.$submitting);
  const { summary } = useStore(store.$navigator);
  return (
    <Dialog open={open} title={SUBMIT_DIALOG.title} onClose={store.closeSubmit}>
      <p>{SUBMIT_DIALOG.text}</p>
      <p className="submit-summary">{submitSummary(summary)}</p>
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
