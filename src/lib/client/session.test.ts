import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeDocument, installDom } from '../../../tests/support/fake-dom.ts';
import { mapStorage, storedKeys } from '../../../tests/support/map-storage.ts';
import { aishaSession } from '../../../tests/support/student-fixture.ts';
import { queueKey } from '../../islands/quiz/answer-queue.ts';
import { CURRENT_USER_PATH, LEADERBOARD_PATH } from '../api/start-calls.ts';
import { ADMIN_REFUSED_MESSAGE, UNAUTHORIZED_MESSAGE } from '../errors.ts';
import { CLIENT_ERROR_MESSAGE } from './api.ts';
import {
  $auth,
  $user,
  clearSession,
  completeSignIn,
  loadUser,
  logout,
  refreshUser,
  replaceAccount,
  replaceUser,
  requireSignIn,
} from './session.ts';
import { AUTH_TOKEN_KEY, STUDENT_CHECK_KEYS } from './storage.ts';
import { BOARD_PLACE_KEY, boardPlace, checkUser, MSISDN_KEY } from './user-check.ts';

/** A JSON response from the fake server. */
function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const aisha = aishaSession();
const signedOut = { user: null, profile: null, isAuth: false };

/** The toasts on the page: their kind and message. */
const toastsOn = (document: FakeDocument) =>
  document.querySelectorAll('.toast').map((toast) => ({
    kind: toast.className.slice('toast toast-'.length),
    message: toast.children[0]?.textContent,
  }));

