/**
 * KaTeX's fonts for a downloaded paper. The worker's first install leaves them out (docs/decisions/
 * 109-the-worker-installs-the-practice-session-alone.md) and keeps them once a formula has needed them
 * online, so a paper with maths downloaded on /select-year (which shows no maths) stores them itself, in
 * the cache the worker's font route answers from: the paper then shows its maths in KaTeX's own fonts with
 * no network.
 */
import amsRegular from 'katex/dist/fonts/KaTeX_AMS-Regular.woff2?url';
import mainBold from 'katex/dist/fonts/KaTeX_Main-Bold.woff2?url';
import mainItalic from 'katex/dist/fonts/KaTeX_Main-Italic.woff2?url';
import mainRegular from 'katex/dist/fonts/KaTeX_Main-Regular.woff2?url';
import mathItalic from 'katex/dist/fonts/KaTeX_Math-Italic.woff2?url';
import size1Regular from 'katex/dist/fonts/KaTeX_Size1-Regular.woff2?url';
import size2Regular from 'katex/dist/fonts/KaTeX_Size2-Regular.woff2?url';
import size4Regular from 'katex/dist/fonts/KaTeX_Size4-Regular.woff2?url';
import type { OfflinePaper } from '../../lib/api/offline.ts';
import { CACHES } from '../../service-worker/shell.ts';

/**
 * The faces nearly every formula of the bank uses: text and operators, italic letters, AMS symbols, and
 * the large delimiters and radicals. The rarer faces (Fraktur, Script, Typewriter...) are left to the worker
 * to keep once seen online. The build gives each file the URL the KaTeX stylesheet names it by (the same
 * file, hashed by content). Size 3 is missing on purpose: under 4 KB, the build inlines it in the stylesheet
 * as a data: URL, and importing it here would put that copy in a script too.
 */
export const CORE_KATEX_FONT_URLS: readonly string[] = [
  mainRegular,
  mainBold,
  mainItalic,
  mathItalic,
  amsRegular,
  size1Regular,
  size2Regular,
  size4Regular,
];

/** KaTeX's HTML output: an element whose classes include `katex` (inline) or `katex-display` (a block). */
const KATEX_OUTPUT = /\bclass="(?:[^"]*\s)?katex(?:-display)?[\s"]/;

/** Whether any question, passage, option or explanation of a paper holds a formula drawn by KaTeX. */
export function paperHasMaths(paper: Pick<OfflinePaper, 'questions'>): boolean {
  return paper.questions.some(
    (question) =>
      KATEX_OUTPUT.test(question.question) ||
      KATEX_OUTPUT.test(question.passage ?? '') ||
      KATEX_OUTPUT.test(question.explanation) ||
      question.options.some((option) => KATEX_OUTPUT.test(option.option)),
  );
}

/**
 * The font files to fetch, as absolute URLs against the page's `base`: those of `urls` that are files (a
 * data: URL travels inside the stylesheet) and that the cache does not hold yet (`cached`, absolute URLs).
 */
export function fontsToFetch(urls: readonly string[], cached: readonly string[], base: string): string[] {
  const held = new Set(cached);
  const files = urls.filter((url) => !url.startsWith('data:')).map((url) => new URL(url, base).href);
  return [...new Set(files)].filter((url) => !held.has(url));
}

/**
 * Fetches the core fonts the font cache lacks, one at a time (a weak signal does better with one transfer),
 * and puts each in it. Resolves with whether they are all there now; never rejects, as a paper without its
 * fonts is still readable (maths in a fallback font).
 */
export async function storeMathsFonts(urls: readonly string[] = CORE_KATEX_FONT_URLS): Promise<boolean> {
  try {
    // Absent on plain http:// addresses other than localhost.
    if (typeof caches === 'undefined') return false;
    const cache = await caches.open(CACHES.fonts);
    const cached = (await cache.keys()).map((request) => request.url);
    let stored = true;
    for (const url of fontsToFetch(urls, cached, window.location.href)) {
      const response = await fetch(url, { credentials: 'same-origin' }).catch(() => undefined);
      if (response?.ok) await cache.put(url, response);
      else stored = false;
    }
    return stored;
  } catch {
    return false;
  }
}
