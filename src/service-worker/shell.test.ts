import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_SCREENS,
  handlingOf,
  isAppScreen,
  OFFLINE_PAGE,
  pagePath,
  precacheEntries,
  precacheUrl,
} from './shell.ts';

const PAGES = resolve(import.meta.dirname, '../pages');

describe('the app screens', () => {
  it('are each a page of src/pages, so that a renamed screen cannot drop out of the precache unseen', () => {
    const missing = APP_SCREENS.filter((path) => {
      const base = path === '/' ? 'index' : path.slice(1);
      return ![`${base}.astro`, `${base}/index.astro`].some((file) => existsSync(join(PAGES, file)));
    });
    expect(missing).toEqual([]);
  });

  it('are found with or without a trailing slash, a query is no part of them', () => {
    expect(pagePath('/select-exam/')).toBe('/select-exam');
    expect(pagePath('/utme/sitting/index.html')).toBe('/utme/sitting');
    expect(pagePath('/index.html')).toBe('/');
    expect(pagePath('/')).toBe('/');
    expect(isAppScreen('/test/')).toBe(true);
    expect(isAppScreen('/faqs')).toBe(false);
    expect(isAppScreen('/tests')).toBe(false);
  });
});

describe('precacheUrl', () => {
  it('stores the app screens under the addresses the app links to', () => {
    expect(precacheUrl('index.html')).toBe('/');
    expect(precacheUrl('select-exam/index.html')).toBe('/select-exam');
    expect(precacheUrl('review-answers/index.html')).toBe('/review-answers');
  });

  it('leaves the screens outside the practice session to be kept once visited', () => {
    for (const file of ['buy-coins/index.html', 'utme/result/index.html', 'leader-board/index.html']) {
      expect(precacheUrl(file), file).toBeUndefined();
    }
  });

  it('stores the offline page, which stands in for any page never opened on the phone', () => {
    expect(precacheUrl('offline/index.html')).toBe(OFFLINE_PAGE);
    expect(isAppScreen(OFFLINE_PAGE)).toBe(false);
  });

  it('leaves the content pages, the online-only screens and the 404 page to be kept once visited', () => {
    for (const file of ['faqs/index.html', 'sign-up/index.html', 'payment-mode/index.html', '404.html']) {
      expect(precacheUrl(file), file).toBeUndefined();
    }
  });

  it("stores Astro's scripts and styles, and no font: KaTeX's come when a formula needs them", () => {
    expect(precacheUrl('_astro/client.DTfT9tzw.js')).toBe('/_astro/client.DTfT9tzw.js');
    expect(precacheUrl('_astro/Base.a1b2c3.css')).toBe('/_astro/Base.a1b2c3.css');
    expect(precacheUrl('_astro/KaTeX_Main-Regular.B22Nviop.woff2')).toBeUndefined();
    expect(precacheUrl('_astro/KaTeX_Main-Regular.C5JkGWo-.ttf')).toBeUndefined();
  });

  it('stores the logo and the icon, and no diagram or picture', () => {
    expect(precacheUrl('logo.svg')).toBe('/logo.svg');
    expect(precacheUrl('favicon.svg')).toBe('/favicon.svg');
    expect(precacheUrl('bank/diagrams/waec-physics-2020-lever.svg')).toBeUndefined();
    expect(precacheUrl('images/exams/waec.svg')).toBeUndefined();
  });
});

describe('precacheEntries', () => {
  const built: Record<string, string> = {
    'test/index.html':
      '<script type="module" src="/_astro/page.Aa1.js"></script><astro-island component-url="/_astro/Quiz.Bb2.js"></astro-island><link rel="stylesheet" href="/_astro/test.Cc3.css">',
    'faqs/index.html': '<script type="module" src="/_astro/faqs.Dd4.js"></script>',
    '_astro/page.Aa1.js': 'import{a}from"./shared.Ee5.js";',
    '_astro/Quiz.Bb2.js': 'const later=()=>import("./dialog.Ff6.js");',
    '_astro/shared.Ee5.js': 'export const a=1;',
    '_astro/dialog.Ff6.js': 'export default 1;',
  };
  const read = (file: string) => built[file] ?? '';

  it('keeps what precacheUrl keeps, with a revision only where the name carries no hash', () => {
    const entries = precacheEntries(
      [
        { url: 'test/index.html', revision: 'r1', size: 9000 },
        { url: 'faqs/index.html', revision: 'r2', size: 14000 },
        { url: '_astro/page.Aa1.js', revision: 'r3', size: 22000 },
        { url: 'logo.svg', revision: 'r4', size: 2000 },
      ],
      read,
    );
    expect(entries).toEqual([
      { url: '/test', revision: 'r1', size: 9000 },
      { url: '/_astro/page.Aa1.js', revision: null, size: 22000 },
      { url: '/logo.svg', revision: 'r4', size: 2000 },
    ]);
  });

  it('keeps only the scripts and styles the stored pages use, imported ones included', () => {
    const files = Object.keys(built).map((url) => ({ url, revision: 'r', size: 1 }));
    expect(precacheEntries(files, read).map((entry) => entry.url)).toEqual([
      '/test',
      '/_astro/page.Aa1.js',
      '/_astro/Quiz.Bb2.js',
      '/_astro/shared.Ee5.js',
      '/_astro/dialog.Ff6.js',
    ]);
  });
});

describe('handlingOf', () => {
  it('never answers for the API, whatever asks', () => {
    expect(handlingOf('/api/v1/exam', '', '')).toBe('network');
    expect(handlingOf('/api/v1/exam/download', 'cors', '')).toBe('network');
    expect(handlingOf('/api', 'navigate', 'document')).toBe('network');
  });

  it('answers a diagram shown by an <img>, and leaves one fetched by a page to store it', () => {
    expect(handlingOf('/bank/diagrams/a.svg', 'no-cors', 'image')).toBe('bank-image');
    expect(handlingOf('/bank/diagrams/a.svg', 'cors', '')).toBe('network');
    expect(handlingOf('/bank/diagrams/a.svg', 'navigate', 'document')).toBe('network');
  });

  it('answers page loads, site pictures and KaTeX fonts, and leaves the rest to the precache', () => {
    expect(handlingOf('/select-exam', 'navigate', 'document')).toBe('page');
    expect(handlingOf('/faqs/', 'navigate', 'document')).toBe('page');
    expect(handlingOf('/images/exams/waec.svg', 'no-cors', 'image')).toBe('image');
    expect(handlingOf('/_astro/KaTeX_Fraktur-Bold.CL6g_b3V.woff2', 'cors', 'font')).toBe('font');
    expect(handlingOf('/_astro/client.DTfT9tzw.js', 'cors', 'script')).toBe('network');
    expect(handlingOf('/manifest.webmanifest', 'cors', 'manifest')).toBe('network');
  });
});
