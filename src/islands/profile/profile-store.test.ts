import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoinHistoryEntry } from '../../lib/api/history.ts';
import type { ApiResult } from '../../lib/client/api.ts';

// The profile store against stand-ins for the API client and the session's call to the server.
const answers = vi.hoisted(() => new Map<string, ApiResult<unknown>>());

vi.mock('../../lib/client/api.ts', () => ({
  reportFailure: vi.fn(),
  request: vi.fn(async (_method: string, path: string) => {
    const answer = answers.get(path);
    if (!answer) throw new Error(`unexpected call to ${path}`);
    return answer;
  }),
}));
vi.mock('../../lib/client/session.ts', async (original) => ({
  ...(await original<typeof import('../../lib/client/session.ts')>()),
  refreshUser: vi.fn(async () => undefined),
}));

const { $auth, refreshUser } = await import('../../lib/client/session.ts');
const { createProfileStore, HISTORY_LIMIT } = await import('./profile-store.ts');
const { request } = await import('../../lib/client/api.ts');
const { signedCoins } = await import('./CoinHistory.tsx');

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
const history = (docs: CoinHistoryEntry[]): ApiResult<unknown> => ({
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

beforeEach(() => {
  answers.clear();
  $auth.set({ user: null, profile: null, isAuth: false });
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('/profile loading', () => {
  it('waits for the server when nothing is stored, then shows the account and the history', async () => {
    answers.set('/api/v1/history', history([welcome]));
    serverAnswersWithStudent();
    const store = createProfileStore();
    expect(store.$account.get()).toEqual({ status: 'loading' });
    const loading = store.load();
    expect(store.$history.get()).toEqual({ status: 'loading' });
    await loading;
    expect(store.$account.get()).toEqual({ status: 'ready' });
    expect(store.$history.get()).toEqual({ status: 'ready', entries: [welcome] });
    expect(vi.mocked(request).mock.calls[0]?.[2]).toEqual({ query: { limit: HISTORY_LIMIT } });
  });

  it('shows a stored account at once, while it refreshes', () => {
    $auth.set({ user: student, profile: null, isAuth: true });
    expect(createProfileStore().$account.get()).toEqual({ status: 'ready' });
  });

  it('says why when the account cannot be loaded, and Retry loads it', async () => {
    answers.set('/api/v1/history', offline);
    vi.mocked(refreshUser).mockResolvedValueOnce(offline);
    const store = createProfileStore();
    await store.load();
    expect(store.$account.get()).toEqual({ status: 'failed', message: offline.message });

    answers.set('/api/v1/history', history([welcome]));
    serverAnswersWithStudent();
    const retry = store.load();
    expect(store.$account.get()).toEqual({ status: 'loading' });
    await retry;
    expect(store.$account.get()).toEqual({ status: 'ready' });
  });

  it('says why when the coin history fails, and its Retry loads only the history', async () => {
    $auth.set({ user: student, profile: null, isAuth: true });
    answers.set('/api/v1/history', offline);
    const store = createProfileStore();
    await store.load();
    expect(store.$history.get()).toEqual({ status: 'failed', message: offline.message });

    answers.set('/api/v1/history', history([welcome]));
    await store.loadHistory();
    expect(store.$history.get()).toEqual({ status: 'ready', entries: [welcome] });
    expect(refreshUser).toHaveBeenCalledTimes(1);
  });
});

describe('coin history amounts', () => {
  it('signs credits and debits, with thousands separators', () => {
    expect(signedCoins({ type: 'credit', coins: 1200 })).toBe('+1,200');
    expect(signedCoins({ type: 'debit', coins: 4 })).toBe('-4');
  });
});
