import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subject, Year } from '../../lib/api/catalogue.ts';
import type { Paged } from '../../lib/api/paged.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { request } from '../../lib/client/api.ts';
import { navigate, readNavigationState } from '../../lib/client/navigation.ts';
import { requireSignIn } from '../../lib/client/session.ts';
import { readToken } from '../../lib/client/storage.ts';
import { createPracticeSubjectStore } from './practice-subject-store.ts';
import { createSelectExamStore } from './select-exam-store.ts';
import { createSelectSubjectStore } from './select-subject-store.ts';
import { createSelectYearStore, NO_YEAR_MESSAGE } from './select-year-store.ts';

// The stores are tested against stand-ins for the browser-only client: the API, navigation and the session.
vi.mock('../../lib/client/api.ts', () => ({ request: vi.fn() }));
vi.mock('../../lib/client/navigation.ts', () => ({ navigate: vi.fn(), readNavigationState: vi.fn() }));
vi.mock('../../lib/client/session.ts', () => ({ requireSignIn: vi.fn() }));
vi.mock('../../lib/client/storage.ts', () => ({ readToken: vi.fn() }));

const WAEC = { _id: 'waec', title: 'WAEC' };
const MATHS = { _id: 'maths', title: 'Mathematics' };

function page<T>(docs: T[], pageNumber = 1, totalPages = 1): ApiResult<Paged<T>> {
  return {
    ok: true,
    message: 'ok',
    data: { docs, totalDocs: docs.length, limit: 100, page: pageNumber, totalPages },
  };
}

/** Answers each GET with the docs listed for its path. */
function serve(lists: Record<string, unknown[]>) {
  vi.mocked(request).mockImplementation(async (_method, path) => page(lists[path] ?? []) as never);
}

const subject = (id: string, title: string, examType: string[]): Subject => ({
  _id: id,
  title,
  name: title,
  image: null,
  examType,
});
const year = (id: string, title: string, examType: string[], subjects: string[]): Year => ({
  _id: id,
  title,
  examType,
  subject: subjects,
});

const alert = vi.fn();
beforeEach(() => {
  vi.stubGlobal('window', { alert });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('list loading', () => {
  it('fetches every page of a list, 100 at a time', async () => {
    const first = Array.from({ length: 100 }, (_, index) => ({
      _id: `e${index}`,
      title: `E${index}`,
      image: null,
    }));
    vi.mocked(request)
      .mockResolvedValueOnce(page(first, 1, 2) as never)
      .mockResolvedValueOnce(page([{ _id: 'last', title: 'Last', image: null }], 2, 2) as never);
    const store = createSelectExamStore();
    await store.load();
    const state = store.$list.get();
    expect(state.status === 'ready' && state.items.length).toBe(101);
    expect(vi.mocked(request).mock.calls.map((call) => call[2])).toEqual([
      { query: { limit: 100, page: 1 } },
      { query: { limit: 100, page: 2 } },
    ]);
  });

  it('shows a failure with its message, and Retry loads again', async () => {
    vi.mocked(request).mockResolvedValueOnce({
      ok: false,
      status: 0,
      message: 'We could not reach the server.',
    });
    const store = createSelectExamStore();
    await store.load();
    expect(store.$list.get()).toEqual({ status: 'failed', message: 'We could not reach the server.' });
    vi.mocked(request).mockResolvedValueOnce(page([{ _id: 'waec', title: 'WAEC', image: null }]) as never);
    await store.load();
    expect(store.$list.get()).toEqual({
      status: 'ready',
      items: [{ _id: 'waec', title: 'WAEC', image: null }],
    });
  });

  it('keeps the answer of the latest load when an earlier one answers last', async () => {
    let answerFirst: (value: never) => void = () => {};
    vi.mocked(request)
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve as never)))
      .mockResolvedValueOnce(page([{ _id: 'new', title: 'New', image: null }]) as never);
    const store = createSelectExamStore();
    const first = store.load();
    await store.load();
    answerFirst(page([{ _id: 'old', title: 'Old', image: null }]) as never);
    await first;
    const state = store.$list.get();
    expect(state.status === 'ready' && state.items.map((item) => item._id)).toEqual(['new']);
  });

  it('remembers which images failed so their cards show the placeholder', () => {
    const store = createSelectExamStore();
    store.imageFailed('waec');
    store.imageFailed('waec');
    expect([...store.$failedImages.get()]).toEqual(['waec']);
  });
});

