import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPaper } from '../../../tests/support/bank-fixture.ts';
import {
  appApi,
  type BrowserRecord,
  failed,
  fakeApi,
  success,
  testEnvironment,
} from '../../../tests/support/store-environment.ts';
import { createTestApp, subscribedStudent } from '../../../tests/support/test-app.ts';
import { offlineApi } from '../../lib/api/endpoints.ts';
import type { OfflinePaper, OfflinePaperSize } from '../../lib/api/offline.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { PaymentCode } from '../../lib/errors.ts';
import type { Environment } from '../shared/environment.ts';
import { createDownloadStore, SAVE_DATA_ASK_BYTES } from './download-store.ts';
import { IMAGE_FAILED_MESSAGE } from './offline-download.ts';
import { openPaperStore, type PaperStore } from './offline-papers.ts';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const choice = {
  examType: { _id: 'waec', title: 'WAEC' },
  subject: { _id: 'maths', title: 'Mathematics' },
  year: { _id: 'y2019', title: '2019' },
};

function paper(overrides: Partial<OfflinePaper> = {}): OfflinePaper {
  return {
    ...choice,
    paperId: 'paper-1',
    version: 'v1',
    duration: 20,
    downloadedAt: '2025-03-01T12:00:00.000Z',
    usableUntil: '2025-03-02T12:00:00.000Z',
    questions: [
      {
        _id: 'q1',
        question: '<p>Which shape?</p>',
        questionType: 'diagram',
        file: { url: '/bank/shape.png' },
        options: [
          { _id: 'a', option: '', optionType: 'image', file: { url: '/bank/a.png' } },
          { _id: 'b', option: '<p>None</p>', optionType: 'text', file: null },
        ],
        answer: 'a',
        explanation: '',
      },
    ],
    ...overrides,
  };
}

const size = (bytes: number): OfflinePaperSize => ({
  ...choice,
  paperId: 'paper-1',
  questions: 1,
  bytes,
  storedBytes: bytes * 4,
  images: 2,
});
const ok = <T>(data: T): ApiResult<T> => success(data, '');

let store: PaperStore;
let persist: ReturnType<typeof vi.fn>;
let installApp: ReturnType<typeof vi.fn<() => void>>;
let api: ReturnType<typeof fakeApi>;
let browser: BrowserRecord;
/** What the server answers next: the size and the paper. */
let answers: { size: ApiResult<OfflinePaperSize>; paper: ApiResult<OfflinePaper> };

/** Answers the size and the paper, as the server would. */
function serve({ sizeResult = ok(size(40_000)), paperResult = ok(paper()) } = {}) {
  answers = { size: sizeResult, paper: paperResult };
}

/** The phone for this test: student-1 signed in, the paper store, images, persistence, no Save-Data. */
function phone(parts: Partial<Environment> = {}) {
  browser = testEnvironment({
    call: api.call,
    signedIn: () => true,
    userId: () => 'student-1',
    papers: () => store,
    storageManager: () => ({ persist, persisted: async () => false }) as unknown as StorageManager,
    fetchImage: async (url: string) => new Blob([`image at ${url}`]),
    saveData: () => false,
    now: () => NOW,
    ...parts,
  });
}

/** The API's calls of a binding so far. */
const callsOf = (binding: unknown) => api.calls.filter((call) => call.binding === binding);

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  store = openPaperStore();
  persist = vi.fn(async () => true);
  installApp = vi.fn<() => void>();
  api = fakeApi()
    .on(offlineApi.size, () => answers.size)
    .on(offlineApi.download, () => answers.paper);
  serve();
  phone();
  return () => vi.unstubAllGlobals();
});

