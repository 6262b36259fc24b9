// @ts-check
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import { defineConfig } from 'astro/config';
import { islandPreloads } from './src/build/island-preloads.ts';
import { precompress } from './src/build/precompress.ts';
import { LOAD_DIRECTIVES, SCRIPT_SOURCES, STYLE_SOURCES } from './src/server/content-security-policy.ts';
import { serviceWorker } from './src/service-worker/build.ts';

/**
 * KaTeX's stylesheet declares its fonts with `font-display: block`, which hides the maths until the fonts
 * arrive: seconds on a slow phone connection. With `swap` the formula shows at once in a fallback font.
 */
/** @type {import('vite').Plugin} */
const katexFontSwap = {
  name: 'katex-font-swap',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    if (!id.includes('katex') || !id.endsWith('.css')) return undefined;
    return { code: code.replaceAll('font-display:block', 'font-display:swap'), map: null };
  },
};

export default defineConfig({
  // Canonical URLs and the sitemap need an absolute origin; production sets PUBLIC_SITE_URL.
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  // Pages are pre-rendered unless they opt out; only the API endpoint runs on demand.
  output: 'static',
  // server.mjs imports the standalone handler (static files and API) and adds headers and compression.
  adapter: node({ mode: 'standalone' }),
  // After the build, in this order: islandPreloads() lists in each page's head the modules its islands import
  // (src/build/island-preloads.ts); serviceWorker() writes /sw.js with the list of the built files it
  // stores at install; precompress() writes a Brotli and a gzip copy of each text file, which Caddy serves
  // as they are.
  integrations: [preact({ compat: true }), mdx(), islandPreloads(), serviceWorker(), precompress()],
  vite: { plugins: [katexFontSwap] },
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'auto' },
  prefetch: false,
  // No page shows code; Shiki's inline styles would also clash with the CSP.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  security: {
    // Astro hashes every inline script and style into a CSP meta tag; the header (src/server/serve.ts,
    // deploy/Caddyfile) repeats the rest and adds frame-ancestors (src/server/content-security-policy.ts).
    csp: {
      directives: LOAD_DIRECTIVES,
      scriptDirective: { resources: SCRIPT_SOURCES },
      styleDirective: { resources: STYLE_SOURCES },
    },
  },
});
