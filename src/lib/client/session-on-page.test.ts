import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mapStorage } from '../../../tests/support/map-storage.ts';
import { aishaSession } from '../../../tests/support/student-fixture.ts';
import { $auth, clearSession } from './session.ts';
import { USER_CHECKED_EVENT, type UserCheck } from './user-check.ts';

const aisha = aishaSession();
const signedOut = { user: null, profile: null, isAuth: false };

// session.ts reads the stored session and starts listening for the start check when it loads, and the
// test worker loaded it already, without a window. Each test loads it again as a page does: a fresh copy,
// over the same stored session, with a window whose events the test sends.
describe('the session store as a page loads it', () => {
  let events: EventTarget;
  let loads = 0;

  async function loadOnPage(): Promise<typeof import('./session.ts')> {
    loads += 1;
    return import(/* @vite-ignore */ `./session.ts?page=${loads}`);
  }
  const checked = (detail: UserCheck) =>
    events.dispatchEvent(new CustomEvent(USER_CHECKED_EVENT, { detail }));

  beforeEach(() => {
    events = new EventTarget();
    vi.stubGlobal('window', {});
    vi.stubGlobal('addEventListener', events.addEventListener.bind(events));
    vi.stubGlobal('localStorage', mapStorage());
    vi.stubGlobal('document', { documentElement: { dataset: {} } });
  });

  afterEach(() => {
    // The stored session is shared by every copy: the worker's own copy has the last word, signed out.
    clearSession();
    vi.unstubAllGlobals();
  });

  it('reads the stored session back, with the signed-out defaults for what it lacks', async () => {
    $auth.set({ user: aisha.user, isAuth: true } as never);
    const { $auth: loaded } = await loadOnPage();
    expect(loaded.get()).toEqual({ user: aisha.user, profile: null, isAuth: true });
  });

  it('takes a changed user from the start check while signed in', async () => {
    $auth.set({ user: aisha.user, profile: aisha.profile, isAuth: true });
    const { $auth: loaded } = await loadOnPage();
    const richer = { ...aisha, user: { ...aisha.user, triviaPoints: 2000 } };

    checked({ status: 200, payload: richer, changed: false });
    expect(loaded.get().user?.triviaPoints).toBe(1250);
    checked({ status: 200, payload: { ...richer, isAdmin: true }, changed: true });
    expect(loaded.get().user?.triviaPoints).toBe(1250);
    checked({ status: 200, payload: richer, changed: true });
    expect(loaded.get()).toEqual({ user: richer.user, profile: aisha.profile, isAuth: true });
  });

  it('a signed-out page stays signed out whatever the start check brings', async () => {
    $auth.set(signedOut);
    const { $auth: loaded } = await loadOnPage();
    checked({ status: 200, payload: aisha, changed: true });
    expect(loaded.get()).toEqual(signedOut);
  });
});
