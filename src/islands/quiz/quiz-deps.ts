import { reportFailure, request } from '../../lib/client/api.ts';
import { showErrorModal } from '../../lib/client/error-modal.ts';
import { navigate, readNavigationState } from '../../lib/client/navigation.ts';
import { $auth, loadUser } from '../../lib/client/session.ts';
import { showToastAfterNavigation } from '../../lib/client/toasts.ts';
import type { ApiErrorItem } from '../../lib/errors.ts';
import { type PaperStore, paperStore } from '../offline/offline-papers.ts';
import { type KeyValueStorage, memoryStorage } from './answer-queue.ts';
import type { ImageDeps } from './quiz-images.ts';

/** What the quiz store needs from the browser, so that tests can hand in a fake API, clock and storage. */
export interface QuizDeps {
  request: typeof request;
  reportFailure: typeof reportFailure;
  navigate: typeof navigate;
  /** The navigation state the page was opened with. */
  readNavigationState: () => unknown;
  /** The page's query string: /contest-play names its contest there, so that a reload resumes it. */
  readSearch: () => string;
  /** Refreshes the signed-in user (and so the coin balance) from the server. */
  loadUser: () => Promise<void>;
  /** A toast for the next page: the quiz page is about to be left. */
  toastAfterNavigation: typeof showToastAfterNavigation;
  /** Opens the Error modal listing several errors, and calls `onClose` once the student has closed it. */
  showErrors: (errors: ApiErrorItem[], onClose: () => void) => void;
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (timer: unknown) => void;
  /** localStorage keeps the answer queue across reloads; sessionStorage the flags and position. */
  openStorage: (kind: 'local' | 'session') => KeyValueStorage;
  isOnline: () => boolean;
  /** Calls the handlers on the browser's connection and visibility events; returns the unsubscribe. */
  watchBrowser: (handlers: BrowserHandlers) => () => void;
  /** Fetches an image into the page's image cache (quiz-images.ts). */
  loadImage: ImageDeps['loadImage'];
  /** The papers downloaded to the phone (quiz-offline.ts). */
  offline: OfflinePaperDeps;
}

/** What taking a downloaded paper needs from the browser (quiz-offline.ts). */
export interface OfflinePaperDeps {
  /** The signed-in student's id: only their own downloads are taken. */
  owner: () => string | undefined;
  store: () => PaperStore;
  /** Serves an image of the download to the page, and lets it go when the quiz is gone. */
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
  /** A fresh UUID for a new attempt. */
  randomId: () => string;
}

export interface BrowserHandlers {
  online: () => void;
  offline: () => void;
  /** The page became visible again: a phone woke up or the student came back to the tab. */
  visible: () => void;
}

/** The browser's storage, or memory where it is blocked (private mode, storage disabled). */
function browserStorage(kind: 'local' | 'session'): KeyValueStorage {
  try {
    const storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    const probe = '__quiz_probe__';
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

function showErrors(errors: ApiErrorItem[], onClose: () => void) {
  document.getElementById('error-modal')?.addEventListener('close', onClose, { once: true });
  showErrorModal(errors);
}

/** The real browser. Each default reads its global when called, so Vitest's fake timers replace them too. */
export function browserDeps(): QuizDeps {
  return {
    request,
    reportFailure,
    navigate,
    readNavigationState: () => readNavigationState(),
    readSearch: () => window.location.search,
    loadUser,
    toastAfterNavigation: showToastAfterNavigation,
    showErrors,
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    setInterval: (run, ms) => setInterval(run, ms),
    clearInterval: (timer) => clearInterval(timer as ReturnType<typeof setInterval>),
    openStorage: browserStorage,
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
    watchBrowser,
    loadImage,
    offline: {
      owner: () => $auth.get().user?._id,
      store: paperStore,
      createObjectURL: (blob) => URL.createObjectURL(blob),
      revokeObjectURL: (url) => URL.revokeObjectURL(url),
      randomId: () => crypto.randomUUID(),
    },
  };
}
