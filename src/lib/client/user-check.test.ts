import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type FakeElement, installDom } from '../../../tests/support/fake-dom.ts';
import { mapStorage, storedKeys } from '../../../tests/support/map-storage.ts';
import { aishaSession } from '../../../tests/support/student-fixture.ts';
import { leaveUserCheckIdle } from '../../../tests/support/user-check-idle.ts';
import { queueKey } from '../../islands/quiz/answer-queue.ts';
import { AIRTIME_STATUS_PATH, CURRENT_USER_PATH, LEADERBOARD_PATH } from '../api/start-calls.ts';
import { AUTH_STORE_KEY, AUTH_TOKEN_KEY } from './storage.ts';
import {
  airtimeActive,
  BOARD_PLACE_KEY,
  boardPlace,
  checkUser,
  MSISDN_KEY,
  USER_ANSWER_KEY,
  USER_CHECKED_EVENT,
  type UserCheck,
} from './user-check.ts';

/** A JSON response from the fake server. */
function reply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const aisha = aishaSession('token-1');

/** The session key user-check.ts keeps the time of its last check under. */
const CHECKED_AT_KEY = 'user-checked-at';

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

describe('the start check of the current user', () => {
  let local: Storage;
  let session: Storage;
  let routes: Record<string, Route>;
  let checks: UserCheck[];
  let header: FakeElement[];
  const reload = vi.fn();
  const fetch = vi.fn<typeof globalThis.fetch>();
  const callsTo = (path: string) => fetch.mock.calls.filter(([input]) => input === path);
  const headersOf = (path: string, index = 0) => new Headers(callsTo(path)[index]?.[1]?.headers);

  beforeEach(() => {
    local = mapStorage({ [AUTH_TOKEN_KEY]: 'token-1' });
    session = mapStorage();
    routes = {
      [CURRENT_USER_PATH]: () => reply(200, { data: aisha }, { etag: 'W/"v1"' }),
      [LEADERBOARD_PATH]: () => reply(200, { data: { me: { rank: 2, totalScore: 40 } } }),
      [AIRTIME_STATUS_PATH]: () => reply(200, { data: { active: true } }),
    };
    checks = [];
    const events = new EventTarget();
    events.addEventListener(USER_CHECKED_EVENT, (event) => {
      checks.push((event as CustomEvent<UserCheck>).detail);
    });
    reload.mockReset();
    fetch.mockReset();
    fetch.mockImplementation(async (input, init) => {
      const route = routes[String(input)];
      if (!route) throw new Error(`No route for ${String(input)}`);
      return route(init);
    });
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
    vi.stubGlobal('location', { reload });
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('dispatchEvent', events.dispatchEvent.bind(events));
    const { document } = installDom();
    // The header's account line, on a wide screen and in the phone menu.
    header = [1, 2].map(() =>
      document.add('span', { parent: document.body, attributes: { 'data-header-account': '' } }),
    );
  });

  afterEach(async () => {
    await leaveUserCheckIdle(local);
    vi.unstubAllGlobals();
  });

  it('without a token: asks nothing', async () => {
    local.removeItem(AUTH_TOKEN_KEY);
    expect(await checkUser()).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    expect(checks).toEqual([]);
  });

  it('first check: stores the answer and the user, then loads the board place and the airtime status', async () => {
    const check = await checkUser();

    expect(check).toEqual({ status: 200, payload: aisha, changed: true });
    const user = headersOf(CURRENT_USER_PATH);
    expect(user.get('authorization')).toBe('Bearer token-1');
    expect(user.get('frontend-source')).toBe('webuser');
    expect(user.has('if-none-match')).toBe(false);
    expect(callsTo(CURRENT_USER_PATH)[0]?.[1]?.cache).toBe('no-store');
    expect(JSON.parse(local.getItem(USER_ANSWER_KEY) ?? '')).toEqual({ etag: 'W/"v1"', payload: aisha });
    expect(JSON.parse(local.getItem(AUTH_STORE_KEY) ?? '')).toEqual({
      user: aisha.user,
      profile: aisha.profile,
      isAuth: true,
    });
    expect(Number(session.getItem(CHECKED_AT_KEY))).toBeGreaterThan(0);
    expect(checks).toEqual([check]);

    expect(await boardPlace()).toEqual({ rank: 2, totalScore: 40 });
    expect(await airtimeActive()).toBe(true);
    expect(headersOf(LEADERBOARD_PATH).get('authorization')).toBe('Bearer token-1');
    const [, airtime] = callsTo(AIRTIME_STATUS_PATH)[0] ?? [];
    expect(airtime?.method).toBe('POST');
    expect(new Headers(airtime?.headers).has('authorization')).toBe(false);
    expect(Object.fromEntries(airtime?.body as URLSearchParams)).toEqual({
      action: 'GRW',
      msisdn: '08031234567',
    });
    for (const line of header) expect(line.textContent).toBe('Aisha · 1,250 coins · 2nd on the Leader Board');
  });

  it('unchanged (304): answers the stored user and asks neither follow-up again in the session', async () => {
    local.setItem(USER_ANSWER_KEY, JSON.stringify({ etag: 'W/"v1"', payload: aisha }));
    local.setItem(AUTH_STORE_KEY, JSON.stringify({ user: aisha.user, profile: null, isAuth: true }));
    session.setItem(BOARD_PLACE_KEY, JSON.stringify({ rank: 1, totalScore: 90 }));
    session.setItem(MSISDN_KEY, JSON.stringify({ active: false }));
    routes[CURRENT_USER_PATH] = () => new Response(null, { status: 304 });

    expect(await checkUser()).toEqual({ status: 200, payload: aisha, changed: false });
    expect(headersOf(CURRENT_USER_PATH).get('if-none-match')).toBe('W/"v1"');
    // The stored user is only rewritten when the answer changed.
    expect(JSON.parse(local.getItem(AUTH_STORE_KEY) ?? '').profile).toBeNull();
    expect(await boardPlace()).toEqual({ rank: 1, totalScore: 90 });
    expect(await airtimeActive()).toBe(false);
    expect(fetch).toHaveBeenCalledOnce();
    expect(header[0]?.textContent).toBe('Aisha · 1,250 coins · 1st on the Leader Board');
  });

  it('unchanged in a new session: loads the board place, which the session has not got yet', async () => {
    local.setItem(USER_ANSWER_KEY, JSON.stringify({ etag: 'W/"v1"', payload: aisha }));
    session.setItem(MSISDN_KEY, JSON.stringify({ active: true }));
    routes[CURRENT_USER_PATH] = () => new Response(null, { status: 304 });

    await checkUser();
    expect(await boardPlace()).toEqual({ rank: 2, totalScore: 40 });
    expect(callsTo(LEADERBOARD_PATH)).toHaveLength(1);
    expect(callsTo(AIRTIME_STATUS_PATH)).toHaveLength(0);
  });

  it('a changed user: loads the board place again, even with one in the session', async () => {
    session.setItem(BOARD_PLACE_KEY, JSON.stringify({ rank: 9, totalScore: 10 }));
    await checkUser();
    expect(await boardPlace()).toEqual({ rank: 2, totalScore: 40 });
  });

  it('an answer without an ETag stores the user but keeps no answer to revalidate', async () => {
    routes[CURRENT_USER_PATH] = () => reply(200, { data: aisha });
    expect(await checkUser()).toMatchObject({ status: 200, changed: true });
    expect(local.getItem(USER_ANSWER_KEY)).toBeNull();
    expect(JSON.parse(local.getItem(AUTH_STORE_KEY) ?? '').isAuth).toBe(true);
  });

  it('a stored answer that is not JSON is ignored: the call is unconditional', async () => {
    local.setItem(USER_ANSWER_KEY, '{broken');
    await checkUser();
    expect(headersOf(CURRENT_USER_PATH).has('if-none-match')).toBe(false);
  });

  it('401: signs out, keeping the answers not yet sent, and reloads; no follow-up call', async () => {
    local.setItem(AUTH_STORE_KEY, JSON.stringify({ user: aisha.user, profile: null, isAuth: true }));
    local.setItem(queueKey('attempt-1'), '[]');
    session.setItem(MSISDN_KEY, JSON.stringify({ active: true }));
    routes[CURRENT_USER_PATH] = () => reply(401, { message: 'Unauthorized' });

    expect(await checkUser()).toEqual({ status: 401, message: 'Unauthorized' });
    expect(storedKeys(local)).toEqual([queueKey('attempt-1')]);
    expect(storedKeys(session)).toEqual([]);
    expect(reload).toHaveBeenCalledOnce();
    await boardPlace();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('another refusal keeps the session and reports the status, with no message from a body not JSON', async () => {
    routes[CURRENT_USER_PATH] = () => new Response('Too many requests', { status: 429 });
    expect(await checkUser()).toEqual({ status: 429, message: undefined });
    expect(local.getItem(AUTH_TOKEN_KEY)).toBe('token-1');
    expect(reload).not.toHaveBeenCalled();
    expect(checks).toHaveLength(1);
  });

  it('unreachable server: answers status 0, and the check is not counted as done', async () => {
    routes[CURRENT_USER_PATH] = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await checkUser()).toEqual({ status: 0 });
    expect(session.getItem(CHECKED_AT_KEY)).toBeNull();
    expect(checks).toEqual([]);
  });

  it('an admin: not stored as the session user, no Leader Board, the airtime status still', async () => {
    const admin = { ...aisha, isAdmin: true };
    routes[CURRENT_USER_PATH] = () => reply(200, { data: admin }, { etag: 'W/"a"' });

    expect(await checkUser()).toMatchObject({ status: 200, changed: true });
    expect(local.getItem(AUTH_STORE_KEY)).toBeNull();
    expect(await airtimeActive()).toBe(true);
    expect(callsTo(LEADERBOARD_PATH)).toHaveLength(0);
    expect(await boardPlace()).toBeNull();
  });

  it('calls made while one is on its way share it', async () => {
    const first = checkUser();
    const second = checkUser();
    expect(await second).toBe(await first);
    expect(callsTo(CURRENT_USER_PATH)).toHaveLength(1);
  });

  it('follow-ups that fail are logged and leave nothing stored; the screens still get answers', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    onTestFinished(() => info.mockRestore());
    routes[LEADERBOARD_PATH] = () => {
      throw new TypeError('Failed to fetch');
    };
    routes[AIRTIME_STATUS_PATH] = () => reply(503, { message: 'Down' });

    await checkUser();
    expect(await boardPlace()).toBeNull();
    expect(await airtimeActive()).toBe(false);
    expect(session.getItem(BOARD_PLACE_KEY)).toBeNull();
    expect(session.getItem(MSISDN_KEY)).toBeNull();
    expect(info).toHaveBeenCalledWith('A follow-up of the user check failed', expect.any(TypeError));
    expect(info).toHaveBeenCalledWith(
      'A follow-up of the user check failed',
      new Error('The airtime status check answered 503'),
    );
  });

  it('an unreachable airtime check is logged, and the board place is stored all the same', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    onTestFinished(() => info.mockRestore());
    routes[AIRTIME_STATUS_PATH] = () => {
      throw new TypeError('Failed to fetch');
    };

    await checkUser();
    expect(await airtimeActive()).toBe(false);
    expect(info).toHaveBeenCalledWith('A follow-up of the user check failed', expect.any(TypeError));
    expect(await boardPlace()).toEqual({ rank: 2, totalScore: 40 });
  });

  it('a board answer that is not JSON is logged, never rejects the screens, and leaves the airtime call alone', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    onTestFinished(() => info.mockRestore());
    routes[LEADERBOARD_PATH] = () => new Response('not json', { status: 200 });

    await checkUser();
    expect(await boardPlace()).toBeNull();
    expect(info).toHaveBeenCalledWith('A follow-up of the user check failed', expect.any(SyntaxError));
    // The spec's airtime call fires whenever a user exists, whatever the board answered.
    expect(callsTo(AIRTIME_STATUS_PATH)).toHaveLength(1);
    expect(await airtimeActive()).toBe(true);
  });

  it('a student not on the board: the place is stored as none and the header leaves it out', async () => {
    routes[LEADERBOARD_PATH] = () => reply(200, { data: { me: null } });
    await checkUser();
    expect(await boardPlace()).toBeNull();
    expect(session.getItem(BOARD_PLACE_KEY)).toBe('null');
    expect(header[0]?.textContent).toBe('Aisha · 1,250 coins');
  });

  it('a user without a telephone sends the airtime check an empty number', async () => {
    const noPhone = { ...aisha, user: { ...aisha.user, telephone: undefined as unknown as string } };
    routes[CURRENT_USER_PATH] = () => reply(200, { data: noPhone });
    await checkUser();
    await airtimeActive();
    const body = callsTo(AIRTIME_STATUS_PATH)[0]?.[1]?.body as URLSearchParams;
    expect(body.get('msisdn')).toBe('');
  });
});
