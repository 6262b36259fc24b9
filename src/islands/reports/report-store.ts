import { atom } from 'nanostores';
import { reportApi } from '../../lib/api/endpoints.ts';
import type { QuestionReport, QuestionReportReason } from '../../lib/api/reports.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { environment } from '../shared/environment.ts';

/** What the dialog says when the phone has no connection: nothing is sent, and nothing is lost by waiting. */
export const REPORT_OFFLINE_MESSAGE = 'You are offline. Report it when you are back online.';

/** A line under the button: the thanks once a report is stored, or a failure that came after Escape. */
export interface ReportNotice {
  kind: 'success' | 'error';
  text: string;
}

/** One question's "Report a problem": the button's notice, and the dialog's fields while it is open. */
export interface ReportState {
  open: boolean;
  reason: QuestionReportReason | null;
  note: string;
  busy: boolean;
  reasonError?: string | undefined;
  noteError?: string | undefined;
  /** Why the report was not stored (offline, already reported, too many), shown in the dialog. */
  failure?: string | undefined;
  notice?: ReportNotice | undefined;
}

const closed: ReportState = { open: false, reason: null, note: '', busy: false };

/**
 * True when a question in a review can be reported: a signed-in student's own result (never the sample
 * answers or the built-in sample quiz, whose questions are not in the bank and carry no bank id).
 */
export function canReport(questionId: string, { signedIn, sample }: { signedIn: boolean; sample: boolean }) {
  return signedIn && !sample && BANK_ID.test(questionId);
}

/** A question of the bank has a UUID; the sample questions' ids are words. */
const BANK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The report's rules (lib/validation/reports.ts), loaded when a report is sent: they bring zod, which the
 * review pages would otherwise download for a dialog most students never open. The service worker keeps the
 * chunk with the app's other scripts, so it loads offline too.
 */
const loadRules = () =>
  Promise.all([import('../../lib/validation/form-errors.ts'), import('../../lib/validation/reports.ts')]);

/** The store of one question's button and dialog: open, pick a reason, write a note, send, close. */
export function createReportStore(questionId: string) {
  const $state = atom<ReportState>(closed);
  const update = (change: Partial<ReportState>) => $state.set({ ...$state.get(), ...change });

  function open() {
    $state.set({ ...closed, open: true });
  }

  /** Cancel, Escape, or the browser closing the dialog; an answer still on its way is shown by the button. */
  function close() {
    const { notice } = $state.get();
    $state.set({ ...closed, notice });
  }

  function setReason(reason: QuestionReportReason) {
    update({ reason, reasonError: undefined, failure: undefined });
  }

  function setNote(note: string) {
    update({ note, noteError: undefined });
  }

  /** Where a failure belongs: a field, the open dialog, or the line under the button once it is closed. */
  function showFailure(result: Extract<ApiResult<QuestionReport>, { ok: false }>) {
    const state = $state.get();
    const offline = result.status === 0 && !environment().isOnline();
    const text = offline ? REPORT_OFFLINE_MESSAGE : result.message;
    if (!state.open) {
      update({ notice: { kind: 'error', text } });
      return;
    }
    const field = result.status === 400 ? result.errors?.[0]?.path[0] : undefined;
    if (field === 'note') update({ busy: false, noteError: text });
    else if (field === 'reason') update({ busy: false, reasonError: text });
    else update({ busy: false, failure: text });
  }

  async function send() {
    if (!$state.get().open || $state.get().busy) return;
    update({ busy: true, failure: undefined });
    let rules: Awaited<ReturnType<typeof loadRules>>;
    try {
      rules = await loadRules();
    } catch {
      // The chunk could not be fetched: only without a connection (and without the service worker).
      update({ busy: false, failure: REPORT_OFFLINE_MESSAGE });
      return;
    }
    const [{ checkForm }, { questionReportSchema }] = rules;
    // The fields as they are now: the student may have typed while the rules loaded.
    const state = $state.get();
    const checked = checkForm(questionReportSchema, {
      question: questionId,
      reason: state.reason ?? undefined,
      note: state.note,
    });
    if (checked.errors) {
      update({ busy: false, reasonError: checked.errors.reason, noteError: checked.errors.note });
      return;
    }
    if (!environment().isOnline()) {
      update({ busy: false, failure: REPORT_OFFLINE_MESSAGE });
      return;
    }
    // Quiet: the answer is shown by the dialog and the button, where the student is looking.
    const result = await environment().call(reportApi.send, { body: checked.data, quiet: true });
    if (!result.ok) {
      showFailure(result);
      return;
    }
    // The dialog closes and focus returns to the button, under which the thanks appear.
    $state.set({ ...closed, notice: { kind: 'success', text: result.message } });
  }

  return { $state, open, close, setReason, setNote, send };
}

export type ReportStore = ReturnType<typeof createReportStore>;
