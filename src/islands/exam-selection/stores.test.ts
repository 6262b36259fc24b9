import { afterEach, describe, expect, it, vi } from 'vitest';
import { subject, year } from '../../../tests/support/catalogue-fixture.ts';
import {
  type BrowserRecord,
  fakeApi,
  success,
  testEnvironment,
} from '../../../tests/support/store-environment.ts';
import type { Subject, Year } from '../../lib/api/catalogue.ts';
import { catalogueApi, examApi } from '../../lib/api/endpoints.ts';
import type { Paged } from '../../lib/api/paged.ts';
import type { Environment } from '../shared/environment.ts';
import { createPracticeSubjectStore } from './practice-subject-store.ts';
import { createSelectExamStore } from './select-exam-store.ts';
import { createSelectSubjectStore } from './select-subject-store.ts';
import { createSelectYearStore, NO_YEAR_MESSAGE } from './select-year-store.ts';

const WAEC = { _id: 'waec', title: 'WAEC' };
const MATHS = { _id: 'maths', title: 'Mathematics' };

function page<T>(docs: T[], pageNumber = 1, totalPages = 1) {
  return success<Paged<T>>({ docs, totalDocs: docs.length, limit: 100, page: pageNumber, totalPages }, 'ok');
}

/** The stores' environment for one test: the API the test gives, opened with `state`, signed in or not. */
function browser(api: ReturnType<typeof fakeApi>, parts: Partial<Environment> = {}): BrowserRecord {
  return testEnvironment({ call: api.call, ...parts });
}

/** An API that answers each catalogue list with the docs given for it (none when not given). */
function serve(lists: { examTypes?: unknown[]; subjects?: Subject[]; years?: Year[] } = {}) {
  return fakeApi()
    .on(catalogueApi.examTypes, () => page((lists.examTypes ?? []) as never[]))
    .on(catalogueApi.subjects, () => page(lists.subjects ?? []))
    .on(catalogueApi.years, () => page(lists.years ?? []));
}

/** Opened with this navigation state. */
const openedWith = (state: unknown) => ({ readNavigationState: () => state });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/select-exam', () => {
  it('goes to /subjects with the exam type as navigation state', () => {
    const record = browser(serve());
    createSelectExamStore().choose({ _id: 'waec', title: 'WAEC', image: { url: '/x.png' } });
    expect(record.navigations).toEqual([{ path: '/subjects', state: { examType: WAEC } }]);
  });
});

describe('/subjects', () => {
  it('goes home, replacing the page, without an exam type in its state', async () => {
    const api = serve();
    const navigate = vi.fn();
    browser(api, { ...openedWith(undefined), navigate });
    await createSelectSubjectStore().init();
    expect(navigate).toHaveBeenCalledWith('/', undefined, { replace: true });
    expect(api.calls).toEqual([]);
  });

  it("lists only the exam type's subjects, even when the server sends others", async () => {
    const api = serve({
      subjects: [subject('maths', 'Mathematics', ['waec', 'jamb']), subject('lit', 'Literature', ['jamb'])],
    });
    browser(api, openedWith({ examType: WAEC }));
    const store = createSelectSubjectStore();
    await store.init();
    expect(api.calls[0]?.input).toEqual({ query: { examType: 'waec', limit: 100, page: 1 } });
    const state = store.$list.get();
    expect(state.status === 'ready' && state.data.map((item) => item._id)).toEqual(['maths']);
    expect(store.$examType.get()).toEqual(WAEC);
  });

  it('goes to /select-year with the exam type and the subject', async () => {
    const record = browser(serve(), openedWith({ examType: WAEC }));
    const store = createSelectSubjectStore();
    await store.init();
    store.choose(subject('maths', 'Mathematics', ['waec']));
    expect(record.navigations).toEqual([{ path: '/select-year', state: { examType: WAEC, subject: MATHS } }]);
  });
});

