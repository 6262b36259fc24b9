import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { userApi } from '../api/endpoints.ts';
import type { Profile, SessionPayload, User } from '../api/user.ts';
import { ADMIN_REFUSED_MESSAGE } from '../errors.ts';
import { type ApiResult, CLIENT_ERROR_MESSAGE, call } from './api.ts';
import { navigate } from './navigation.ts';
import { AUTH_STORE_KEY, AUTH_TOKEN_KEY, forgetStudent, markAuthState } from './storage.ts';
import { showToast, showToastAfterNavigation } from './toasts.ts';
import { checkUser, USER_CHECKED_EVENT, type UserCheck } from './user-check.ts';

export type { Profile, SessionPayload, User } from '../api/user.ts';

interface AuthState {
  user: User | null;
  profile: Profile | null;
  isAuth: boolean;
}

const signedOut: AuthState = { user: null, profile: null, isAuth: false };

/** The persisted auth store: the user and profile of this browser's session. */
export const $auth = persistentAtom<AuthState>(AUTH_STORE_KEY, signedOut, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      return { ...signedOut, ...(JSON.parse(raw) as Partial<AuthState>) };
    } catch {
      return signedOut;
    }
  },
});

export const $user = computed($auth, (state) => state.user);

// The page's start check (user-check.ts) may bring a changed user while islands show the stored one.
if (typeof window !== 'undefined') {
  addEventListener(USER_CHECKED_EVENT, (event) => {
    const { changed, payload } = (event as CustomEvent<UserCheck>).detail;
    if (changed && payload && !payload.isAdmin && $auth.get().isAuth) {
      $auth.set({ user: payload.user, profile: payload.profile, isAuth: true });
    }
  });
}

/** Stores a fresh session, unless the account is an admin, which this app refuses (spec §6). */
function acceptSession(payload: SessionPayload): boolean {
  if (payload.isAdmin || payload.user.isAdmin) {
    clearSession();
    showToast(ADMIN_REFUSED_MESSAGE, 'error');
    return false;
  }
  localStorage.setItem(AUTH_TOKEN_KEY, payload.token);
  $auth.set({ user: payload.user, profile: payload.profile, isAuth: true });
  markAuthState(true);
  return true;
}

/** Forgets the session in this browser. */
export function clearSession(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  $auth.set(signedOut);
  markAuthState(false);
}

/**
 * Where a guest was going when a screen sent them to sign in: /login receives it as navigation state, and
 * signing in carries on there with the choice the guest had made (a paper, a daily-test subject, a plan).
 */
export interface ReturnTo {
  returnTo: { path: string; state?: unknown };
}

/** Sends a guest to /login, remembering where they were going and with what state. */
export function requireSignIn(path: string, state?: unknown): void {
  navigate('/login', { returnTo: { path, state } } satisfies ReturnTo);
}

/** Signs in with a session payload from login or sign-up and goes on to choose an exam (or back on track). */
export function completeSignIn(result: ApiResult<SessionPayload>, returnTo?: ReturnTo['returnTo']): boolean {
  if (!result.ok || !acceptSession(result.data)) return false;
  showToastAfterNavigation(result.message, 'success');
  if (returnTo) navigate(returnTo.path, returnTo.state);
  else navigate('/select-exam');
  return true;
}

/**
 * Loads the current user from the server and answers the call's result, so that a screen with nothing
 * stored to show can say why it failed; undefined without a token.
 */
export async function refreshUser(): Promise<ApiResult<SessionPayload> | undefined> {
  const check = await checkUser();
  if (!check) return undefined;
  if (check.payload) {
    acceptSession(check.payload);
    return { ok: true, data: check.payload, message: 'User fetched successfully' };
  }
  const message = check.message || CLIENT_ERROR_MESSAGE;
  if (check.status === 403) {
    clearSession();
    showToast(message, 'error');
  } else if (check.status === 429) showToast(message, 'error');
  return { ok: false, status: check.status, message };
}

/**
 * Loads the current user from the server (spec: the user is loaded on start), by the one rule of
 * user-check.ts: a conditional GET that costs a 304 when nothing changed.
 */
export async function loadUser(): Promise<void> {
  await refreshUser();
}

/** Replaces the stored user after a profile edit. */
export function replaceUser(user: User): void {
  $auth.set({ ...$auth.get(), user });
}

/** Replaces the stored user and profile with the fresh ones an answer carried (an email confirmation). */
export function replaceAccount(account: { user: User; profile: Profile }): void {
  if (!$auth.get().isAuth) return;
  $auth.set({ ...$auth.get(), user: account.user, profile: account.profile });
}

/**
 * Logs out on the server, clears everything stored but the answers not yet sent, and goes home with
 * 'Logout Successfully'.
 */
export async function logout(): Promise<void> {
  const result = await call(userApi.signOut, { quiet: true });
  if (!result.ok && result.status !== 401) {
    showToast(result.message || 'Failed to logout', 'info');
    return;
  }
  forgetStudent();
  $auth.set(signedOut);
  showToastAfterNavigation('Logout Successfully', 'success');
  navigate('/');
}
