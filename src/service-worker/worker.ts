/// <reference lib="webworker" />
/**
 * The service worker (served as /sw.js; build.ts bundles it after `astro build` with the list of files to
 * precache). It is Workbox, arranged: the app's screens and the scripts, styles and fonts they need are
 * stored at install, so that after one visit every screen opens with no network; pages always come from
 * the network first while there is one; the API is never touched. docs/offline.md tells the whole story.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  CACHES,
  type Handling,
  handlingOf,
  isAppScreen,
  isAstroAsset,
  NETWORK_TIMEOUT_SECONDS,
  OFFLINE_PAGE,
  pagePath,
} from './shell.ts';

declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 60 * 60;

// A new version takes over at once, in every open tab, so that no student stays on an old build; the pages
// say "Updated" and never reload (register.ts).
self.skipWaiting();
clientsClaim();
// The page's request starts while the worker wakes up, which a slow phone notices.
navigationPreload.enable();

/**
 * The app's screens are answered from the precache when the network fails or is slow: that copy always
 * matches the scripts stored with it. Any other page is kept in CACHES.pages as last loaded.
 */
const appScreensFromPrecache: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) =>
    isAppScreen(new URL(request.url).pathname) ? null : response,
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    if (cachedResponse) return cachedResponse;
    const { pathname } = new URL(request.url);
    return isAppScreen(pathname) ? matchPrecache(pagePath(pathname)) : undefined;
  },
};

const pages = new NetworkFirst({
  cacheName: CACHES.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 30 * DAY }),
    appScreensFromPrecache,
  ],
});

/** A diagram of a paper the student downloaded, stored by the page that downloaded it. */
const fromDownloadedPapers: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
    cachedResponse ?? (await caches.open(CACHES.paperImages)).match(request),
};

// Diagrams can be replaced under the same name (docs/decisions/048-a-papers-images-load-when-the-test-starts-into-the-pages.md), so the network comes first here too.
const bankImages = new NetworkFirst({
  cacheName: CACHES.bankImages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    fromDownloadedPapers,
  ],
});

const images = new NetworkFirst({
  cacheName: CACHES.images,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
  ],
});

// Font files carry a hash of their content in their names: what is stored never changes.
const fonts = new CacheFirst({
  cacheName: CACHES.fonts,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 365 * DAY }),
  ],
});

const strategies: Record<Exclude<Handling, 'network'>, NetworkFirst | CacheFirst> = {
  page: pages,
  'bank-image': bankImages,
  image: images,
  font: fonts,
};

// Registered before the precache's own route, which would otherwise answer an app screen from the phone
// even when a newer page is a request away.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && handlingOf(url.pathname, request.mode, request.destination) !== 'network',
  (options) => {
    const { url, request } = options;
    const handling = handlingOf(url.pathname, request.mode, request.destination) as keyof typeof strategies;
    return strategies[handling].handle(options);
  },
);

// A page never opened on this phone, asked for with no network: the app's own offline page, with links that
// work offline, instead of the browser's error.
setCatchHandler(async ({ request }) =>
  request.mode === 'navigate' ? ((await matchPrecache(OFFLINE_PAGE)) ?? Response.error()) : Response.error(),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Registered after the precache's route, so it sees only the scripts and styles the install left out: those
// of the other screens, kept as they are first used. Their names carry a hash of their content.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isAstroAsset(url.pathname),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 90 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// The pages kept as last loaded belong to the old version: their scripts and styles left the precache
// with it.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(CACHES.pages));
});
