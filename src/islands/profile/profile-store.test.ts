import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, success, testEnvironment } from '../../../tests/support/store-environment.ts';
import { student } from '../../../tests/support/student-fixture.ts';
import type { CoinHistoryEntry } from '../../lib/api/coin-history.ts';
import { coinHistoryApi, userApi } from '../../lib/api/endpoints.ts';
import type { Paged } from '../../lib/api/paged.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { $auth, type SessionPayload } from '../../lib/client/session.ts';
import { environment, setEnvironment } from '../shared/environment.ts';
import { signedCoins } from './CoinHistory.tsx';
import { createProfileStore, HISTORY_LIMIT } from './profile-store.ts';

// The profile store against a stand-in API and a stand-in refresh of the student, whose answers each test
// queues (the page shows why a refresh failed).

/** The coin history's answer, changed by each test. */
let historyAnswer: ApiResult<Paged<CoinHistoryEntry>> | undefined;

const aisha = student();
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

/** What the next refreshes of the student do, in turn; a refresh with none queued answers nothing. */
let refreshes: (() => ApiResult<SessionPayload> | undefined)[] = [];
let refreshCount = 0;

/** The session call succeeds: the student is stored, as the real one does. */
function serverAnswersWithStudent() {
  refreshes.push(() => {
    $auth.set({ user: aisha, profile: null, isAuth: true });
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
  refreshes = [];
  refreshCount = 0;
  testEnvironment({
    call: api.call,
    refreshUser: async () => {
      refreshCount += 1;
      return refreshes.shift()?.();
    },
  });
  $auth.set({ user: null, profile: null, isAuth: false });
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

  it("shows the student's place on the Leader Board that the user's load fetched", async () => {
    historyAnswer = history([welcome]);
    serverAnswersWithStudent();
    setEnvironment({ ...environment(), boardPlace: async () => ({ rank: 3, totalScore: 42 }) });
    const store = createProfileStore();
    expect(store.$boardPlace.get()).toBeNull();
    await store.load();
    await vi.waitFor(() => expect(store.$boardPlace.get()).toEqual({ rank: 3, totalScore: 42 }));
  });

  it('shows a stored account at once, while it refreshes', () => {
    $auth.set({ user: aisha, profile: null, isAuth: true });
    expect(createProfileStore().$account.get()).toEqual({ status: 'ready', data: null });
  });

  it('says why when the account cannot be loaded, and Retry loads it', async () => {
    historyAnswer = offline;
    refreshes.push(() => offline);
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
    $auth.set({ user: aisha, profile: null, isAuth: true });
    historyAnswer = offline;
    const store = createProfileStore();
    await store.load();
    expect(store.$history.get()).toEqual({ status: 'failed', message: offline.message });

    historyAnswer = history([welcome]);
    await store.loadHistory();
    expect(store.$history.get()).toEqual({ status: 'ready', data: [welcome] });
    expect(refreshCount).toBe(1);
  });
});

describe('/profile editing', () => {
  it('stores the user the saved edit answers with, and closes the dialog', async () => {
    $auth.set({ user: aisha, profile: null, isAuth: true });
    const renamed = { ...aisha, firstName: 'Aishat' };
    api.on(userApi.update, () => success(renamed, 'Profile updated'));
    const record = testEnvironment({ call: api.call });
    const store = createProfileStore();
    store.edit('firstName');
    store.setValue('Aishat');
    await store.save();
    expect(api.calls.at(-1)?.input).toEqual({ body: { firstName: 'Aishat' }, quiet: false });
    expect(record.accounts).toEqual([{ user: renamed }]);
    expect(store.$editing.get()).toBeNull();
  });
});

describe('coin history amounts', () => {
  it('signs credits and debits, with thousands separators', () => {
    expect(signedCoins({ type: 'credit', coins: 1200 })).toBe('+1,200');
    expect(signedCoins({ type: 'debit', coins: 4 })).toBe('-4');
  });
});
