/**
 * What every island store needs from the browser, in one place: the API (through its bindings), where the
 * student is and goes, the signed-in student, messages, time, storage and the phone's network. A store
 * reads it with `environment()` when it acts, never at import, so a test replaces any part of it with
 * `setEnvironment` (tests/support/store-environment.ts does that and puts it back after each test).
 * Everything here reads its global when called, so Vitest's fake timers and replaced globals apply too.
 */

import { call, reportFailure } from '../../lib/client/api.ts';
import { showErrorModal } from '../../lib/client/error-modal.ts';
import { goBack, navigate, readNavigationState } from '../../lib/client/navigation.ts';
import {
  $auth,
  clearSession,
  completeSignIn,
  loadUser,
  logout,
  refreshUser,
  replaceAccount,
  replaceUser,
  requireSignIn,
} from '../../lib/client/session.ts';
import { readToken } from '../../lib/client/storage.ts';
import { showToast, showToastAfterNavigation } from '../../lib/client/toasts.ts';
import { airtimeActive, boardPlace } from '../../lib/client/user-check.ts';
import type { ApiErrorItem } from '../../lib/errors.ts';
import { type PaperStore, paperStore } from '../offline/offline-papers.ts';
import { type KeyValueStorage, memoryStorage } from '../quiz/answer-queue.ts';

export interface BrowserHandlers {
  online: () => void;
  offline: () => void;
  /** The page became visible again: a phone woke up or the student came back to the tab. */
  visible: () => void;
}

export interface Environment {
  /** Calls an endpoint through its binding (lib/api/endpoints.ts). */
  call: typeof call;
  /** Shows a failed call: several errors in the Error modal, one as an error toast. */
  reportFailure: typeof reportFailure;

  navigate: typeof navigate;
  /** Goes back one page, or to `fallback` when there is none to go back to (the page was opened directly). */
  goBack: typeof goBack;
  /** The navigation state the page was opened with. */
  readNavigationState: () => unknown;
  /** The page's query string, with its `?`. */
  readSearch: () => string;
  /** The site's address (scheme, host and port), which links to share begin with. */
  readOrigin: () => string;
  /** The page's URL fragment, with its `#`. */
  readFragment: () => string;
  /** Removes the fragment from the address bar and the history entry, leaving the page where it is. */
  clearFragment: () => void;
  /** Sends a guest to sign in, coming back to `path` (with `state`) afterwards. */
  requireSignIn: typeof requireSignIn;

  /** The signed-in student's id, or undefined for a guest. */
  userId: () => string | undefined;
  /** Whether this browser holds a session's token. */
  signedIn: () => boolean;
  /**
   * Stores the session a sign-in or sign-up answered and goes on, to `returnTo` or to choose an exam, with
   * the answer's message as a toast there; false, storing nothing, for a failure or an admin's account.
   */
  completeSignIn: typeof completeSignIn;
  /** Signs out on the server and in this browser (all but the answers not yet sent), and goes home. */
  logout: typeof logout;
  /** Refreshes the signed-in student (and so the header's coin balance) from the server. */
  loadUser: () => Promise<void>;
  /** As loadUser, and says how the call went (undefined without a session on this browser). */
  refreshUser: typeof refreshUser;
  /** The student's place on the Leader Board, as this session's start check stored it. */
  boardPlace: typeof boardPlace;
  /** Whether the airtime status check (action=GRW) found an active plan on the student's number. */
  airtimeActive: typeof airtimeActive;
  /** Replaces the signed-in student's stored user (after a profile edit). */
  replaceUser: typeof replaceUser;
  /** Replaces the signed-in student's stored user and profile with an answer's (an email confirmed). */
  replaceAccount: typeof replaceAccount;
  /** Puts a new coin balance in the header. */
  setCoins: (coins: number) => void;
  /** Forgets everything this browser stored (local and session storage): the account was deleted. */
  forgetAccount: () => void;

  showToast: typeof showToast;
  /** A toast for the next page: this one is about to be left. */
  toastAfterNavigation: typeof showToastAfterNavigation;
  /** Opens the Error modal listing several errors, and calls `onClose` once the student has closed it. */
  showErrors: (errors: ApiErrorItem[], onClose: () => void) => void;

  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (timer: unknown) => void;
  /** A fresh UUID. */
  randomId: () => string;

