import { beforeAll, describe, expect, it } from 'vitest';
import { appApi, fakeApi, testEnvironment } from '../../../tests/support/store-environment.ts';
import { createTestApp, signUpUnconfirmedStudent, type TestApp } from '../../../tests/support/test-app.ts';
import { createLeaderboardStore } from './leaderboard-store.ts';

// /leader-board's store against a real test app, and a guest's browser that has no student.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('the leader board store', () => {
  it('sends a guest to sign in, in place of the page, without asking for the board', async () => {
    const api = fakeApi();
    const went: { path: string; replace: boolean | undefined }[] = [];
    testEnvironment({
      call: api.call,
      userId: () => undefined,
      navigate: (path, _state, options) => went.push({ path, replace: options?.replace }),
    });
    const store = createLeaderboardStore();
    await store.load();
    expect(went).toEqual([{ path: '/login', replace: true }]);
    expect(api.calls).toEqual([]);
    expect(store.$board.get()).toEqual({ status: 'loading' });
  });

  it('shows the board to a student, who is not on it before scoring', async () => {
    const { token, user } = await signUpUnconfirmedStudent(t);
    let refreshed = 0;
    testEnvironment({
      call: appApi(t, token),
      userId: () => user._id,
      loadUser: async () => {
        refreshed += 1;
      },
    });
    const store = createLeaderboardStore();
    await store.load();
    expect(refreshed).toBe(1);
    expect(store.$board.get()).toEqual({
      status: 'ready',
      data: { rows: [], own: undefined, unranked: true },
    });
  });
});
