import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../lib/client/api.ts';
import { readNavigationState } from '../../lib/client/navigation.ts';
import type { PaperSummary } from '../offline/offline-papers.ts';
import { createSelectExamStore } from './select-exam-store.ts';
import { createSelectSubjectStore } from './select-subject-store.ts';
import { createSelectYearStore } from './select-year-store.ts';

// Stand-ins for the browser-only client, as in stores.test.ts.
vi.mock('../../lib/client/api.ts', () => ({ request: vi.fn() }));
vi.mock('../../lib/client/navigation.ts', () => ({ navigate: vi.fn(), readNavigationState: vi.fn() }));
vi.mock('../../lib/client/session.ts', () => ({ requireSignIn: vi.fn() }));
vi.mock('../../lib/client/storage.ts', () => ({ readToken: vi.fn() }));

const WAEC = { _id: 'waec', title: 'WAEC' };
const NECO = { _id: 'neco', title: 'NECO' };
const MATHS = { _id: 'maths', title: 'Mathematics' };
const ENGLISH = { _id: 'english', title: 'English Language' };

const download = (
  examType: { _id: string; title: string },
  subject: { _id: string; title: string },
  year: string,
): PaperSummary => ({
  owner: 'student-1',
  paperId: `${examType._id}-${subject._id}-${year}`,
  version: 'v1',
  examType,
  subject,
  year: { _id: `y${year}`, title: year },
  duration: 20,
  questions: 20,
  bytes: 1000,
  downloadedAt: '2025-01-01T00:00:00.000Z',
  usableUntil: '2099-01-01T00:00:00.000Z',
});

const onPhone = [
  download(WAEC, MATHS, '2018'),
  download(WAEC, MATHS, '2019'),
  download(WAEC, ENGLISH, '2019'),
  download(NECO, MATHS, '2020'),
];
const downloads = async () => onPhone;

/** Every request fails as it does with no network. */
function offline() {
  vi.mocked(request).mockResolvedValue({ ok: false, status: 0, message: 'We could not reach the server.' });
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('offline, the lists show the papers on the phone', () => {
  it('/select-exam lists the exam types of the downloads, marked as offline', async () => {
    offline();
    const store = createSelectExamStore(downloads);
    await store.load();
    expect(store.$list.get()).toEqual({
      status: 'ready',
      offline: true,
      items: [
        { _id: 'neco', title: 'NECO', image: null },
        { _id: 'waec', title: 'WAEC', image: null },
      ],
    });
  });

  it('/subjects lists the downloaded subjects of the chosen exam type', async () => {
    offline();
    vi.mocked(readNavigationState).mockReturnValue({ examType: WAEC });
    const store = createSelectSubjectStore(downloads);
    await store.init();
    const state = store.$list.get();
    expect(state.status === 'ready' && state.offline).toBe(true);
    expect(state.status === 'ready' && state.items.map((item) => item.title)).toEqual([
      'English Language',
      'Mathematics',
    ]);
  });

  it('/select-year lists the downloaded years of the exam type and subject, newest first', async () => {
    offline();
    vi.mocked(readNavigationState).mockReturnValue({ examType: WAEC, subject: MATHS });
    const store = createSelectYearStore(downloads);
    await store.init();
    expect(store.$years.get().map((year) => year.title)).toEqual(['2019', '2018']);
    const state = store.$list.get();
    expect(state.status === 'ready' && state.offline).toBe(true);
  });

  it('shows the usual failure when nothing of the choice is on the phone', async () => {
    offline();
    vi.mocked(readNavigationState).mockReturnValue({ examType: NECO, subject: ENGLISH });
    const store = createSelectYearStore(downloads);
    await store.init();
    expect(store.$list.get()).toEqual({ status: 'failed', message: 'We could not reach the server.' });
  });

  it('lists the phone’s papers without asking when the browser knows it is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const store = createSelectExamStore(downloads);
    await store.load();
    const state = store.$list.get();
    expect(state.status === 'ready' && state.offline).toBe(true);
    expect(request).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('does not fall back on the phone for an error of the server', async () => {
    vi.mocked(request).mockResolvedValue({ ok: false, status: 500, message: 'Something went wrong' });
    const store = createSelectExamStore(downloads);
    await store.load();
    expect(store.$list.get()).toEqual({ status: 'failed', message: 'Something went wrong' });
  });
});
