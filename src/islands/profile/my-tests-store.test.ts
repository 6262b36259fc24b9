import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appApi, fakeApi, testEnvironment } from '../../../tests/support/store-environment.ts';
import { createTestApp, signUpUnconfirmedStudent, type TestApp } from '../../../tests/support/test-app.ts';
import { ATTEMPT_HISTORY_PAGE_SIZE, type AttemptHistoryEntry } from '../../lib/api/attempt-history.ts';
import { attemptHistoryApi } from '../../lib/api/endpoints.ts';
import type { Paged } from '../../lib/api/paged.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { createMyTestsStore, hasMore, leaderboardLabel, reviewHref, scoreText } from './my-tests-store.ts';

// /profile's "My tests" store against a stand-in API: each page it asks for is answered from `pages`, by
// page number (a real test app gives the first page of a new student).

const offline = { ok: false, status: 0, message: 'We could not reach the server.' } as const;
const pages = new Map<number, ApiResult<Paged<AttemptHistoryEntry>>>();

function entry(id: string, overrides: Partial<AttemptHistoryEntry> = {}): AttemptHistoryEntry {
  return {
    _id: id,
    kind: 'exam',
    title: `WAEC · Mathematics · 2019 (${id})`,
    score: 79,
    maxScore: 100,
    correctAnswer: 17,
    totalQuestions: 20,
    counted: true,
    offline: false,
    startedAt: '2026-03-02T09:00:00.000Z',
    submittedAt: '2026-03-02T09:20:00.000Z',
    ...overrides,
  };
}

function page(number: number, docs: AttemptHistoryEntry[], totalDocs: number) {
  const limit = ATTEMPT_HISTORY_PAGE_SIZE;
  pages.set(number, {
    ok: true,
    message: '',
    data: { docs, totalDocs, limit, page: number, totalPages: Math.max(1, Math.ceil(totalDocs / limit)) },
  });
}

const ids = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => entry(`t${from + index}`));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

beforeEach(() => {
  pages.clear();
  const api = fakeApi().on(attemptHistoryApi.list, (input) => {
    const query = input?.query ?? {};
    expect(query.limit).toBe(ATTEMPT_HISTORY_PAGE_SIZE);
    const answer = pages.get(Number(query.page));
    if (!answer) throw new Error(`unexpected page ${query.page}`);
    return answer;
  });
  testEnvironment({ call: api.call });
});

describe('the My tests store', () => {
  it('lists the first page, and says when there are no tests', async () => {
    const { token } = await signUpUnconfirmedStudent(t);
    testEnvironment({ call: appApi(t, token) });
    const store = createMyTestsStore();
    expect(store.$state.get()).toEqual({ status: 'loading' });
    await store.load();
    expect(store.$state.get()).toMatchObject({ status: 'ready', data: { entries: [], total: 0 } });
    expect(hasMore(store.$state.get())).toBe(false);
  });

  it('shows the failure, and Retry reads the first page again', async () => {
    pages.set(1, offline);
    const store = createMyTestsStore();
    await store.load();
    expect(store.$state.get()).toEqual({ status: 'failed', message: offline.message });
    page(1, ids(2), 2);
    await store.load();
    expect(store.$state.get()).toMatchObject({ status: 'ready', data: { entries: ids(2) } });
  });

  it('adds the next page with Show more until every test is listed', async () => {
    page(1, ids(10), 12);
    page(2, ids(2, 10), 12);
    const store = createMyTestsStore();
    await store.load();
    expect(hasMore(store.$state.get())).toBe(true);
    const more = store.showMore();
    expect(store.$state.get()).toMatchObject({ data: { more: { status: 'loading' } } });
    await more;
    const state = store.$state.get();
    expect(state).toMatchObject({ status: 'ready', data: { page: 2, total: 12, more: { status: 'idle' } } });
    expect(state.status === 'ready' && state.data.entries.map((test) => test._id)).toEqual(
      ids(12).map((test) => test._id),
    );
    expect(hasMore(state)).toBe(false);
  });

  it('keeps the list when Show more fails, and its Retry adds the page', async () => {
    page(1, ids(10), 11);
    pages.set(2, offline);
    const store = createMyTestsStore();
    await store.load();
    await store.showMore();
    expect(store.$state.get()).toMatchObject({
      status: 'ready',
      data: { page: 1, more: { status: 'failed', message: offline.message } },
    });
    expect(store.$state.get()).toMatchObject({ data: { entries: ids(10) } });
    page(2, ids(1, 10), 11);
    await store.showMore();
    expect(store.$state.get()).toMatchObject({ data: { entries: ids(11), more: { status: 'idle' } } });
  });

  it('lists a test once when one submitted meanwhile moves the next page along', async () => {
    page(1, ids(10), 11);
    const store = createMyTestsStore();
    await store.load();
    // A new test came first since: page 2 now starts with the last test of the page already shown.
    page(2, [entry('t9'), entry('t10'), entry('t11')], 12);
    await store.showMore();
    const state = store.$state.get();
    expect(state.status === 'ready' && state.data.entries.map((test) => test._id)).toEqual(
      ids(12).map((test) => test._id),
    );
  });

  it('reads the first page again when an offline test has been uploaded, keeping the list meanwhile', async () => {
    page(1, ids(1), 1);
    const store = createMyTestsStore();
    await store.load();
    page(1, [entry('uploaded', { offline: true, counted: false }), ...ids(1)], 2);
    const refreshed = store.refresh();
    expect(store.$state.get()).toMatchObject({ status: 'ready', data: { entries: ids(1) } });
    await refreshed;
    expect(store.$state.get()).toMatchObject({ status: 'ready', data: { total: 2 } });
    pages.set(1, offline);
    await store.refresh();
    expect(store.$state.get()).toMatchObject({ status: 'ready', data: { total: 2 } });
  });
});

describe('an entry on screen', () => {
  it('links a UTME sitting to its result page and every other test to /review-answers', () => {
    expect(reviewHref({ _id: 'abc', kind: 'utme' })).toBe('/utme/result?exam=abc');
    for (const kind of ['exam', 'daily', 'topic'] as const) {
      expect(reviewHref({ _id: 'abc', kind })).toBe('/review-answers?exam=abc');
    }
  });

  it('shows points out of the most, and a UTME total out of 400', () => {
    expect(scoreText(entry('a', { score: -4, maxScore: 1000 }))).toEqual({
      shown: '-4 / 1,000 points',
      spoken: '-4 out of 1,000 points',
    });
    expect(scoreText(entry('b', { kind: 'utme', score: 287, maxScore: 400 }))).toEqual({
      shown: '287 / 400',
      spoken: '287 out of 400',
    });
  });

  it('labels a counted test Leaderboard, another Practice, and a UTME sitting neither', () => {
    expect(leaderboardLabel({ kind: 'daily', counted: true })).toBe('Leaderboard');
    expect(leaderboardLabel({ kind: 'exam', counted: false })).toBe('Practice');
    expect(leaderboardLabel({ kind: 'utme', counted: false })).toBeNull();
  });
});
