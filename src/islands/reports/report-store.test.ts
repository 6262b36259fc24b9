import { describe, expect, it, vi } from 'vitest';
import { failed, fakeApi, testEnvironment } from '../../../tests/support/store-environment.ts';
import { reportApi } from '../../lib/api/endpoints.ts';
import {
  ALREADY_REPORTED_MESSAGE,
  type QuestionReport,
  REPORT_NOTE_MAX,
  REPORT_SENT_MESSAGE,
} from '../../lib/api/reports.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import type { QuestionReportInput } from '../../lib/validation/reports.ts';
import { canReport, createReportStore, REPORT_OFFLINE_MESSAGE } from './report-store.ts';

const QUESTION = '0b7f5c3e-9a4d-4c1b-8e2f-5d6a7b8c9d0e';

const stored: ApiResult<QuestionReport> = {
  ok: true,
  message: REPORT_SENT_MESSAGE,
  data: {
    _id: '5f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
    reason: 'typo',
    createdAt: '2026-03-02T09:00:00.000Z',
  },
};

/** A store whose server answers `answer`, recording what it was sent; `online` is the phone's connection. */
function storeAnswering(answer: ApiResult<QuestionReport>, { online = true } = {}) {
  const sent: QuestionReportInput[] = [];
  const api = fakeApi().on(reportApi.send, (input) => {
    sent.push(input.body);
    return answer;
  });
  testEnvironment({ call: api.call, isOnline: () => online });
  return { store: createReportStore(QUESTION), sent, api };
}

describe('which reviewed questions can be reported', () => {
  it('only a signed-in student’s own questions from the bank, never the samples', () => {
    expect(canReport(QUESTION, { signedIn: true, sample: false })).toBe(true);
    expect(canReport(QUESTION, { signedIn: false, sample: false })).toBe(false);
    expect(canReport(QUESTION, { signedIn: true, sample: true })).toBe(false);
    // The built-in sample quiz and the sample answers carry ids that are not the bank's.
    expect(canReport('sample-1', { signedIn: true, sample: false })).toBe(false);
    expect(canReport('sample-answer-1', { signedIn: true, sample: false })).toBe(false);
  });
});

describe('the Report a problem dialog', () => {
  it('asks for a reason before sending anything', async () => {
    const { store, sent } = storeAnswering(stored);
    store.open();
    await store.send();
    expect(store.$state.get()).toMatchObject({
      open: true,
      reasonError: 'Choose what is wrong with the question',
    });
    expect(sent).toEqual([]);
    store.setReason('typo');
    expect(store.$state.get().reasonError).toBeUndefined();
  });

  it('sends the reason and the trimmed note, closes, and thanks the student under the button', async () => {
    const { store, sent, api } = storeAnswering(stored);
    store.open();
    store.setReason('wrong-key');
    store.setNote('  The key says C; B is right.  ');
    await store.send();
    expect(sent).toEqual([{ question: QUESTION, reason: 'wrong-key', note: 'The key says C; B is right.' }]);
    // The dialog and the button show the answer: no toast as well.
    expect(api.calls[0]?.input).toMatchObject({ quiet: true });
    expect(store.$state.get()).toEqual({
      open: false,
      reason: null,
      note: '',
      busy: false,
      notice: { kind: 'success', text: REPORT_SENT_MESSAGE },
    });
  });

  it('refuses a note over the limit on the field, without calling the server', async () => {
    const { store, sent } = storeAnswering(stored);
    store.open();
    store.setReason('other');
    store.setNote('x'.repeat(REPORT_NOTE_MAX + 1));
    await store.send();
    expect(store.$state.get()).toMatchObject({ open: true, noteError: 'Keep the note to 500 characters' });
    expect(sent).toEqual([]);
  });

  it('says the student is offline and sends nothing while the phone has no connection', async () => {
    const { store, sent } = storeAnswering(stored, { online: false });
    store.open();
    store.setReason('unclear');
    await store.send();
    expect(store.$state.get()).toMatchObject({ open: true, busy: false, failure: REPORT_OFFLINE_MESSAGE });
    expect(sent).toEqual([]);
  });

  it('keeps the dialog open with the server’s reason when the report is refused', async () => {
    const cases: [ApiResult<QuestionReport>, string][] = [
      [{ ok: false, status: 409, message: ALREADY_REPORTED_MESSAGE }, ALREADY_REPORTED_MESSAGE],
      [
        { ok: false, status: 429, message: 'You have sent many reports this hour. Try again in an hour.' },
        'You have sent many reports this hour. Try again in an hour.',
      ],
    ];
    for (const [answer, shown] of cases) {
      const { store } = storeAnswering(answer);
      store.open();
      store.setReason('typo');
      await store.send();
      expect(store.$state.get()).toMatchObject({ open: true, busy: false, reason: 'typo', failure: shown });
      expect(store.$state.get().notice).toBeUndefined();
    }
  });

  it('puts a refused note from the server on the note field', async () => {
    const { store } = storeAnswering({
      ok: false,
      status: 400,
      message: 'The note contains characters that are not allowed',
      errors: [{ path: ['note'], message: 'The note contains characters that are not allowed' }],
    });
    store.open();
    store.setReason('typo');
    await store.send();
    expect(store.$state.get()).toMatchObject({
      noteError: 'The note contains characters that are not allowed',
      failure: undefined,
    });
  });

  it('says offline when the connection drops during the request', async () => {
    let online = true;
    const api = fakeApi().on(reportApi.send, () => {
      online = false;
      return failed('We could not reach the server.', 0);
    });
    testEnvironment({ call: api.call, isOnline: () => online });
    const store = createReportStore(QUESTION);
    store.open();
    store.setReason('typo');
    await store.send();
    expect(store.$state.get().failure).toBe(REPORT_OFFLINE_MESSAGE);
  });

  it('shows an answer that arrives after Escape under the button', async () => {
    let answer: (result: ApiResult<QuestionReport>) => void = () => {};
    let calls = 0;
    const api = fakeApi().on(reportApi.send, () => {
      calls += 1;
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    testEnvironment({ call: api.call });
    const store = createReportStore(QUESTION);
    store.open();
    store.setReason('typo');
    const sending = store.send();
    expect(store.$state.get().busy).toBe(true);
    // A second press while sending (the rules still loading, then the request on its way) sends nothing more.
    await store.send();
    await vi.waitFor(() => expect(calls).toBe(1));
    await store.send();
    store.close();
    answer({ ok: false, status: 409, message: ALREADY_REPORTED_MESSAGE });
    await sending;
    expect(calls).toBe(1);
    expect(store.$state.get()).toMatchObject({
      open: false,
      notice: { kind: 'error', text: ALREADY_REPORTED_MESSAGE },
    });
  });

  it('starts afresh when opened again, and Cancel keeps the thanks', async () => {
    const { store } = storeAnswering(stored);
    store.open();
    store.setReason('typo');
    store.setNote('Spelling');
    store.close();
    expect(store.$state.get()).toEqual({
      open: false,
      reason: null,
      note: '',
      busy: false,
      notice: undefined,
    });
    store.open();
    store.setReason('typo');
    await store.send();
    store.close();
    expect(store.$state.get().notice).toEqual({ kind: 'success', text: REPORT_SENT_MESSAGE });
    store.open();
    expect(store.$state.get()).toEqual({ open: true, reason: null, note: '', busy: false });
  });
});
