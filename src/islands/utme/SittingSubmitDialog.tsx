import { useStore } from '@nanostores/react';
import { ConfirmSubmitDialog } from '../quiz/SubmitDialog.tsx';
import { sectionSummary } from './sitting.ts';
import type { SittingStore } from './sitting-store.ts';

/**
 * The quiz's submit dialog, with what is still open in each subject ("Physics: 3 unanswered"), so that
 * nobody hands in a subject they forgot.
 */
export function SittingSubmitDialog({ store }: { store: SittingStore }) {
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
      <ul className="sitting-summary" aria-label="By subject">
        {counts.map((count) => (
          <li key={count.subject._id}>{sectionSummary(count)}</li>
        ))}
      </ul>
    </ConfirmSubmitDialog>
  );
}
