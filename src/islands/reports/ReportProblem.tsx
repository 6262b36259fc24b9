import { useStore } from '@nanostores/preact';
import { useId, useState } from 'preact/compat';
import {
  QUESTION_REPORT_REASON_LABELS,
  QUESTION_REPORT_REASONS,
  REPORT_NOTE_MAX,
} from '../../lib/api/reports.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { useRevealingSubmit } from '../shared/use-revealing-submit.ts';
import { createReportStore, type ReportStore } from './report-store.ts';
import './report-problem.css';

/**
 * "Report a problem" under a question the student has met (/review-answers, the UTME result, the review
 * deck): a button that opens a dialog with the reasons, an optional note, Send and Cancel. The native
 * dialog traps focus, closes on Escape and gives focus back to the button, under which the thanks appear.
 */
export function ReportProblem({ questionId, questionLabel }: { questionId: string; questionLabel: string }) {
  const [store] = useState(() => createReportStore(questionId));
  const state = useStore(store.$state);
  return (
    <div className="report-problem">
      <button
        type="button"
        className="report-button"
        aria-haspopup="dialog"
        aria-label={`Report a problem in ${questionLabel.toLowerCase()}`}
        onClick={store.open}
      >
        Report a problem
      </button>
      <p
        className={`report-notice report-notice-${state.notice?.kind ?? 'success'}`}
        role={state.notice?.kind === 'error' ? 'alert' : 'status'}
      >
        {state.notice?.text}
      </p>
      <Dialog
        open={state.open}
        title={`Report a problem in ${questionLabel.toLowerCase()}`}
        onClose={store.close}
      >
        {state.open && <ReportForm store={store} />}
      </Dialog>
    </div>
  );
}

function ReportForm({ store }: { store: ReportStore }) {
  const { reason, note, busy, reasonError, noteError, failure } = useStore(store.$state);
  const id = useId();
  const noteHelp = `${id}-count`;
  const onSend = useRevealingSubmit(store.send);
  return (
    <form noValidate onSubmit={onSend}>
      <fieldset
        className="report-reasons"
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${id}-reason-error` : undefined}
      >
        <legend>What is wrong with it?</legend>
        {QUESTION_REPORT_REASONS.map((value) => (
          <label key={value} className="report-reason">
            <input
              type="radio"
              name={`${id}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => store.setReason(value)}
            />
            <span>{QUESTION_REPORT_REASON_LABELS[value]}</span>
          </label>
        ))}
        {reasonError && (
          <p className="field-error" id={`${id}-reason-error`} role="alert">
            {reasonError}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-note`}>Anything to add? (optional)</label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          value={note}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${noteHelp} ${id}-note-error` : noteHelp}
          onChange={(event) => store.setNote(event.currentTarget.value)}
        />
        <p className="report-count" id={noteHelp}>
          {note.length} of {REPORT_NOTE_MAX} characters
        </p>
        {noteError && (
          <p className="field-error" id={`${id}-note-error`} role="alert">
            {noteError}
          </p>
        )}
      </div>
      {failure && (
        <p className="field-error report-failure" role="alert">
          {failure}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button button-outline" onClick={store.close}>
          Cancel
        </button>
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus mid-dialog. */}
        <button type="submit" className="button" aria-disabled={busy ? true : undefined}>
          {busy ? 'Sending...' : 'Send'}
        </button>
      </div>
    </form>
  );
}
