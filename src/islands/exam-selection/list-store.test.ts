import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  appApi,
  failed,
  fakeApi,
  success,
  testEnvironment,
} from '../../../tests/support/store-environment.ts';
import { createTestApp } from '../../../tests/support/test-app.ts';
import type { ExamType } from '../../lib/api/catalogue.ts';
import { catalogueApi } from '../../lib/api/endpoints.ts';
import type { Paged } from '../../lib/api/paged.ts';
import { seedDatabase } from '../../server/services/seed.ts';
import { createSelectExamStore } from './select-exam-store.ts';
import { createSelectSubjectStore } from './select-subject-store.ts';

// The generic catalogue list (list-store.ts), through the exam type and subject screens that use it.

function page<T>(docs: T[], pageNumber = 1, totalPages = 1) {
  return success<Paged<T>>({ docs, totalDocs: docs.length, limit: 100, page: pageNumber, totalPages }, 'ok');
}

/** The stores' environment for one test, with the API the test gives. */
const browser = (api: ReturnType<typeof fakeApi>) => testEnvironment({ call: api.call });

describe('list loading', () => {
  it('fetches every page of a list, 100 at a time', async () => {
    const first = Array.from({ length: 100 }, (_, index) => ({
      _id: `e${index}`,
      title: `E${index}`,
      image: null,
    }));
    const pages = [page(first, 1, 2), page([{ _id: 'last', title: 'Last', image: null }], 2, 2)];
    const api = fakeApi().on(catalogueApi.examTypes, () => pages.shift() ?? failed('none left', 0));
    browser(api);
    const store = createSelectExamStore();
    await store.load();
    const state = store.$list.get();
    expect(state.status === 'ready' && state.data.length).toBe(101);
    expect(api.calls.map((call) => call.input)).toEqual([
      { query: { limit: 100, page: 1 } },
      { query: { limit: 100, page: 2 } },
    ]);
  });

  it('shows a failure with its message, and Retry loads again', async () => {
    const answers = [
      failed('We could not reach the server.', 0),
      page([{ _id: 'waec', title: 'WAEC', image: null }]),
    ];
    browser(fakeApi().on(catalogueApi.examTypes, () => answers.shift() ?? failed('none left', 0)));
    const store = createSelectExamStore();
    await store.load();
    expect(store.$list.get()).toEqual({ status: 'failed', message: 'We could not reach the server.' });
    await store.load();
    expect(store.$list.get()).toEqual({
      status: 'ready',
      data: [{ _id: 'waec', title: 'WAEC', image: null }],
    });
  });

  it('keeps the answer of the latest load when an earlier one answers last', async () => {
    type Answer = ReturnType<typeof page<ExamType>>;
    let answerFirst: (value: Answer) => void = () => {};
    const answers = [
      () => new Promise<Answer>((resolve) => (answerFirst = resolve)),
      async () => page<ExamType>([{ _id: 'new', title: 'New', image: null }]),
    ];
    browser(
      fakeApi().on(catalogueApi.examTypes, () => (answers.shift() ?? (async () => page<ExamType>([])))()),
    );
    const store = createSelectExamStore();
    const first = store.load();
    await store.load();
    answerFirst(page([{ _id: 'old', title: 'Old', image: null }]));
    await first;
    const state = store.$list.get();
    expect(state.status === 'ready' && state.data.map((item) => item._id)).toEqual(['new']);
  });

  it('remembers which images failed so their cards show the placeholder', () => {
    const store = createSelectExamStore();
    store.imageFailed('waec');
    store.imageFailed('waec');
    expect([...store.$failedImages.get()]).toEqual(['waec']);
  });
});

describe('the lists against the API', () => {
  it("lists the bank's exam types, then the subjects of the one chosen, all of them that exam type's", async () => {
    const t = await createTestApp();
    await seedDatabase(t.db, pino({ level: 'silent' }));
    const exams = testEnvironment({ call: appApi(t) });
    const examStore = createSelectExamStore();
    await examStore.load();
    const examTypes = examStore.$list.get();
    expect(examTypes.status).toBe('ready');
    const chosen = examTypes.status === 'ready' ? examTypes.data[0] : undefined;
    expect(chosen).toBeDefined();
    if (!chosen) return;
    examStore.choose(chosen);

    testEnvironment({ call: appApi(t), readNavigationState: () => exams.navigations[0]?.state });
    const subjectStore = createSelectSubjectStore();
    await subjectStore.init();
    const subjects = subjectStore.$list.get();
    expect(subjects.status === 'ready' && subjects.data.length).toBeGreaterThan(0);
    for (const item of subjects.status === 'ready' ? subjects.data : []) {
      expect(item.examType).toContain(chosen._id);
    }
  });
});
