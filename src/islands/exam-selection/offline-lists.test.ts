import { describe, expect, it } from 'vitest';
import { failed, fakeApi, testEnvironment } from '../../../tests/support/store-environment.ts';
import { catalogueApi } from '../../lib/api/endpoints.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import type { PaperStore, PaperSummary } from '../offline/offline-papers.ts';
import type { Environment } from '../shared/environment.ts';
import { createSelectExamStore } from './select-exam-store.ts';
import { createSelectSubjectStore } from './select-subject-store.ts';
import { createSelectYearStore } from './select-year-store.ts';

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
/** The phone's downloads: only student-1's papers, all listed. */
const phone = {
  list: async (owner: string) => onPhone.filter((paper) => paper.owner === owner),
} as PaperStore;

/**
 * student-1 on this phone, opened with `state`, where every catalogue list answers `answer` (by default as it
 * does with no network). Returns the API, to see what was asked.
 */
function onThePhone(
  state: unknown = undefined,
  answer: ApiResult<never> = failed('We could not reach the server.', 0),
  parts: Partial<Environment> = {},
) {
  const api = fakeApi()
    .on(catalogueApi.examTypes, () => answer)
    .on(catalogueApi.subjects, () => answer)
    .on(catalogueApi.years, () => answer);
  testEnvironment({
    call: api.call,
    userId: () => 'student-1',
    papers: () => phone,
    readNavigationState: () => state,
    ...parts,
  });
  return api;
}

describe('offline, the lists show the papers on the phone', () => {
  it('/select-exam lists the exam types of the downloads, marked as offline', async () => {
    onThePhone();
    const store = createSelectExamStore();
    await store.load();
    expect(store.$list.get()).toEqual({
      status: 'offline',
      data: [
        { _id: 'neco', title: 'NECO', image: null },
        { _id: 'waec', title: 'WAEC', image: null },
      ],
    });
  });

  it('/subjects lists the downloaded subjects of the chosen exam type', async () => {
    onThePhone({ examType: WAEC });
    const store = createSelectSubjectStore();
    await store.init();
    const state = store.$list.get();
    expect(state.status).toBe('offline');
    expect(state.status === 'offline' && state.data.map((item) => item.title)).toEqual([
      'English Language',
      'Mathematics',
    ]);
  });

  it('/select-year lists the downloaded years of the exam type and subject, newest first', async () => {
    onThePhone({ examType: WAEC, subject: MATHS });
    const store = createSelectYearStore();
    await store.init();
    expect(store.$years.get().map((year) => year.title)).toEqual(['2019', '2018']);
    expect(store.$list.get().status).toBe('offline');
  });

  it('shows the usual failure when nothing of the choice is on the phone', async () => {
    onThePhone({ examType: NECO, subject: ENGLISH });
    const store = createSelectYearStore();
    await store.init();
    expect(store.$list.get()).toEqual({ status: 'failed', message: 'We could not reach the server.' });
  });

  it('lists the phone’s papers without asking when the browser knows it is offline', async () => {
    const api = onThePhone(undefined, failed('We could not reach the server.', 0), { isOnline: () => false });
    const store = createSelectExamStore();
    await store.load();
    expect(store.$list.get().status).toBe('offline');
    expect(api.calls).toEqual([]);
  });

  it('does not fall back on the phone for an error of the server', async () => {
    onThePhone(undefined, failed('Something went wrong', 500));
    const store = createSelectExamStore();
    await store.load();
    expect(store.$list.get()).toEqual({ status: 'failed', message: 'Something went wrong' });
  });
});