describe('/select-year', () => {
  const years = [
    year('y2019', '2019', ['waec'], ['maths']),
    year('y2020', '2020', ['waec'], ['physics']),
    year('y2021', '2021', ['waec', 'jamb'], ['maths']),
    year('y2022', '2022', ['jamb'], ['maths']),
  ];

  async function ready(signedIn = false) {
    const api = serve({ years });
    const record = browser(api, {
      ...openedWith({ examType: WAEC, subject: MATHS }),
      signedIn: () => signedIn,
    });
    const store = createSelectYearStore();
    await store.init();
    return { store, api, record };
  }

  it('goes home without the exam type and subject in its state', async () => {
    const navigate = vi.fn();
    browser(serve(), { ...openedWith({ examType: WAEC }), navigate });
    await createSelectYearStore().init();
    expect(navigate).toHaveBeenCalledWith('/', undefined, { replace: true });
  });

  it('lists the years of the exam type and subject only, asking the server for those', async () => {
    const { store, api } = await ready();
    expect(api.calls[0]?.input).toEqual({
      query: { examType: 'waec', subject: 'maths', limit: 100, page: 1 },
    });
    expect(store.$years.get().map((item) => item.title)).toEqual(['2021', '2019']);
  });

  it('alerts "Please select a year first" when Start is pressed without a year', async () => {
    const alert = vi.fn();
    vi.stubGlobal('window', { alert });
    const { store, record } = await ready();
    store.startTest();
    expect(alert).toHaveBeenCalledWith(NO_YEAR_MESSAGE);
    expect(record.navigations).toEqual([]);
  });

  it('goes to /test with the exam type, subject and year when signed in', async () => {
    const { store, record } = await ready(true);
    store.selectIndex(1);
    store.startTest();
    expect(record.navigations).toEqual([
      { path: '/test', state: { examType: WAEC, subject: MATHS, year: { _id: 'y2019', title: '2019' } } },
    ]);
  });

  it('sends a guest to sign in, keeping the choice for /test', async () => {
    const { store, record } = await ready(false);
    store.selectIndex(0);
    store.startTest();
    expect(record.navigations).toEqual([
      {
        path: '/signin?next=/test',
        state: { examType: WAEC, subject: MATHS, year: { _id: 'y2021', title: '2021' } },
      },
    ]);
  });

  it('is driven by the keyboard: open, move, choose, close', async () => {
    const { store } = await ready();
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
    const { store } = await ready();
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
    const api = serve({ subjects });
    browser(api);
    const store = createPracticeSubjectStore();
    await store.load();
    expect(api.calls[0]?.input).toEqual({ query: { limit: 100, page: 1 } });
    const state = store.$list.get();
    expect(state.status === 'ready' && state.data.length).toBe(4);
    expect(store.$quickPicks.get().map((pick) => [pick.label, pick.subject._id])).toEqual([
      ['ENGLISH', 'eng'],
      ['GENERAL KNOWLEDGE', 'gk'],
      ['MATHEMATICS', 'maths'],
    ]);
  });

  it('marks the subjects the student has taken today, and asks nothing for a guest', async () => {
    const api = serve({ subjects }).on(examApi.dailyTaken, () =>
      success({ day: '2026-03-02', subjects: ['phy', 'eng'] }),
    );
    browser(api, { signedIn: () => true });
    const store = createPracticeSubjectStore();
    await store.load();
    expect([...store.$taken.get()]).toEqual(['phy', 'eng']);
    expect(store.$takenToday.get().map((item) => item.title)).toEqual(['English', 'Physics']);

    const guestApi = serve({ subjects }).on(examApi.dailyTaken, () => success({ day: '', subjects: [] }));
    browser(guestApi, { signedIn: () => false });
    const guest = createPracticeSubjectStore();
    await guest.load();
    expect(guestApi.calls.map((call) => call.binding)).toEqual([catalogueApi.subjects]);
    expect(guest.$takenToday.get()).toEqual([]);
  });

  it('opens the daily test when signed in, and sends a guest to sign in first', () => {
    let signedIn = true;
    const record = browser(serve(), { signedIn: () => signedIn });
    const store = createPracticeSubjectStore();
    store.choose(subjects[3] as Subject);
    signedIn = false;
    store.choose(subjects[0] as Subject);
    expect(record.navigations).toEqual([
      { path: '/daily-test', state: { subject: { _id: 'phy', title: 'Physics' } } },
      { path: '/signin?next=/daily-test', state: { subject: { _id: 'eng', title: 'English' } } },
    ]);
  });
});
