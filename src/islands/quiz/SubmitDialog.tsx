import { useStore } from '@nanostores/preact';
import type { ReactNode } from 'preact/compat';
import { Dialog } from '../shared/Dialog.tsx';
import { submitSummary } from './navigator.ts';
import type { QuizStore } from './quiz-store.ts';
import { SUBMIT_DIALOG } from './quiz-submit.ts';

interface ConfirmSubmitProps {
  open: boolean;
  submitting: boolean;
  /** What is still open, for "3 questions unanswered, 1 flagged." */
  summary: { unanswered: number; flagged: number };
  onCancel: () => void;
  onConfirm: () => void;
  /** More detail under the summary (a UTME sitting's subjects). */
  children?: ReactNode;
}

/**
 * "Are you sure you want to submit now?" with Cancel and Confirm (spec §2), and how many questions are
 * still unanswered or flagged, so that nobody submits by mistake with questions left: the quiz's and the
 * UTME sitting's.
 */
export function ConfirmSubmitDialog({
  open,
  submitting,
  summary,
  onCancel,
  onConfirm,
  children,
}: ConfirmSubmitProps) {
  return (
    <Dialog open={open} title={SUBMIT_DIALOG.title} onClose={onCancel}>
      <p>{SUBMIT_DIALOG.text}</p>
      <p className="submit-summary">{submitSummary(summary)}</p>
      {children}
      <div className="modal-actions">
        {/* The safe choice is where the focus starts, even below a list of questions to go back to. */}
        <button type="button" className="button button-outline" onClick={onCancel} data-autofocus>
          Cancel
        </button>
        <button type="button" className="button" onClick={onConfirm} disabled={submitting}>
          {submitting ? 'Submitting...' : 'Confirm'}
        </button>
      </div>
    </Dialog>
  );
}

/** The quiz's submit dialog. */
export function SubmitDialog({ store }: { store: QuizStore }) {
  const open = useStore(store.$confirmOpen);
  const submitting = useStore(store.$submitting);
  const { summary } = useStore(store.$navigator);
  return (
    <ConfirmSubmitDialog
      open={open}
      submitting={submitting}
      summary={summary}
      onCancel={store.closeSubmit}
      onConfirm={() => void store.submit()}
    />
  );
}
