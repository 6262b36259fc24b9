/** Contests as the API sends them, for the contest screens' tests. */
import { type fakeApi, testEnvironment } from '../../../tests/support/store-environment.ts';
import type { ContestBoard, ContestEntry, ContestSummary } from '../../lib/api/contest.ts';
import type { Endpoint } from '../../lib/api/endpoint.ts';
import type { ApiResult } from '../../lib/client/api.ts';

export const NOW = Date.parse('2026-12-05T08:59:00.000Z');

/** An upcoming contest starting a minute after NOW, two levels of 5 minutes, nobody's entry. */
export function summary(overrides: Partial<ContestSummary> = {}): ContestSummary {
  return {
    _id: 'c1',
    title: 'Saturday Maths Challenge',
    description: 'Two quick levels of school maths.',
    examType: 'WAEC',
    subject: 'Mathematics',
    startsAt: '2026-12-05T09:00:00.000Z',
    endsAt: '2026-12-05T09:10:00.000Z',
    status: 'upcoming',
    entryFee: 20,
    maxEntrants: 10_000,
    entrants: 3,
    levels: [
      { minutes: 5, questions: 10 },
      { minutes: 5, questions: 10 },
    ],
    prizes: [
      { place: 1, coins: 500 },
      { place: 2, coins: 200 },
    ],
    sponsoredPrize: null,
    entry: null,
    winners: [],
    serverTime: new Date(NOW).toISOString(),
    ...overrides,
  };
}

export function entry(overrides: Partial<ContestEntry> = {}): ContestEntry {
  return {
    enteredAt: '2026-12-05T08:50:00.000Z',
    openLevel: null,
    openLevelEndsAt: null,
    levelsDone: 0,
    points: 0,
    place: null,
    prizeCoins: null,
    sponsored: null,
    ...overrides,
  };
}

export function board(overrides: Partial<ContestBoard> = {}): ContestBoard {
  return {
    docs: [{ place: 1, name: 'Chidi O.', points: 15, seconds: 200, isMe: false }],
    me: { place: 2, name: 'Aisha Bello', points: 10, seconds: 250, isMe: true },
    entrants: 4,
    asOf: '2026-12-05T09:02:00.000Z',
    final: false,
    ...overrides,
  };
}

/** A handler that answers the queued answers in turn, then the last one again and again. */
export function queued<T>(...answers: ApiResult<T>[]): () => ApiResult<T> {
  return () => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer) throw new Error('no answer queued');
    return answer;
  };
}

/** What the store asked of one binding, in order. */
export function callsTo(api: ReturnType<typeof fakeApi>, binding: Endpoint) {
  return api.calls.filter((call) => call.binding === binding).map((call) => call.input);
}

/**
 * The browser of a contest screen: the stand-in API, a student signed in or not, the page's address, and
 * the coin balances put in the header. The clock and timers are the globals, so Vitest's fake timers apply.
 */
export function contestBrowser(api: ReturnType<typeof fakeApi>, { signedIn = true, search = '?id=c1' } = {}) {
  const coins: number[] = [];
  const record = testEnvironment({
    call: api.call,
    signedIn: () => signedIn,
    readSearch: () => search,
    setCoins: (balance) => coins.push(balance),
  });
  return { ...record, coins };
}
