/**
 * Registers the service worker (/sw.js) once the page has loaded, so that its install never competes with
 * the page itself, and says "Updated" when a new version takes over an open page. The page is never
 * reloaded for it: a student in the middle of a quiz carries on, and the next page opened is the new one.
 * Plain DOM code, as every page loads it (content pages ship no framework).
 */
import { showToast } from '../lib/client/toasts.ts';

export const UPDATED_MESSAGE = 'Updated: the next page you open uses the new version.';

/** What of navigator.serviceWorker this module uses. */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'controller' | 'register' | 'addEventListener'>;

/**
 * Calls `announce` each time a new worker takes over a page that a worker already controlled. The first
 * worker taking over a page (right after its first install) is no update and says nothing.
 */
export function watchForUpdates(container: WorkerContainer, announce: () => void): void {
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (controlled) announce();
    controlled = true;
  });
}

/**
 * Whether a page registers the worker by itself. Its first install downloads about 208 KB over the wire
 * (docs/performance.md), so a phone that asks to save data gets it only when the student asks for offline
 * use (installForOffline); a worker already installed is kept up to date whatever the setting.
 */
export function installsByItself(saveData: boolean, installed: boolean): boolean {
  return installed || !saveData;
}

/** Whether the browser asks to save data (Save-Data, `navigator.connection.saveData`). */
function savingData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

function register(container: WorkerContainer) {
  // A failed registration (storage full, an old browser) leaves the site working as a plain website.
  container.register('/sw.js').catch(() => {});
}

/**
 * Registers /sw.js after the page's load event (unless the phone saves data and has no worker yet), and
 * announces updates with a toast.
 */
export function registerServiceWorker(
  container: WorkerContainer | undefined = navigator.serviceWorker,
  announce: () => void = () => showToast(UPDATED_MESSAGE, 'info'),
): void {
  // Absent on plain http:// addresses other than localhost, and in some private modes.
  if (!container) return;
  watchForUpdates(container, announce);
  if (!installsByItself(savingData(), container.controller !== null)) return;
  if (document.readyState === 'complete') register(container);
  else window.addEventListener('load', () => register(container), { once: true });
}

/**
 * Installs the worker now, whatever Save-Data says: for a student who has just chosen to use the app offline
 * (a paper downloaded after its size was shown), so that its screens open with no network.
 */
export function installForOffline(): void {
  if (import.meta.env.PROD && navigator.serviceWorker) register(navigator.serviceWorker);
}