describe('the session store', () => {
  let local: Storage;
  let session: Storage;
  let page: FakeDocument;
  let userAnswer: () => Response;
  const assign = vi.fn();
  const reload = vi.fn();
  const fetch = vi.fn<typeof globalThis.fetch>();
  const pendingToasts = () => JSON.parse(session.getItem('pending-toasts') ?? '[]');
  /** The path the page went to, and the state it was handed (navigation.ts keeps it in the session). */
  const went = () => {
    const pending = JSON.parse(session.getItem('nav:pending') ?? 'null');
    const state = pending && JSON.parse(session.getItem(`nav:state:${pending.key}`) ?? 'null');
    return { path: assign.mock.calls.at(-1)?.[0], state: state ?? undefined };
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    local = mapStorage({ [AUTH_TOKEN_KEY]: 'token-aisha' });
    // The check's follow-ups are done this session, so a refresh asks only for the user.
    session = mapStorage({ [BOARD_PLACE_KEY]: 'null', [MSISDN_KEY]: '{}' });
    userAnswer = () => reply(200, { data: aisha });
    assign.mockReset();
    reload.mockReset();
    fetch.mockReset();
    fetch.mockImplementation(async (input) => {
      const url = String(input);
      if (url === CURRENT_USER_PATH) return userAnswer();
      // A changed user refreshes the board place, which these tests do not read.
      if (url === LEADERBOARD_PATH) return reply(200, { data: { docs: [], me: null } });
      throw new Error(`No route for ${url}`);
    });
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
    vi.stubGlobal('location', { assign, reload, origin: 'http://localhost' });
    vi.stubGlobal('fetch', fetch);
    page = installDom().document;
    vi.stubGlobal('dispatchEvent', () => true);
    clearSession();
    local.setItem(AUTH_TOKEN_KEY, 'token-aisha');
  });

  afterEach(async () => {
    // Leaves user-check.ts idle and the store signed out for the next test, through their own calls.
    local.removeItem(AUTH_TOKEN_KEY);
    await checkUser();
    await boardPlace();
    clearSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  describe('completeSignIn', () => {
    it('stores the session and goes on to choose an exam with the success message', () => {
      local.removeItem(AUTH_TOKEN_KEY);
      expect(completeSignIn({ ok: true, data: aisha, message: 'Login successful' })).toBe(true);

      expect(local.getItem(AUTH_TOKEN_KEY)).toBe('token-aisha');
      expect($auth.get()).toEqual({ user: aisha.user, profile: aisha.profile, isAuth: true });
      expect($user.get()).toEqual(aisha.user);
      expect(page.documentElement.dataset.auth).toBe('in');
      expect(pendingToasts()).toEqual([['Login successful', 'success']]);
      expect(went()).toEqual({ path: '/select-exam', state: undefined });
    });

    it('carries on where the guest was going, with the choice they had made', () => {
      const returnTo = { path: '/pricing', state: { plan: 'monthly' } };
      expect(completeSignIn({ ok: true, data: aisha, message: 'Login successful' }, returnTo)).toBe(true);
      expect(went()).toEqual(returnTo);
    });

    it('a failed sign-in changes nothing', () => {
      expect(completeSignIn({ ok: false, status: 400, message: 'Invalid credentials' })).toBe(false);
      expect($auth.get()).toEqual(signedOut);
      expect(assign).not.toHaveBeenCalled();
      expect(pendingToasts()).toEqual([]);
    });

    it.each([
      ['the payload', { ...aisha, isAdmin: true }],
      ['the user', { ...aisha, user: { ...aisha.user, isAdmin: true } }],
    ])('an admin (flagged on %s) is refused and signed out', (_where, admin) => {
      expect(completeSignIn({ ok: true, data: admin, message: 'Login successful' })).toBe(false);
      expect(local.getItem(AUTH_TOKEN_KEY)).toBeNull();
      expect($auth.get()).toEqual(signedOut);
      expect(page.documentElement.dataset.auth).toBe('out');
      expect(toastsOn(page)).toEqual([{ kind: 'error', message: ADMIN_REFUSED_MESSAGE }]);
      expect(assign).not.toHaveBeenCalled();
    });
  });

  it('requireSignIn sends a guest to /login with where they were going', () => {
    requireSignIn('/utme/select', { subjects: ['physics'] });
    expect(went()).toEqual({
      path: '/login',
      state: { returnTo: { path: '/utme/select', state: { subjects: ['physics'] } } },
    });
  });

  it('clearSession forgets the token and the user', () => {
    completeSignIn({ ok: true, data: aisha, message: '' });
    clearSession();
    expect(local.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect($auth.get()).toEqual(signedOut);
    expect(page.documentElement.dataset.auth).toBe('out');
  });

  describe('refreshUser', () => {
    it('without a token: undefined, and nothing asked', async () => {
      local.removeItem(AUTH_TOKEN_KEY);
      expect(await refreshUser()).toBeUndefined();
      expect(fetch).not.toHaveBeenCalled();
    });

    it('stores the user the server answered', async () => {
      expect(await refreshUser()).toEqual({ ok: true, data: aisha, message: 'User fetched successfully' });
      expect($auth.get()).toEqual({ user: aisha.user, profile: aisha.profile, isAuth: true });
      expect(page.documentElement.dataset.auth).toBe('in');
    });

    it('loadUser does the same, answering nothing', async () => {
      await expect(loadUser()).resolves.toBeUndefined();
      expect($auth.get().user).toEqual(aisha.user);
    });

    it('403: signs out and says why', async () => {
      completeSignIn({ ok: true, data: aisha, message: '' });
      userAnswer = () => reply(403, { message: 'Your account is suspended.' });

      expect(await refreshUser()).toEqual({ ok: false, status: 403, message: 'Your account is suspended.' });
      expect(local.getItem(AUTH_TOKEN_KEY)).toBeNull();
      expect($auth.get()).toEqual(signedOut);
      expect(toastsOn(page)).toEqual([{ kind: 'error', message: 'Your account is suspended.' }]);
    });

    it('429: says so, and keeps the session', async () => {
      userAnswer = () => reply(429, { message: 'Too many requests. Try again in 1 minute.' });
      expect(await refreshUser()).toMatchObject({ ok: false, status: 429 });
      expect(local.getItem(AUTH_TOKEN_KEY)).toBe('token-aisha');
      expect(toastsOn(page)).toEqual([
        { kind: 'error', message: 'Too many requests. Try again in 1 minute.' },
      ]);
    });

    it('unreachable: answers the client error quietly, for the screen to show', async () => {
      userAnswer = () => {
        throw new TypeError('Failed to fetch');
      };
      expect(await refreshUser()).toEqual({ ok: false, status: 0, message: CLIENT_ERROR_MESSAGE });
      expect(toastsOn(page)).toEqual([]);
      expect(local.getItem(AUTH_TOKEN_KEY)).toBe('token-aisha');
    });
  });

  it('replaceUser swaps the user after a profile edit and keeps the profile', () => {
    completeSignIn({ ok: true, data: aisha, message: '' });
    const renamed = { ...aisha.user, firstName: 'Adaeze' };
    replaceUser(renamed);
    expect($auth.get()).toEqual({ user: renamed, profile: aisha.profile, isAuth: true });
  });

  describe('replaceAccount', () => {
    const confirmed = {
      user: { ...aisha.user, triviaPoints: 1330 },
      profile: { ...aisha.profile, totalScore: 41 },
    };

    it('takes the fresh user and profile of a signed-in student', () => {
      completeSignIn({ ok: true, data: aisha, message: '' });
      replaceAccount(confirmed);
      expect($auth.get()).toEqual({ ...confirmed, isAuth: true });
    });

    it('leaves a signed-out browser signed out (the link opened on another device)', () => {
      replaceAccount(confirmed);
      expect($auth.get()).toEqual(signedOut);
    });
  });

  describe('logout', () => {
    beforeEach(() => {
      completeSignIn({ ok: true, data: aisha, message: '' });
      assign.mockReset();
      session.removeItem('pending-toasts');
      local.setItem(queueKey('attempt-1'), '[]');
    });

    const logoutAnswers = (answer: () => Response) => {
      fetch.mockImplementation(async () => answer());
    };

    it('logs out on the server, keeps only the answers not yet sent, and goes home', async () => {
      logoutAnswers(() => reply(200, { success: true, message: 'Logged out', data: null }));
      session.setItem(STUDENT_CHECK_KEYS.checkedAt, String(Date.now()));
      session.setItem(STUDENT_CHECK_KEYS.msisdn, JSON.stringify({ active: true }));
      await logout();
      for (const key of Object.values(STUDENT_CHECK_KEYS)) expect(session.getItem(key)).toBeNull();

      const [input, init] = fetch.mock.calls[0] ?? [];
      expect(String(input)).toBe('/api/v1/user/logout');
      expect(init?.method).toBe('POST');
      expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-aisha');
      expect(storedKeys(local)).toEqual([queueKey('attempt-1')]);
      expect($auth.get()).toEqual(signedOut);
      expect(pendingToasts()).toEqual([['Logout Successfully', 'success']]);
      expect(toastsOn(page)).toEqual([]);
      expect(went().path).toBe('/');
    });

    it('a session already over on the server (401) logs out all the same', async () => {
      logoutAnswers(() => reply(401, { success: false, message: UNAUTHORIZED_MESSAGE }));
      await logout();
      expect(storedKeys(local)).toEqual([queueKey('attempt-1')]);
      expect($auth.get()).toEqual(signedOut);
      expect(went().path).toBe('/');
    });

    it.each([
      [
        'the server fails',
        () => reply(500, { success: false, message: 'Something went wrong' }),
        'Something went wrong',
      ],
      [
        'the server is unreachable',
        () => {
          throw new TypeError('Failed to fetch');
        },
        CLIENT_ERROR_MESSAGE,
      ],
    ])('when %s: says so and stays signed in', async (_case, answer, message) => {
      logoutAnswers(answer);
      await logout();
      expect(toastsOn(page)).toEqual([{ kind: 'info', message }]);
      expect(local.getItem(AUTH_TOKEN_KEY)).toBe('token-aisha');
      expect($auth.get().isAuth).toBe(true);
      expect(assign).not.toHaveBeenCalled();
    });
  });
});
