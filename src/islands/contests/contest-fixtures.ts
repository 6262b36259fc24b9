/** Contests as the API sends them, for the contest screens' tests. */
import { vi } from 'vitest';
import type { ContestBoard, ContestEntry, ContestSummary } from '../../lib/api/contest.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import type { ContestDeps } from './contest-deps.ts';

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

export const ok = <T>(data: T, message = ''): ApiResult<T> => ({ ok: true, data, message });
export const failed = (status: number, message: string, code?: string): ApiResult<never> => ({
  ok: false,
  status,
  message,
  ...(code ? { code } : {}),
});

/**
 * A fake API that records every call: each `METHOD path` answers with the next queued answer, or the last
 * one again once the queue is down to one.
 */
export function fakeApi(answers: Record<string, ApiResult<unknown>[]>) {
  const calls: { method: string; path: string; body: unknown; query: unknown }[] = [];
  const request = (async (
    method: string,
    path: string,
    options: { body?: unknown; query?: unknown } = {},
  ) => {
    calls.push({ method, path, body: options.body, query: options.query });
    const queue = answers[`${method} ${path}`];
    if (!queue?.length) throw new Error(`unexpected call ${method} ${path}`);
    return queue.length > 1 ? queue.shift() : queue[0];
  }) as ContestDeps['request'];
  const to = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  /** Queues more answers for a call. */
  const then = (key: string, ...more: ApiResult<unknown>[]) => {
    answers[key] = more;
  };
  return { calls, request, to, then };
}

/** The browser of a contest screen: the fake API, the fake clock's timers, and spies for the rest. */
export function contestDeps(api: ReturnType<typeof fakeApi>, { signedIn = true, search = '?id=c1' } = {}) {
  return {
    request: api.request,
    navigate: vi.fn<(path: string) => void>(),
    requireSignIn: vi.fn<(path: string) => void>(),
    signedIn: () => signedIn,
    loadUser: async () => undefined,
    setCoins: vi.fn<(coins: number) => void>(),
    readSearch: () => search,
    now: () => Date.now(),
    setInterval: (run: () => void, ms: number) => setInterval(run, ms),
    clearInterval: (timer: unknown) => clearInterval(timer as ReturnType<typeof setInterval>),
  } satisfies ContestDeps;
}