  /** localStorage or sessionStorage, or memory where the browser blocks them (private mode). */
  openStorage: (kind: 'local' | 'session') => KeyValueStorage;
  /** The papers downloaded to this phone (IndexedDB). */
  papers: () => PaperStore;
  /** The browser's storage manager, for asking that downloads be kept. */
  storageManager: () => StorageManager | undefined;
  isOnline: () => boolean;
  /** Whether the browser asks to save data (`navigator.connection.saveData`). */
  saveData: () => boolean;
  /** Calls the handlers on the browser's connection and visibility events; returns the unsubscribe. */
  watchBrowser: (handlers: BrowserHandlers) => () => void;
  /**
   * Loads an image into the page's image cache and resolves with an object that keeps it there while the
   * page lives; rejects when it did not load.
   */
  loadImage: (url: string) => Promise<unknown>;
  /** Fetches an image as a Blob, for a download; rejects when it cannot. */
  fetchImage: (url: string) => Promise<Blob>;
  /**
   * Stores KaTeX's core fonts for offline use, those not stored yet; resolves with whether they all are.
   * Never rejects.
   */
  storeMathsFonts: () => Promise<boolean>;
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
}

/** The browser's storage, or memory where it is blocked (private mode, storage disabled). */
function browserStorage(kind: 'local' | 'session'): KeyValueStorage {
  try {
    const storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    const probe = '__storage_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

function watchBrowser(handlers: BrowserHandlers): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'visible') handlers.visible();
  };
  window.addEventListener('online', handlers.online);
  window.addEventListener('offline', handlers.offline);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('online', handlers.online);
    window.removeEventListener('offline', handlers.offline);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Loads an image as an `<img>` would, so that the `<img>` that shows it later is served from the page's
 * image cache, offline too: the browser reuses an image the document has loaded whatever its cache headers
 * say (the bank's diagrams are sent with `max-age=0` or `no-cache`, so the HTTP cache alone would not).
 */
function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`The image ${url} did not load`));
    image.src = url;
  });
}

async function fetchImage(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The image ${url} answered ${response.status}`);
  return response.blob();
}

function showErrors(errors: ApiErrorItem[], onClose: () => void) {
  document.getElementById('error-modal')?.addEventListener('close', onClose, { once: true });
  showErrorModal(errors);
}

interface NetworkInformationLike {
  saveData?: boolean;
}

/** The real browser. */
export function browserEnvironment(): Environment {
  return {
    call,
    reportFailure,
    navigate,
    goBack,
    readNavigationState: () => readNavigationState(),
    readSearch: () => window.location.search,
    readOrigin: () => window.location.origin,
    readFragment: () => window.location.hash,
    clearFragment: () =>
      history.replaceState(history.state, '', window.location.pathname + window.location.search),
    requireSignIn,
    userId: () => $auth.get().user?._id,
    signedIn: () => Boolean(readToken()),
    completeSignIn,
    logout,
    loadUser,
    refreshUser,
    replaceUser,
    replaceAccount,
    boardPlace,
    airtimeActive,
    setCoins: (coins) => {
      const user = $auth.get().user;
      if (user) replaceUser({ ...user, triviaPoints: coins });
    },
    forgetAccount: () => {
      // The server has ended every session; a school's shared computer keeps nothing of the student either.
      localStorage.clear();
      sessionStorage.clear();
      clearSession();
    },
    showToast,
    toastAfterNavigation: showToastAfterNavigation,
    showErrors,
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    setInterval: (run, ms) => setInterval(run, ms),
    clearInterval: (timer) => clearInterval(timer as ReturnType<typeof setInterval>),
    randomId: () => crypto.randomUUID(),
    openStorage: browserStorage,
    papers: paperStore,
    storageManager: () => (typeof navigator === 'undefined' ? undefined : navigator.storage),
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
    saveData: () =>
      (navigator as Navigator & { connection?: NetworkInformationLike }).connection?.saveData === true,
    watchBrowser,
    loadImage,
    fetchImage,
    // Loaded when a paper with maths is downloaded: the other screens need none of it.
    storeMathsFonts: () =>
      import('../offline/maths-fonts.ts').then(
        ({ storeMathsFonts }) => storeMathsFonts(),
        () => false,
      ),
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
  };
}

let current: Environment | undefined;

/** The environment the stores act in: the real browser unless a test set another. */
export function environment(): Environment {
  current ??= browserEnvironment();
  return current;
}

/** Replaces parts of the environment (tests), over the real browser's. */
export function setEnvironment(parts: Partial<Environment>): void {
  current = { ...browserEnvironment(), ...parts };
}

/** Puts the real browser back. */
export function resetEnvironment(): void {
  current = undefined;
}