describe('Download for offline', () => {
  it('shows the size of the chosen paper before anything is downloaded', async () => {
    const download = createDownloadStore(installApp);
    await download.choose(choice);
    expect(download.$state.get()).toEqual({ status: 'ready', size: size(40_000) });
    expect(api.calls).toEqual([
      { binding: offlineApi.size, input: { query: { examType: 'waec', subject: 'maths', year: 'y2019' } } },
    ]);
    expect(await store.list('student-1')).toEqual([]);
  });

  it('downloads the paper and each image with progress, stores it all and asks for persistence', async () => {
    const download = createDownloadStore(installApp);
    await download.choose(choice);
    const seen: string[] = [];
    download.$state.listen((state) => {
      if (state.status === 'downloading') seen.push(`${state.progress.done}/${state.progress.total}`);
    });
    await download.download();
    expect(seen).toEqual(['0/1', '1/3', '2/3', '3/3']);
    const state = download.$state.get();
    expect(state.status).toBe('done');
    const stored = await store.get('student-1', 'paper-1');
    expect(Object.keys(stored?.images ?? {})).toEqual(['/bank/shape.png', '/bank/a.png']);
    expect(stored?.questions[0]?.answer).toBe('a');
    expect(state.status === 'done' && state.paper.bytes).toBeGreaterThan(
      JSON.stringify(paper()).length + 'image at /bank/shape.png'.length,
    );
    expect(persist).toHaveBeenCalledOnce();
    // The app's screens are installed too, so that the paper can be reached with no network.
    expect(installApp).toHaveBeenCalledOnce();
  });

  it('stores KaTeX fonts after a paper with maths is saved, as one more step, and not for one without', async () => {
    const storeMathsFonts = vi.fn(async () => true);
    phone({ storeMathsFonts });
    const plain = createDownloadStore(installApp);
    await plain.choose(choice);
    await plain.download();
    expect(storeMathsFonts).not.toHaveBeenCalled();

    const formula = '<span class="katex"><span class="katex-mathml"><math></math></span></span>';
    const [question] = paper().questions;
    serve({
      paperResult: ok(
        paper({
          paperId: 'paper-2',
          year: { _id: 'y2020', title: '2020' },
          questions: question ? [{ ...question, explanation: `<p>So ${formula}</p>` }] : [],
        }),
      ),
    });
    storeMathsFonts.mockImplementation(async () => {
      // The paper is on the phone before its fonts are asked for.
      expect(await store.get('student-1', 'paper-2')).toBeDefined();
      return true;
    });
    const maths = createDownloadStore(installApp);
    await maths.choose({ ...choice, year: { _id: 'y2020', title: '2020' } });
    const seen: string[] = [];
    maths.$state.listen((state) => {
      if (state.status === 'downloading') seen.push(`${state.progress.done}/${state.progress.total}`);
    });
    await maths.download();
    expect(seen).toEqual(['0/1', '1/4', '2/4', '3/4', '4/4']);
    expect(storeMathsFonts).toHaveBeenCalledOnce();
    expect(maths.$state.get().status).toBe('done');
  });

  it('keeps a paper with maths whose fonts did not arrive', async () => {
    phone({ storeMathsFonts: async () => Promise.reject(new Error('offline')) });
    const [question] = paper().questions;
    serve({
      paperResult: ok(
        paper({
          questions: question ? [{ ...question, question: '<p><span class="katex">x</span></p>' }] : [],
        }),
      ),
    });
    const download = createDownloadStore(installApp);
    await download.choose(choice);
    await download.download();
    expect(download.$state.get().status).toBe('done');
    expect(await store.get('student-1', 'paper-1')).toBeDefined();
    expect(installApp).toHaveBeenCalledOnce();
  });

  it('asks for persistence on the first download only', async () => {
    const first = createDownloadStore(installApp);
    await first.choose(choice);
    await first.download();
    serve({ paperResult: ok(paper({ paperId: 'paper-2', year: { _id: 'y2020', title: '2020' } })) });
    const second = createDownloadStore(installApp);
    await second.choose({ ...choice, year: { _id: 'y2020', title: '2020' } });
    await second.download();
    expect((await store.list('student-1')).length).toBe(2);
    expect(persist).toHaveBeenCalledOnce();
  });

  it('stores nothing when an image fails, and says so', async () => {
    phone({
      fetchImage: async (url: string) => {
        if (url === '/bank/a.png') throw new Error('offline');
        return new Blob(['x']);
      },
    });
    const download = createDownloadStore(installApp);
    await download.choose(choice);
    await download.download();
    expect(download.$state.get()).toEqual({ status: 'failed', message: IMAGE_FAILED_MESSAGE });
    expect(await store.list('student-1')).toEqual([]);
    expect(installApp).not.toHaveBeenCalled();
  });

  it('says a paper on the phone is downloaded without asking the server', async () => {
    const first = createDownloadStore(installApp);
    await first.choose(choice);
    await first.download();
    api.calls.length = 0;
    const again = createDownloadStore(installApp);
    await again.choose(choice);
    expect(again.$state.get().status).toBe('done');
    expect(api.calls).toEqual([]);
    again.takeOffline();
    expect(browser.navigations).toEqual([{ path: '/test', state: { ...choice, offline: true } }]);
  });

  it('offers a download again once the plan of the old one has ended', async () => {
    serve({ paperResult: ok(paper({ usableUntil: '2025-02-01T00:00:00.000Z' })) });
    const first = createDownloadStore(installApp);
    await first.choose(choice);
    await first.download();
    serve();
    const again = createDownloadStore(installApp);
    await again.choose(choice);
    expect(again.$state.get()).toEqual({
      status: 'ready',
      size: size(40_000),
      expired: '2025-02-01T00:00:00.000Z',
    });
  });

  it('under Save-Data asks before a paper over 300 KB, and downloads only once the student agrees', async () => {
    phone({ saveData: () => true });
    serve({ sizeResult: ok(size(SAVE_DATA_ASK_BYTES + 1)) });
    const download = createDownloadStore(installApp);
    await download.choose(choice);
    await download.download();
    expect(download.$state.get()).toEqual({ status: 'confirm', size: size(SAVE_DATA_ASK_BYTES + 1) });
    download.cancel();
    expect(download.$state.get().status).toBe('ready');
    expect(await store.list('student-1')).toEqual([]);
    await download.download();
    await download.confirm();
    expect(download.$state.get().status).toBe('done');
  });

  it('under Save-Data downloads a small paper without asking', async () => {
    phone({ saveData: () => true });
    serve({ sizeResult: ok(size(SAVE_DATA_ASK_BYTES)) });
    const download = createDownloadStore(installApp);
    await download.choose(choice);
    await download.download();
    expect(download.$state.get().status).toBe('done');
  });

  it('sends a student without a plan to the plans, and one whose plan ended to renew it', async () => {
    const refused = (code: string): ApiResult<never> => ({
      ok: false,
      status: 402,
      message: 'You need a plan to download papers',
      code,
    });
    serve({ paperResult: refused(PaymentCode.subscriptionRequired) });
    const download = createDownloadStore(installApp);
    await download.choose(choice);
    await download.download();
    expect(browser.toastsAfterNavigation).toEqual([
      { message: 'You need a plan to download papers', kind: 'info' },
    ]);
    expect(browser.navigations).toEqual([{ path: '/pricing', state: undefined }]);

    serve({ sizeResult: refused(PaymentCode.subscriptionExpired) });
    const expired = createDownloadStore(installApp);
    await expired.choose(choice);
    expect(expired.$state.get()).toEqual({ status: 'ready' });
    await expired.download();
    expect(browser.navigations.at(-1)).toEqual({ path: '/subscribe-now', state: undefined });
    expect(await store.list('student-1')).toEqual([]);
  });

  it('shows a failed download with its message, and Retry asks for the size again', async () => {
    serve({ paperResult: failed('We could not reach the server.', 0) });
    const download = createDownloadStore(installApp);
    await download.choose(choice);
    await download.download();
    expect(download.$state.get()).toEqual({ status: 'failed', message: 'We could not reach the server.' });
    serve();
    await download.retry();
    expect(download.$state.get()).toEqual({ status: 'ready', size: size(40_000) });
  });

  it('sends a guest to sign in, coming back to the same exam type and subject', async () => {
    phone({ signedIn: () => false, userId: () => undefined });
    const download = createDownloadStore(installApp);
    await download.choose(choice);
    expect(download.$state.get()).toEqual({ status: 'ready' });
    await download.download();
    expect(browser.navigations).toEqual([
      { path: '/signin?next=/select-year', state: { examType: choice.examType, subject: choice.subject } },
    ]);
    expect(api.calls).toEqual([]);
  });

  it('forgets an answer for a year the student has since changed', async () => {
    let answer: (value: ApiResult<OfflinePaperSize>) => void = () => {};
    api.on(offlineApi.size, () => new Promise((resolve) => (answer = resolve)));
    const download = createDownloadStore(installApp);
    const first = download.choose(choice);
    await vi.waitFor(() => expect(callsOf(offlineApi.size)).toHaveLength(1));
    void download.choose(undefined);
    answer(ok(size(1)));
    await first;
    expect(download.$state.get()).toEqual({ status: 'idle' });
  });
});

describe('Download for offline, against the API', () => {
  it('downloads a paper for a subscribed student and keeps it on the phone with its key', async () => {
    const t = await createTestApp();
    const fixture = await createPaper(t.db, { count: 2 });
    const { token, user } = await subscribedStudent(t);
    phone({ call: appApi(t, token), userId: () => user._id, now: () => t.clock.now().getTime() });
    const chosen = {
      examType: { _id: fixture.ids.examType, title: 'Exam' },
      subject: { _id: fixture.ids.subject, title: 'Subject' },
      year: { _id: fixture.ids.year, title: 'Year' },
    };
    const download = createDownloadStore(installApp);
    await download.choose(chosen);
    const offered = download.$state.get();
    expect(offered.status === 'ready' && offered.size?.questions).toBe(2);

    await download.download();
    const state = download.$state.get();
    expect(state.status).toBe('done');
    const stored = state.status === 'done' ? await store.get(user._id, state.paper.paperId) : undefined;
    expect(stored?.questions.map((question) => question.answer)).toEqual(
      fixture.questions.map((question) => question.right),
    );
    expect(installApp).toHaveBeenCalledOnce();
  });
});
