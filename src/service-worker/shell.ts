/**
 * What the service worker keeps on the phone, and how it answers each request: the rules shared by the
 * worker (worker.ts), the build that lists its precache (build.ts) and the pages that store papers for
 * offline use. Pure functions of paths, so that they are tested without a browser.
 */

import { isApiPath } from '../lib/api/endpoint.ts';

/**
 * The screens a student needs first: the practice session from the home page to Review Answers, and the
 * profile a signed-in student lands on. Their pre-rendered pages, and the scripts and styles those pages
 * use, are stored when the worker installs, so that after one visit they open with no network. The other
 * screens (leaderboard, UTME, daily test...), the content pages and KaTeX's fonts are kept once visited,
 * so that the first install stays small on a slow phone's data
 * (docs/decisions/109-the-worker-installs-the-practice-session-alone.md).
 */
export const APP_SCREENS = [
  '/',
  '/login',
  '/select-exam',
  '/subjects',
  '/select-year',
  '/test',
  '/award',
  '/review-answers',
  // Where a signed-in student who opens /login (or the app from the home screen) is sent.
  '/profile',
] as const;

/**
 * The page shown instead of the browser's own error when a page never opened on the phone is asked for
 * with no network: stored at install with the app's screens.
 */
export const OFFLINE_PAGE = '/offline';

/** The caches the worker keeps besides Workbox's precache. */
export const CACHES = {
  /** Pages outside APP_SCREENS, as last loaded: emptied when a new version of the app takes over. */
  pages: 'pages',
  /** The site's own pictures (/images/): exam logos, badges, avatars. */
  images: 'images',
  /** KaTeX's fonts, kept once a formula has needed them. */
  fonts: 'katex-fonts',
  /**
   * Scripts and styles of screens outside the install (their names carry a hash of their content, so what
   * is stored never changes), kept once a screen has used them, so that a visited screen opens offline.
   */
  assets: 'assets',
  /** Question diagrams (/bank/) the quiz has shown online, so that a review opens offline too. */
  bankImages: 'bank-images',
  /**
   * Question diagrams a page may store itself for a downloaded paper (Cache API, under the image's own
   * URL). The worker answers from it when the network and bank-images cannot, and never writes to it or
   * expires it: the page that put an image there removes it.
   */
  paperImages: 'paper-images',
} as const;

/** How long a page waits for the network before the copy on the phone is shown instead. */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** The path of a page as the worker stores it: no query, no trailing slash ('/select-exam/' is '/select-exam'). */
export function pagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/(index\.html)?$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Whether a path is one of the app's screens. */
export function isAppScreen(pathname: string): boolean {
  return (APP_SCREENS as readonly string[]).includes(pagePath(pathname));
}

/**
 * The URL a built file is stored under in the precache, or undefined when it is not stored at install.
 * `file` is relative to dist/client: 'select-exam/index.html' becomes '/select-exam', the address the app
 * links to; Astro's hashed scripts and styles and the core KaTeX fonts keep their own.
 */
export function precacheUrl(file: string): string | undefined {
  if (file.endsWith('.html')) {
    const path = pagePath(`/${file}`);
    return isAppScreen(path) || path === OFFLINE_PAGE ? path : undefined;
  }
  if (isAstroAsset(`/${file}`)) return `/${file}`;
  // The header's logo and the tab's icon, on every screen.
  return file === 'logo.svg' || file === 'favicon.svg' ? `/${file}` : undefined;
}

/** Whether a path is one of Astro's built scripts or styles (/_astro/name.hash.js). */
export function isAstroAsset(pathname: string): boolean {
  return /^\/_astro\/[^/]+\.(js|css)$/.test(pathname);
}

/**
 * The scripts and styles a set of pages needs: every /_astro/ script or style their HTML names (module
 * scripts, stylesheets, islands' component and renderer URLs), and every one those scripts import, at once
 * or later (a chunk names its neighbours as "./name.hash.js"). `read` gives a built file's text by URL.
 */
export function assetsUsedBy(pages: readonly string[], read: (url: string) => string): Set<string> {
  const found = new Set<string>();
  const queue: string[] = [];
  const add = (url: string) => {
    if (found.has(url)) return;
    found.add(url);
    queue.push(url);
  };
  for (const html of pages) {
    for (const [url] of html.matchAll(/\/_astro\/[\w.@-]+\.(?:js|css)/g)) add(url);
  }
  for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
    if (!url.endsWith('.js')) continue;
    for (const [, name] of read(url).matchAll(/["'`]\.\/([\w.@-]+\.(?:js|css))["'`]/g))
      add(`/_astro/${name}`);
  }
  return found;
}

/** A file of the precache: its URL and, unless its name already carries a hash, a hash of its content. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * The precache from the built files (as workbox-build lists them, relative to dist/client): only what
 * precacheUrl keeps, under the URL it gives, and of Astro's scripts and styles only those the stored pages
 * use; `read` gives a built file's text by that relative path. Astro's files carry a hash of their content in their names, so
 * they need no revision: a new version then fetches only the files that changed, and a file the page has
 * just loaded comes from the browser's cache instead of the network.
 */
export function precacheEntries(
  files: readonly PrecacheEntry[],
  read: (file: string) => string,
): PrecacheEntry[] {
  const pages = files.filter((file) => file.url.endsWith('.html') && precacheUrl(file.url) !== undefined);
  const used = assetsUsedBy(
    pages.map((page) => read(page.url)),
    (url) => read(url.slice(1)),
  );
  return files.flatMap((file) => {
    const url = precacheUrl(file.url);
    if (url === undefined || (isAstroAsset(url) && !used.has(url))) return [];
    return [{ url, revision: url.startsWith('/_astro/') ? null : file.revision, size: file.size }];
  });
}

/** What the worker does with a request it sees, by where it goes and what asks for it. */
export type Handling = 'page' | 'bank-image' | 'image' | 'font' | 'network';

/**
 * How the worker answers a same-origin GET: a page load (network first, the stored copy offline), a
 * question diagram or a site picture shown by an <img>, a KaTeX font, or nothing at all ('network'), which
 * is the API always, a diagram fetched by a page to store it, and everything else Workbox's precache does
 * not hold.
 */
export function handlingOf(pathname: string, mode: string, destination: string): Handling {
  if (isApiPath(pathname)) return 'network';
  if (pathname.startsWith('/bank/')) return destination === 'image' ? 'bank-image' : 'network';
  if (mode === 'navigate') return 'page';
  if (pathname.startsWith('/images/') && destination === 'image') return 'image';
  if (pathname.startsWith('/_astro/KaTeX_') && destination === 'font') return 'font';
  return 'network';
}
