import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, testEnvironment } from '../../../tests/support/store-environment.ts';
import { coinHistoryApi } from '../../lib/api/endpoints.ts';
import type { CoinHistoryEntry } from '../../lib/api/history.ts';
import type { Paged } from '../../lib/api/paged.ts';
import type { ApiResult } from '../../lib/client/api.ts';

// The profile store against a stand-in API, and a stand-in for the session's refresh of the student: the
// store environment's loadUser does not answer why a refresh failed, which the page shows.
vi.mock('../../lib/client/session.ts', async (original) => ({
  ...(await original<typeof import('../../lib/client/session.ts')>()),
  refreshUser: vi.fn(async () => undefined),
}));

const { $auth, refreshUser } = await import('../../lib/client/session.ts');
const { createProfileStore, HISTORY_LIMIT } = await import('./profile-store.ts');
const { signedCoins } = await import('./CoinHistory.tsx');

/** The coin history's answer, changed by each test. */
let historyAnswer: ApiResult<Paged<CoinHistoryEntry>> | undefined;

const student = {
  _id: '0b7c6f0e-4a43-4f0c-9d4e-2d6f2f3f7a11',
  firstName: 'Aisha',
  lastName: 'Bello',
  email: 'aisha@example.com',
  emailVerified: true,
  pendingEmail: null,
  telephone: '08031234567',
  triviaPoints: 80,
  image: null,
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const welcome: CoinHistoryEntry = {
  _id: 'e1',
  createdAt: '2026-01-01T00:00:00.000Z',
  description: 'Welcome bonus',
  type: 'credit',
  coins: 80,
  coinsAfter: 80,
};
const offline = { ok: false, status: 0, message: 'We could not reach the server.' } as const;
const history = (docs: CoinHistoryEntry[]): ApiResult<Paged<CoinHistoryEntry>> => ({
  ok: true,
  message: '',
  data: { docs, totalDocs: docs.length, limit: HISTORY_LIMIT, page: 1, totalPages: 1 },
});

/** The session call succeeds: the student is stored, as the real one does. */
function serverAnswersWithStudent() {
  vi.mocked(refreshUser).mockImplementationOnce(async () => {
    $auth.set({ user: student, profile: null, isAuth: true });
    return undefined;
  });
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  historyAnswer = undefined;
  api = fakeApi().on(coinHistoryApi.list, () => {
    if (!historyAnswer) throw new Error('unexpected call to the coin history');
    return historyAnswer;
  });
  testEnvironment({ call: api.call });
  $auth.set({ user: null, profile: null, isAuth: false });
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('/profile loading', () => {
  it('waits for the server when nothing is stored, then shows the account and the history', async () => {
    historyAnswer = history([welcome]);
    serverAnswersWithStudent();
    const store = createProfileStore();
    expect(store.$account.get()).toEqual({ status: 'loading' });
    const loading = store.load();
    expect(store.$history.get()).toEqual({ status: 'loading' });
    await loading;
    expect(store.$account.get()).toEqual({ status: 'ready', data: null });
    expect(store.$history.get()).toEqual({ status: 'ready', data: [welcome] });
    expect(api.calls[0]?.input).toEqual({ query: { limit: HISTORY_LIMIT } });
  });

  it('shows a stored account at once, while it refreshes', () => {
    $auth.set({ user: student, profile: null, isAuth: true });
    expect(createProfileStore().$account.get()).toEqual({ status: 'ready', data: null });
  });

  it('says why when the account cannot be loaded, and Retry loads it', async () => {
    historyAnswer = offline;
    vi.mocked(refreshUser).mockResolvedValueOnce(offline);
    const store = createProfileStore();
    await store.load();
    expect(store.$account.get()).toEqual({ status: 'failed', message: offline.message });

    historyAnswer = history([welcome]);
    serverAnswersWithStudent();
    const retry = store.load();
    expect(store.$account.get()).toEqual({ status: 'loading' });
    await retry;
    expect(store.$account.get()).toEqual({ status: 'ready', data: null });
  });

  it('says why when the coin history fails, and its Retry loads only the history', async () => {
    $auth.set({ user: student, profile: null, isAuth: true });
    historyAnswer = offline;
    const store = createProfileStore();
    await store.load();
    expect(store.$history.get()).toEqual({ status: 'failed', message: offline.message });

    historyAnswer = history([welcome]);
    await store.loadHistory();
    expect(store.$history.get()).toEqual({ status: 'ready', data: [welcome] });
    expect(refreshUser).toHaveBeenCalledTimes(1);
  });
});

describe('coin history amounts', () => {
  it('signs credits and debits, with thousands separators', () => {
    expect(signedCoins({ type: 'credit', coins: 1200 })).toBe('+1,200');
    expect(signedCoins({ type: 'debit', coins: 4 })).toBe('-4');
  });
});
