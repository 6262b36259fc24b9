import { useStore } from '@nanostores/react';
import { Dialog } from '../shared/Dialog.tsx';
import { type QuizStore, SUBMIT_DIALOG } from './quiz-store.ts';

/** "Are you sure you want to submit now?" with Cancel and Confirm (spec §2). */
export function SubmitDialog({ store }: { store: QuizStore }) {
  const open = useStore(store.$confirmOpen);
  const submitting = useStore(store.$submitting);
  return (
    <Dialog open={open} title={SUBMIT_DIALOG.title} onClose={store.closeSubmit}>
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
  );
}
