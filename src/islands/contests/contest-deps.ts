import { request } from '../../lib/client/api.ts';
import { navigate } from '../../lib/client/navigation.ts';
import { $auth, loadUser, replaceUser, requireSignIn } from '../../lib/client/session.ts';
import { readToken } from '../../lib/client/storage.ts';

/** What the contest screens need from the browser, so that their tests can hand in a fake API and clock. */
export interface ContestDeps {
  request: typeof request;
  navigate: (path: string) => void;
  /** Sends a guest to sign in, coming back to `path` afterwards. */
  requireSignIn: (path: string) => void;
  /** Whether a student is signed in on this browser (it holds a session's token). */
  signedIn: () => boolean;
  /** Refreshes the signed-in student (and so the header's coin balance) from the server. */
  loadUser: () => Promise<void>;
  /** Puts a new coin balance in the header, as the lifelines do. */
  setCoins: (coins: number) => void;
  /** The page's query string (/contest?id=…). */
  readSearch: () => string;
  now: () => number;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (timer: unknown) => void;
}

/** The real browser; each default reads its global when called, so that fake timers replace them too. */
export function browserContestDeps(): ContestDeps {
  return {
    request,
    navigate: (path) => navigate(path),
    requireSignIn: (path) => requireSignIn(path),
    signedIn: () => Boolean(readToken()),
    loadUser,
    setCoins: (coins) => {
      const user = $auth.get().user;
      if (user) replaceUser({ ...user, triviaPoints: coins });
    },
    readSearch: () => window.location.search,
    now: () => Date.now(),
    setInterval: (run, ms) => setInterval(run, ms),
    clearInterval: (timer) => clearInterval(timer as ReturnType<typeof setInterval>),
  };
}
