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

/**
 * The prefixes of the keys that hold a student's work not yet on the server: an attempt's queued answers
 * (quiz/answer-queue.ts) and a downloaded paper taken offline (offline/offline-attempt.ts). Logging out
 * keeps them, so that no answer is lost; each is tied to its student's attempt or id, so another student
 * signing in on the phone never sees them.
 */
export const ANSWER_QUEUE_PREFIX = 'quiz:queue:';
export const OFFLINE_RUN_PREFIX = 'offline-run:';

/** Empties localStorage except the work not yet sent (the prefixes above). */
export function clearAllButUnsentWork(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) {
    if (key !== null && !key.startsWith(ANSWER_QUEUE_PREFIX) && !key.startsWith(OFFLINE_RUN_PREFIX)) {
      storage.removeItem(key);
    }
  }
}

/**
 * sessionStorage: what the start check (user-check.ts) learnt of the signed-in student, once a browser
 * session: when it last asked, their place on the Leader Board and the airtime status of their number.
 */
export const STUDENT_CHECK_KEYS = {
  checkedAt: 'user-checked-at',
  boardPlace: 'board-place',
  msisdn: 'msisdn-data',
} as const;

/**
 * Forgets what the start check learnt of the last student: on a shared phone, the next one to sign in in
 * this tab is checked afresh, with their own number and place.
 */
function forgetStudentChecks(): void {
  if (typeof sessionStorage === 'undefined') return;
  for (const key of Object.values(STUDENT_CHECK_KEYS)) sessionStorage.removeItem(key);
}

/** Signing out, or a session the server no longer knows: everything stored but the work not yet sent. */
export function forgetStudent(): void {
  clearAllButUnsentWork(localStorage);
  forgetStudentChecks();
}

/**
 * The session is no longer valid (a 401): as logging out does, empties localStorage but the answers not
 * yet sent, which stay for the student's next sign-in, and reloads the page signed out.
 */
export function endInvalidSession(): void {
  forgetStudent();
  location.reload();
}
