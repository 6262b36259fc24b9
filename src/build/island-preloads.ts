/**
 * The Astro integration that names, in the head of each built page, every module its first screen will
 * import (`<link rel="modulepreload">`). Without it the browser finds an island's modules one level of
 * imports at a time: the island's own file once the page's styles have loaded, then what that file imports,
 * and so on, five levels deep for the quiz. On a phone's link each level costs a round trip (400 ms on the
 * slow link of `bench:pages`), so the first question waited on the depth of the import graph rather than on
 * its bytes. With the links every module is asked for as soon as the head is read.
 *
 * Only what runs at once is named: the page's module scripts and the islands that hydrate on load
 * (`client:load`, `client:only`). An island that waits to be seen or for the browser to idle keeps waiting.
 * Runs before the service worker's integration, which fingerprints the pages it stores.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { init, parse } from 'es-module-lexer';

/** Islands whose modules load with the page (Astro's `client` attribute on `<astro-island>`). */
const AT_ONCE = new Set(['load', 'only']);

/** An attribute's value in one HTML tag as Astro writes it (double quotes). */
function attributeOf(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** The modules a page runs at once: its module scripts, and the component and renderer of each island. */
export function pageEntries(html: string): { scripts: string[]; islands: string[] } {
  const scripts = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attributeOf(tag, 'src');
    if (src && attributeOf(tag, 'type') === 'module') scripts.add(src);
  }
  const islands = new Set<string>();
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (!AT_ONCE.has(attributeOf(tag, 'client') ?? '')) continue;
    for (const url of [attributeOf(tag, 'component-url'), attributeOf(tag, 'renderer-url')]) {
      if (url && !scripts.has(url)) islands.add(url);
    }
  }
  return { scripts: [...scripts], islands: [...islands] };
}

/**
 * The site paths a built module imports statically (`import … from "./x.js"`, `import "./x.js"`). Dynamic
 * `import()`s are left out: they load when the code asks, and naming them would load what is never used.
 */
export function staticImports(code: string, path: string): string[] {
  const [imports] = parse(code);
  return imports
    .filter((entry) => entry.d === -1 && entry.n?.startsWith('.'))
    .map((entry) => new URL(entry.n ?? '', `https://site${path}`).pathname);
}

/** Every module the entries import, directly or through others, in the order first met; entries left out. */
export function importClosure(entries: string[], importsOf: (path: string) => string[]): string[] {
  const seen = new Set(entries);
  const found: string[] = [];
  const queue = [...entries];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    for (const imported of importsOf(path)) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      found.push(imported);
      queue.push(imported);
    }
  }
  return found;
}

/** The page with a modulepreload link for each of `paths` at the end of its head. */
export function withPreloads(html: string, paths: string[]): string {
  if (paths.length === 0) return html;
  const links = paths.map((path) => `<link rel="modulepreload" href="${path}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** The integration, for astro.config.mjs (before serviceWorker()). */
export function islandPreloads(): AstroIntegration {
  return {
    name: 'exam-practice:island-preloads',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        await init;
        const client = fileURLToPath(dir);
        const imports = new Map<string, string[]>();
        const importsOf = (path: string) => imports.get(path) ?? [];
        for (const file of await readdir(join(client, '_astro'))) {
          if (!file.endsWith('.js')) continue;
          const path = `/_astro/${file}`;
          imports.set(path, staticImports(await readFile(join(client, '_astro', file), 'utf8'), path));
        }
        const pages = (await readdir(client, { recursive: true })).filter((file) => file.endsWith('.html'));
        let links = 0;
        for (const page of pages) {
          const html = await readFile(join(client, page), 'utf8');
          const { scripts, islands } = pageEntries(html);
          // The browser finds the page's own scripts at once; the islands' files and every import it does not.
          const preloads = [...islands, ...importClosure([...scripts, ...islands], importsOf)];
          if (preloads.length === 0) continue;
          await writeFile(join(client, page), withPreloads(html, preloads));
          links += preloads.length;
        }
        logger.info(`${links} module preloads in ${pages.length} pages`);
      },
    },
  };
}
