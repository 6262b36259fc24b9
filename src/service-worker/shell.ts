/**
 * What the service worker keeps on the phone, and how it answers each request: the rules shared by the
 * worker (worker.ts), the build that lists its precache (build.ts) and the pages that store papers for
 * offline use. Pure functions of paths, so that they are tested without a browser.
 */

import { isApiPath } from '../lib/api/endpoint.ts';

/**
 * The app's screens: their pre-rendered pages are stored when the worker installs, so that after one visit
 * every one of them opens with no network. The content pages (about, FAQs, policy...) and the screens that
 * only work online (sign-up, password reset, payment) are kept only once visited.
 */
export const APP_SCREENS = [
  '/',
  '/login',
  '/select-exam',
  '/subjects',
  '/select-year',
  '/test',
  '/daily-test',
  '/award',
  '/review-answers',
  '/practice-subject',
  '/profile',
  '/leader-board',
  '/buy-coins',
  '/utme',
  '/utme/sitting',
  '/utme/result',
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
  /** KaTeX's rarer fonts (Fraktur, Script, ...), kept once a formula has needed them. */
  fonts: 'katex-fonts',
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

/**
 * KaTeX's fonts that school maths uses (the upright, bold and italic letters, the AMS symbols and the
 * larger brackets and roots): stored at install. The others come when a formula needs them.
 */
const CORE_KATEX_FONTS = /^KaTeX_(Main-(Regular|Bold|Italic)|Math-Italic|AMS-Regular|Size[1-4]-Regular)\./;

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
  const [folder, name = ''] = file.split('/');
  if (folder === '_astro' && file.split('/').length === 2) {
    if (/\.(js|css)$/.test(name)) return `/${file}`;
    if (name.endsWith('.woff2') && CORE_KATEX_FONTS.test(name)) return `/${file}`;
    return undefined;
  }
  // The header's logo and the tab's icon, on every screen.
  return file === 'logo.svg' || file === 'favicon.svg' ? `/${file}` : undefined;
}

/** A file of the precache: its URL and, unless its name already carries a hash, a hash of its content. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * The precache from the built files (as workbox-build lists them, relative to dist/client): only what
 * precacheUrl keeps, under the URL it gives. Astro's files carry a hash of their content in their names, so
 * they need no revision: a new version then fetches only the files that changed, and a file the page has
 * just loaded comes from the browser's cache instead of the network.
 */
export function precacheEntries(files: readonly PrecacheEntry[]): PrecacheEntry[] {
  return files.flatMap((file) => {
    const url = precacheUrl(file.url);
    if (url === undefined) return [];
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
