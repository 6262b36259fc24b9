/** Where the bearer token lives in localStorage (spec §9). */
export const AUTH_TOKEN_KEY = 'AUTH_TOKEN';
/** The fixed name of the persisted auth store (spec §4). */
export const AUTH_STORE_KEY = 'exam-practice-auth';

/** The stored token, or undefined on the server or when signed out. */
export function readToken(): string | undefined {
  if (typeof localStorage === 'undefined') return undefined;
  return localStorage.getItem(AUTH_TOKEN_KEY) ?? undefined;
}

/** Marks the document as signed in or out, which the header's CSS reads before any island loads. */
export function markAuthState(signedIn: boolean): void {
  document.documentElement.dataset.auth = signedIn ? 'in' : 'out';
}
