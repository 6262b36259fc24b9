import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failed, fakeApi, success as ok, testEnvironment } from '../../../tests/support/store-environment.ts';
import { contestApi } from '../../lib/api/endpoints.ts';
import { callsTo, contestBrowser, entry, NOW, queued, summary } from './contest-fixtures.ts';
import { createContestReviewStore } from './contest-review-store.ts';
import {
  canEnter,
  canPlay,
  countdownText,
  enterLabel,
  entryLine,
  feeText,
  groupContests,
  prizeText,
  secondsText,
} from './contests.ts';
import { CONTESTS_PAGE_SIZE, createContestsStore, hasMoreContests } from './contests-store.ts';
import { createMyContestsStore } from './my-contests-store.ts';

const page = <T>(docs: T[], pageNumber = 1, totalPages = 1) => ({
  docs,
  totalDocs: docs.length,
  limit: CONTESTS_PAGE_SIZE,
  page: pageNumber,
  totalPages,
});

describe('what the contest screens say', () => {
  it('splits the list into live, upcoming and past, keeping the API’s order', () => {
    const list = [
      summary({ _id: 'live', status: 'live' }),
      summary({ _id: 'soon' }),
      summary({ _id: 'later' }),
      summary({ _id: 'done', status: 'finished' }),
      summary({ _id: 'off', status: 'cancelled' }),
    ];
    const groups = groupContests(list);
    expect(groups.live.map((contest) => contest._id)).toEqual(['live']);
    expect(groups.upcoming.map((contest) => contest._id)).toEqual(['soon', 'later']);
    expect(groups.past.map((contest) => contest._id)).toEqual(['done', 'off']);
  });

  it('names fees, prizes and times', () => {
    expect(feeText(0)).toBe('Free');
    expect(feeText(1)).toBe('1 coin');
    expect(feeText(1500)).toBe('1,500 coins');
    expect(enterLabel(0)).toBe('Enter for free');
    expect(enterLabel(20)).toBe('Enter (20 coins)');
    expect(prizeText({ place: 2, coins: 200 })).toBe('2nd place: 200 coins');
    expect(secondsText(200)).toBe('3 min 20 s');
    expect(secondsText(45)).toBe('45 s');
  });

  it('counts down in words, to the second when close', () => {
    expect(countdownText(0)).toBe('now');
    expect(countdownText(9_000)).toBe('9 seconds');
    expect(countdownText(249_000)).toBe('4 minutes 9 seconds');
    expect(countdownText(3_900_000)).toBe('1 hour 5 minutes');
    expect(countdownText(2 * 86_400_000 + 3 * 3_600_000 + 5_000)).toBe('2 days 3 hours');
    // A part of a second left is still a second to wait.
    expect(countdownText(400)).toBe('1 second');
  });

  it('says where the caller stands in each state of a contest', () => {
    expect(entryLine('upcoming', null)).toBe('');
    expect(entryLine('upcoming', entry())).toContain('You have entered');
    expect(entryLine('live', entry({ place: 3, points: 8, levelsDone: 1 }))).toBe(
      'You are 3rd place, 8 points so far; 1 of your levels handed in.',
    );
    expect(entryLine('finished', entry({ place: 1, points: 15, prizeCoins: 500 }))).toBe(
      'You finished 1st with 15 points. You won 500 coins.',
    );
    expect(entryLine('cancelled', entry())).toContain('refunded');
  });

  it('lets a student enter only before the start, once, while places are left', () => {
    expect(canEnter(summary())).toBe(true);
    expect(canEnter(summary({ entry: entry() }))).toBe(false);
    expect(canEnter(summary({ entrants: 10_000 }))).toBe(false);
    expect(canEnter(summary({ status: 'live' }))).toBe(false);
    expect(canPlay(summary({ status: 'live', entry: entry({ openLevel: 2 }) }))).toBe(true);
    expect(canPlay(summary({ status: 'live', entry: entry() }))).toBe(false);
  });
});

describe('the list of contests', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads, says why it failed, and retries', async () => {
    const api = fakeApi().on(
      contestApi.list,
      queued(failed('We could not reach the server.', 0), ok(page([summary()]))),
    );
    contestBrowser(api);
    const store = createContestsStore();
    const stop = store.init();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$state.get()).toEqual({ status: 'failed', message: 'We could not reach the server.' });
    await store.load();
    expect(store.$groups.get().upcoming).toHaveLength(1);
    expect(callsTo(api, contestApi.list)[0]).toEqual({ query: { page: 1, limit: CONTESTS_PAGE_SIZE } });
    stop();
  });

  it('reads the list again when an upcoming contest’s start comes, so it moves to Live', async () => {
    const api = fakeApi().on(
      contestApi.list,
      queued(ok(page([summary()])), ok(page([summary({ status: 'live' })]))),
    );
    contestBrowser(api);
    const store = createContestsStore();
    const stop = store.init();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(callsTo(api, contestApi.list)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(callsTo(api, contestApi.list)).toHaveLength(2);
    expect(store.$groups.get().live).toHaveLength(1);
    stop();
  });

  it('shows more, leaving out a contest already listed', async () => {
    const api = fakeApi().on(
      contestApi.list,
      queued(
        ok(page([summary({ _id: 'a' }), summary({ _id: 'b' })], 1, 2)),
        ok(page([summary({ _id: 'b' }), summary({ _id: 'c' })], 2, 2)),
      ),
    );
    contestBrowser(api);
    const store = createContestsStore();
    await store.load();
    expect(hasMoreContests(store.$state.get())).toBe(true);
    await store.showMore();
    const state = store.$state.get();
    expect(state.status === 'ready' && state.data.contests.map((contest) => contest._id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(hasMoreContests(state)).toBe(false);
  });

  it('asks for the contests the student entered, for /profile', async () => {
    const api = fakeApi().on(contestApi.list, queued(ok(page([summary({ _id: 'mine', entry: entry() })]))));
    testEnvironment({ call: api.call });
    const store = createMyContestsStore();
    await store.load();
    expect(callsTo(api, contestApi.list)).toEqual([{ query: expect.objectContaining({ entered: 'true' }) }]);
    expect(store.$state.get()).toMatchObject({ status: 'ready', data: [{ _id: 'mine' }] });
  });
});

describe('a finished contest’s answers', () => {
  it('are read only when asked for, and say why they are not open yet', async () => {
    const review = { title: 'Saturday Maths Challenge', levels: [] };
    const api = fakeApi().on(
      contestApi.review,
      queued(failed('The answers open when the contest ends.', 409), ok(review)),
    );
    testEnvironment({ call: api.call });
    const store = createContestReviewStore('c1');
    expect(store.$review.get()).toEqual({ status: 'idle' });
    expect(api.calls).toEqual([]);
    await store.load();
    expect(store.$review.get()).toEqual({
      status: 'failed',
      message: 'The answers open when the contest ends.',
    });
    await store.load();
    expect(store.$review.get()).toEqual({ status: 'ready', data: review });
    expect(callsTo(api, contestApi.review)).toEqual([{ params: { id: 'c1' } }, { params: { id: 'c1' } }]);
  });
});
