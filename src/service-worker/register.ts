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

/** Registers /sw.js after the page's load event, and announces updates with a toast. */
export function registerServiceWorker(
  container: WorkerContainer | undefined = navigator.serviceWorker,
  announce: () => void = () => showToast(UPDATED_MESSAGE, 'info'),
): void {
  // Absent on plain http:// addresses other than localhost, and in some private modes.
  if (!container) return;
  watchForUpdates(container, announce);
  const register = () => {
    // A failed registration (storage full, an old browser) leaves the site working as a plain website.
    container.register('/sw.js').catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