describe('/select-exam', () => {
  it('goes to /subjects with the exam type as navigation state', () => {
    createSelectExamStore().choose({ _id: 'waec', title: 'WAEC', image: { url: '/x.png' } });
    expect(navigate).toHaveBeenCalledWith('/subjects', { examType: WAEC });
  });
});

describe('/subjects', () => {
  it('goes home, replacing the page, without an exam type in its state', async () => {
    vi.mocked(readNavigationState).mockReturnValue(undefined);
    await createSelectSubjectStore().init();
    expect(navigate).toHaveBeenCalledWith('/', undefined, { replace: true });
    expect(request).not.toHaveBeenCalled();
  });

  it("lists only the exam type's subjects, even when the server sends others", async () => {
    vi.mocked(readNavigationState).mockReturnValue({ examType: WAEC });
    serve({
      '/api/v1/subject': [
        subject('maths', 'Mathematics', ['waec', 'jamb']),
        subject('lit', 'Literature', ['jamb']),
      ],
    });
    const store = createSelectSubjectStore();
    await store.init();
    expect(vi.mocked(request).mock.calls[0]?.[2]).toEqual({
      query: { examType: 'waec', limit: 100, page: 1 },
    });
    const state = store.$list.get();
    expect(state.status === 'ready' && state.items.map((item) => item._id)).toEqual(['maths']);
    expect(store.$examType.get()).toEqual(WAEC);
  });

  it('goes to /select-year with the exam type and the subject', async () => {
    vi.mocked(readNavigationState).mockReturnValue({ examType: WAEC });
    serve({});
    const store = createSelectSubjectStore();
    await store.init();
    store.choose(subject('maths', 'Mathematics', ['waec']));
    expect(navigate).toHaveBeenCalledWith('/select-year', { examType: WAEC, subject: MATHS });
  });
});

