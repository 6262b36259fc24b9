import { useStore } from '@nanostores/preact';
import { Dialog } from '../shared/Dialog.tsx';
import { PasswordField } from '../shared/fields.tsx';
import { useRevealingSubmit } from '../shared/use-revealing-submit.ts';
import { deleteAccountDialog } from './delete-account-store.ts';

/**
 * /profile's Delete Account dialog (spec §2: a confirm dialog), which asks for the password and then says
 * what was deleted and what was kept. Its own island, so that it stays on screen once the student is
 * signed out and the profile has nothing left to show.
 */
export default function DeleteAccountDialog() {
  const store = deleteAccountDialog;
  const state = useStore(store.$state);
  const onConfirm = useRevealingSubmit(store.confirm);

  if (state.step === 'deleted') {
    return (
      <Dialog open title="Account deleted" onClose={store.close}>
        <p role="status">{state.message}</p>
        <p className="hint">You are signed out on every device.</p>
        <div className="modal-actions">
          <button type="button" className="button" onClick={store.close}>
            Go to the home page
          </button>
        </div>
      </Dialog>
    );
  }

  const confirming = state.step === 'confirm' ? state : undefined;
  return (
    <Dialog open={confirming !== undefined} title="Delete Account" onClose={store.close}>
      <form noValidate onSubmit={onConfirm}>
        <p>
          Are you sure you want to delete your account? Your scores, coins and any time left on your plan will
          be lost. This cannot be undone.
        </p>
        <p className="hint">
          We delete your name, email, phone number, scores and coin history, and sign you out everywhere. We
          keep a record of your payments (amount, date, reference and plan), without your name or contact
          details, because the law requires it.
        </p>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={confirming?.password ?? ''}
          error={confirming?.passwordError}
          onChange={store.setPassword}
        />
        {confirming?.failure && (
          <p className="field-error" role="alert">
            {confirming.failure}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button button-outline" onClick={store.close}>
            Cancel
          </button>
          <button type="submit" className="button button-danger" disabled={confirming?.busy}>
            {confirming?.busy ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
