/**
 * Navigation state (DESIGN §6): context passes between screens as a state object, never in the URL. The
 * state is kept in sessionStorage under a key stored in the history entry, so it survives a reload and
 * comes back with the back button.
 */

const PENDING_KEY = 'nav:pending';
const stateKey = (key: string) => `nav:state:${key}`;

interface PendingNavigation {
  path: string;
  key: string;
}

function newKey(): string {
  return crypto.randomUUID();
}

/** Goes to a path, handing it a state object; `replace` swaps the current history entry. */
export function navigate(path: string, state?: unknown, options: { replace?: boolean } = {}): void {
  if (state !== undefined) {
    const key = newKey();
    sessionStorage.setItem(stateKey(key), JSON.stringify(state));
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ path, key } satisfies PendingNavigation));
  } else {
    sessionStorage.removeItem(PENDING_KEY);
  }
  if (options.replace) location.replace(path);
  else location.assign(path);
}

/** The state this page was opened with, or undefined when it was opened without any. */
export function readNavigationState<T>(): T | undefined {
  // Islands also render once at build time, where there is no session to read.
  if (typeof sessionStorage === 'undefined') return undefined;
  const pending = sessionStorage.getItem(PENDING_KEY);
  if (pending) {
    sessionStorage.removeItem(PENDING_KEY);
    const { path, key } = JSON.parse(pending) as PendingNavigation;
    // The path may carry a query (/utme/result?exam=…): compare it whole, as the browser parsed it.
    const target = new URL(path, location.href);
    if (target.pathname === location.pathname && target.search === location.search) {
      history.replaceState({ ...history.state, navKey: key }, '');
    }
  }
  const key = (history.state as { navKey?: string } | null)?.navKey;
  const stored = key ? sessionStorage.getItem(stateKey(key)) : null;
  return stored ? (JSON.parse(stored) as T) : undefined;
}

/** Goes back one page, or to a fallback when there is no page to go back to. */
export function goBack(fallback = '/'): void {
  if (history.length > 1 && document.referrer.startsWith(location.origin)) history.back();
  else location.assign(fallback);
}
