import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeElement, installDom } from '../../../tests/support/fake-dom.ts';
import { mapStorage } from '../../../tests/support/map-storage.ts';
import { aishaSession } from '../../../tests/support/student-fixture.ts';
import { leaveUserCheckIdle } from '../../../tests/support/user-check-idle.ts';
import { CURRENT_USER_PATH } from '../api/start-calls.ts';
import { AUTH_STORE_KEY, AUTH_TOKEN_KEY } from './storage.ts';
import { BOARD_PLACE_KEY, checkUser, MSISDN_KEY, startUserCheck, USER_ANSWER_KEY } from './user-check.ts';

const aisha = aishaSession('token-1');

/** The session key user-check.ts keeps the time of its last check under. */
const CHECKED_AT_KEY = 'user-checked-at';

describe('startUserCheck', () => {
  let local: Storage;
  let session: Storage;
  let header: FakeElement;
  const fetch = vi.fn<typeof globalThis.fetch>();
  const userCalls = () => fetch.mock.calls.filter(([input]) => input === CURRENT_USER_PATH).length;

  beforeEach(() => {
    local = mapStorage({
      [AUTH_TOKEN_KEY]: 'token-1',
      [AUTH_STORE_KEY]: JSON.stringify({ user: aisha.user, profile: aisha.profile, isAuth: true }),
      [USER_ANSWER_KEY]: JSON.stringify({ etag: 'W/"v1"', payload: aisha }),
    });
    // The follow-ups are done this session, so only the user is asked for.
    session = mapStorage({ [BOARD_PLACE_KEY]: 'null', [MSISDN_KEY]: '{}' });
    fetch.mockReset();
    fetch.mockImplementation(async () => new Response(null, { status: 304 }));
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
    vi.stubGlobal('location', { reload: vi.fn() });
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('dispatchEvent', () => true);
    const { document } = installDom();
    header = document.add('span', { parent: document.body, attributes: { 'data-header-account': '' } });
  });

  afterEach(async () => {
    await leaveUserCheckIdle(local);
    vi.unstubAllGlobals();
  });

  it('first page of a session: checks the user, and the first island load takes that answer', async () => {
    startUserCheck();
    expect(userCalls()).toBe(1);

    expect(await checkUser()).toEqual({ status: 200, payload: aisha, changed: false });
    expect(userCalls()).toBe(1);
    // The next load is a check of its own.
    await checkUser();
    expect(userCalls()).toBe(2);
  });

  it("an island that checked before the page's start leaves its Retry a check of its own", async () => {
    fetch.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    const islandLoad = checkUser();
    startUserCheck();
    expect((await islandLoad)?.status).toBe(0);
    expect(await checkUser()).toEqual({ status: 200, payload: aisha, changed: false });
    expect(userCalls()).toBe(2);
  });

  it('checked a minute ago: shows the stored account and asks nothing', () => {
    session.setItem(CHECKED_AT_KEY, String(Date.now() - 60_000));
    startUserCheck();
    expect(fetch).not.toHaveBeenCalled();
    expect(header.textContent).toBe('Aisha · 1,250 coins');
  });

  it('checked over ten minutes ago: checks again', () => {
    session.setItem(CHECKED_AT_KEY, String(Date.now() - 10 * 60_000 - 1));
    startUserCheck();
    expect(userCalls()).toBe(1);
  });

  it('signed out: leaves the header alone', () => {
    local.removeItem(AUTH_STORE_KEY);
    header.textContent = 'Sign in';
    session.setItem(CHECKED_AT_KEY, String(Date.now()));
    startUserCheck();
    expect(header.textContent).toBe('Sign in');
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [111, '111th'],
    [123, '123rd'],
  ])('rank %i reads %s on the Leader Board', (rank, place) => {
    session.setItem(BOARD_PLACE_KEY, JSON.stringify({ rank, totalScore: 1 }));
    session.setItem(CHECKED_AT_KEY, String(Date.now()));
    startUserCheck();
    expect(header.textContent).toBe(`Aisha · 1,250 coins · ${place} on the Leader Board`);
  });
});