describe('/select-year', () => {
  const years = [
    year('y2019', '2019', ['waec'], ['maths']),
    year('y2020', '2020', ['waec'], ['physics']),
    year('y2021', '2021', ['waec', 'jamb'], ['maths']),
    year('y2022', '2022', ['jamb'], ['maths']),
  ];

  async function ready() {
    vi.mocked(readNavigationState).mockReturnValue({ examType: WAEC, subject: MATHS });
    serve({ '/api/v1/year': years });
    const store = createSelectYearStore();
    await store.init();
    return store;
  }

  it('goes home without the exam type and subject in its state', async () => {
    vi.mocked(readNavigationState).mockReturnValue({ examType: WAEC });
    await createSelectYearStore().init();
    expect(navigate).toHaveBeenCalledWith('/', undefined, { replace: true });
  });

  it('lists the years of the exam type and subject only, asking the server for those', async () => {
    const store = await ready();
    expect(vi.mocked(request).mock.calls[0]?.[2]).toEqual({
      query: { examType: 'waec', subject: 'maths', limit: 100, page: 1 },
    });
    expect(store.$years.get().map((item) => item.title)).toEqual(['2021', '2019']);
  });

  it('alerts "Please select a year first" when Start is pressed without a year', async () => {
    const store = await ready();
    store.startTest();
    expect(alert).toHaveBeenCalledWith(NO_YEAR_MESSAGE);
    expect(navigate).not.toHaveBeenCalled();
    expect(requireSignIn).not.toHaveBeenCalled();
  });

  it('goes to /test with the exam type, subject and year when signed in', async () => {
    vi.mocked(readToken).mockReturnValue('token');
    const store = await ready();
    store.selectIndex(1);
    store.startTest();
    expect(navigate).toHaveBeenCalledWith('/test', {
      examType: WAEC,
      subject: MATHS,
      year: { _id: 'y2019', title: '2019' },
    });
  });

  it('sends a guest to sign in, keeping the choice for /test', async () => {
    vi.mocked(readToken).mockReturnValue(undefined);
    const store = await ready();
    store.selectIndex(0);
    store.startTest();
    expect(requireSignIn).toHaveBeenCalledWith('/test', {
      examType: WAEC,
      subject: MATHS,
      year: { _id: 'y2021', title: '2021' },
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is driven by the keyboard: open, move, choose, close', async () => {
    const store = await ready();
    expect(store.handleKey({ key: 'ArrowDown' })).toBe(true);
    expect(store.$open.get()).toBe(true);
    expect(store.$activeIndex.get()).toBe(0);
    store.handleKey({ key: 'ArrowDown' });
    expect(store.$activeIndex.get()).toBe(1);
    store.handleKey({ key: 'ArrowDown' });
    expect(store.$activeIndex.get()).toBe(1);
    expect(store.handleKey({ key: 'Enter' })).toBe(true);
    expect(store.$open.get()).toBe(false);
    expect(store.$selected.get()?.title).toBe('2019');

    // Reopening starts at the chosen year; Escape closes without changing it.
    store.handleKey({ key: 'Enter' });
    expect(store.$activeIndex.get()).toBe(1);
    store.handleKey({ key: 'Home' });
    store.handleKey({ key: 'Escape' });
    expect(store.$open.get()).toBe(false);
    expect(store.$selected.get()?.title).toBe('2019');

    // Tab picks the active year and lets the focus move on.
    store.handleKey({ key: 'ArrowUp' });
    store.handleKey({ key: 'Home' });
    expect(store.handleKey({ key: 'Tab' })).toBe(false);
    expect(store.$selected.get()?.title).toBe('2021');
    expect(store.handleKey({ key: 'Tab' })).toBe(false);
    expect(store.handleKey({ key: 'c', modified: true })).toBe(false);
  });

  it('jumps to a year typed on the keyboard', async () => {
    const store = await ready();
    for (const [index, key] of ['2', '0', '1', '9'].entries()) store.handleKey({ key }, 1000 + index * 100);
    expect(store.$open.get()).toBe(true);
    expect(store.$years.get()[store.$activeIndex.get()]?.title).toBe('2019');
  });
});

describe('/practice-subject', () => {
  const subjects = [
    subject('eng', 'English', ['waec']),
    subject('maths', 'Mathematics', ['waec']),
    subject('gk', 'General Knowledge', ['bece']),
    subject('phy', 'Physics', ['waec']),
  ];

  it('lists every subject, with the three quick picks first', async () => {
    serve({ '/api/v1/subject': subjects });
    const store = createPracticeSubjectStore();
    await store.load();
    expect(vi.mocked(request).mock.calls[0]?.[2]).toEqual({ query: { limit: 100, page: 1 } });
    const state = store.$list.get();
    expect(state.status === 'ready' && state.items.length).toBe(4);
    expect(store.$quickPicks.get().map((pick) => [pick.label, pick.subject._id])).toEqual([
      ['ENGLISH', 'eng'],
      ['GENERAL KNOWLEDGE', 'gk'],
      ['MATHEMATICS', 'maths'],
    ]);
  });

  it('marks the subjects the student has taken today, and asks nothing for a guest', async () => {
    vi.mocked(readToken).mockReturnValue('token');
    vi.mocked(request).mockImplementation(async (_method, path) =>
      path === '/api/v1/exam/daily/taken'
        ? ({ ok: true, message: 'ok', data: { day: '2026-03-02', subjects: ['phy', 'eng'] } } as never)
        : (page(subjects) as never),
    );
    const store = createPracticeSubjectStore();
    await store.load();
    expect([...store.$taken.get()]).toEqual(['phy', 'eng']);
    expect(store.$takenToday.get().map((item) => item.title)).toEqual(['English', 'Physics']);

    vi.mocked(request).mockClear();
    vi.mocked(readToken).mockReturnValue(undefined);
    const guest = createPracticeSubjectStore();
    await guest.load();
    expect(vi.mocked(request).mock.calls.map((call) => call[1])).toEqual(['/api/v1/subject']);
    expect(guest.$takenToday.get()).toEqual([]);
  });

  it('opens the daily test when signed in, and sends a guest to sign in first', () => {
    const store = createPracticeSubjectStore();
    vi.mocked(readToken).mockReturnValue('token');
    store.choose(subjects[3] as Subject);
    expect(navigate).toHaveBeenCalledWith('/daily-test', { subject: { _id: 'phy', title: 'Physics' } });
    vi.mocked(readToken).mockReturnValue(undefined);
    store.choose(subjects[0] as Subject);
    expect(requireSignIn).toHaveBeenCalledWith('/daily-test', { subject: { _id: 'eng', title: 'English' } });
  });
});
