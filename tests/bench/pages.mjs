// Page weight and Lighthouse scores of the marketing and information pages (DESIGN §7). It builds nothing:
// start the app first (`npm start` in another terminal), then run `npm run bench:pages [-- URL]`.
//
// For each route it loads the page once in Chromium (playwright-core, /usr/bin/chromium), with Lighthouse's
// mobile viewport and an empty cache, without scrolling or clicking, and adds up the gzipped size of every
// response by kind: each text body is gzipped here, so the numbers do not depend on the server's
// compression; already-compressed formats (PNG, JPEG, WebP, AVIF, WOFF2) count as they are. Then it runs
// Lighthouse (mobile defaults) three times per route and keeps the median performance and accessibility
// scores. The table goes to docs/performance.md, and the run fails when a budget is missed.
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const baseUrl = (process.argv[2] ?? process.env.BENCH_URL ?? 'http://localhost:4321').replace(/\/+$/, '');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Lighthouse's default mobile screen (Moto G Power), so both measurements see the same first screen. */
const VIEWPORT = { width: 412, height: 823 };

/** Each route with its budgets (DESIGN §7). `framework: false`: no React, no Swiper, no island. */
const routes = [
  { path: '/', performance: 95, maxJsKb: 60 },
  { path: '/about-us', performance: 100, framework: false },
  { path: '/instructions', performance: 100, framework: false },
  { path: '/faqs', performance: 100, framework: false },
  { path: '/policy', performance: 100, framework: false },
  { path: '/terms-and-conditions', performance: 100, framework: false },
  { path: '/review', performance: 100, framework: false },
  { path: '/contact-us', performance: 100, framework: false },
];

const KINDS = ['html', 'css', 'js', 'images', 'fonts'];
const PRECOMPRESSED = /^(image\/(png|jpeg|webp|avif|gif)|font\/woff2)/;

function kindOf(resourceType, contentType) {
  if (resourceType === 'document') return 'html';
  if (resourceType === 'stylesheet') return 'css';
  if (resourceType === 'script') return 'js';
  if (resourceType === 'image' || contentType.startsWith('image/')) return 'images';
  if (resourceType === 'font' || contentType.startsWith('font/')) return 'fonts';
  return 'other';
}

/** The first-load weight of one route, in gzipped bytes per kind, and whether a framework was loaded. */
async function measureWeight(browser, path) {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const bytes = Object.fromEntries([...KINDS, 'other'].map((kind) => [kind, 0]));
  const pending = [];
  let requests = 0;
  let framework = false;
  page.on('response', (response) => {
    pending.push(
      (async () => {
        const body = await response.body().catch(() => undefined);
        if (!body) return;
        requests += 1;
        const contentType = response.headers()['content-type'] ?? '';
        const kind = kindOf(response.request().resourceType(), contentType);
        bytes[kind] += PRECOMPRESSED.test(contentType) ? body.length : gzipSync(body).length;
        if (kind === 'js' && /react-dom|swiper|__reactContainer/i.test(body.toString('utf8')))
          framework = true;
      })(),
    );
  });
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const islands = await page.locator('astro-island').count();
  await context.close();
  return { bytes, requests, framework: framework || islands > 0 };
}

/** One Lighthouse run (mobile defaults): the performance and accessibility scores and the main metrics. */
async function runLighthouse(port, path) {
  const result = await lighthouse(`${baseUrl}${path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${path}: ${runtimeError.message}`);
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (value) => (value / 1024).toFixed(1);

async function main() {
  const health = await fetch(`${baseUrl}/`).catch((error) => error);
  if (!(health instanceof Response) || !health.ok) {
    console.error(`Nothing answers at ${baseUrl}. Start the app first (npm start), or pass its URL.`);
    process.exit(2);
  }

  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const browserVersion = browser.version();
  const weights = new Map();
  for (const route of routes) {
    weights.set(route.path, await measureWeight(browser, route.path));
    console.log(
      `weight ${route.path}: ${kb(Object.values(weights.get(route.path).bytes).reduce((a, b) => a + b))} KB`,
    );
  }
  await browser.close();

  const chrome = await launch({ chromePath, chromeFlags });
  const scores = new Map();
  try {
    for (const route of routes) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await runLighthouse(chrome.port, route.path));
        const last = runs.at(-1);
        console.log(
          `lighthouse ${route.path} #${run + 1}: performance ${last.performance}, accessibility ${last.accessibility}`,
        );
      }
      scores.set(route.path, runs);
    }
  } finally {
    chrome.kill();
  }

  const failures = [];
  const rows = routes.map((route) => {
    const { bytes, requests, framework } = weights.get(route.path);
    const runs = scores.get(route.path);
    const performance = median(runs.map((run) => run.performance));
    const accessibility = median(runs.map((run) => run.accessibility));
    const total = KINDS.reduce((sum, kind) => sum + bytes[kind], 0) + bytes.other;
    if (performance < route.performance)
      failures.push(`${route.path}: performance ${performance} < ${route.performance}`);
    if (accessibility < 100) failures.push(`${route.path}: accessibility ${accessibility} < 100`);
    if (route.maxJsKb && bytes.js / 1024 >= route.maxJsKb)
      failures.push(`${route.path}: ${kb(bytes.js)} KB of JS`);
    if (route.framework === false && framework) failures.push(`${route.path}: loads framework JavaScript`);
    return {
      cells: [
        `\`${route.path}\``,
        ...KINDS.map((kind) => kb(bytes[kind])),
        kb(total),
        String(requests),
        framework ? 'yes' : 'no',
        `${performance} (${runs.map((run) => run.performance).join(', ')})`,
        `${accessibility} (${runs.map((run) => run.accessibility).join(', ')})`,
      ],
      metrics: [
        `\`${route.path}\``,
        `${Math.round(median(runs.map((run) => run.fcp)))} ms`,
        `${Math.round(median(runs.map((run) => run.lcp)))} ms`,
        `${Math.round(median(runs.map((run) => run.tbt)))} ms`,
        median(runs.map((run) => run.cls)).toFixed(3),
      ],
    };
  });

  // Columns padded to one width, as the repository's formatter (Biome) writes Markdown tables.
  const table = (header, lines) => {
    const widths = header.map((title, column) =>
      Math.max(3, title.length, ...lines.map((line) => line[column].length)),
    );
    const row = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
    return [row(header), row(widths.map((width) => '-'.repeat(width))), ...lines.map(row)].join('\n');
  };
  const cpu = cpus();
  const lighthouseVersion = JSON.parse(
    await readFile(new URL('../../node_modules/lighthouse/package.json', import.meta.url), 'utf8'),
  ).version;
  const markdown = `# Performance of the marketing and information pages

Measured ${new Date().toISOString()} by \`npm run bench:pages -- ${baseUrl}\` (tests/bench/pages.mjs) against
the built app started with \`npm start\`.

Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB of memory;
Node ${process.version}; Chromium ${browserVersion} at \`${chromePath}\`; Lighthouse ${lighthouseVersion}.

## First-load weight and Lighthouse scores

Gzipped kilobytes loaded on first visit, with Lighthouse's mobile screen (${VIEWPORT.width} x ${VIEWPORT.height}), an empty
cache, no scrolling and no clicks: what a visitor downloads before interacting. "Framework" is yes when the
page loads React, Swiper or an Astro island. Lighthouse ran ${RUNS} times per route with its mobile defaults
(simulated slow 4G and a 4x slower CPU); the median is shown, with every run in brackets.

${table(
  [
    'Route',
    'HTML',
    'CSS',
    'JS',
    'Images',
    'Fonts',
    'Total',
    'Requests',
    'Framework',
    'Performance',
    'Accessibility',
  ],
  rows.map((row) => row.cells),
)}

## Lighthouse metrics (medians)

${table(
  [
    'Route',
    'First Contentful Paint',
    'Largest Contentful Paint',
    'Total Blocking Time',
    'Cumulative Layout Shift',
  ],
  rows.map((row) => row.metrics),
)}

## Budgets (DESIGN §7)

- Content pages (about, instructions, FAQs, policy, terms, review, and contact too) ship no framework
  JavaScript.
- The home page ships under 60 KB of gzipped JavaScript before interaction; Swiper loads only when a
  carousel scrolls into view, so it is not part of the first load.
- Lighthouse mobile performance is 100 on content pages and at least 95 on the home page; accessibility is
  100 everywhere.

${failures.length === 0 ? 'Every budget was met in this run.' : `Missed in this run:\n\n${failures.map((failure) => `- ${failure}`).join('\n')}`}
`;
  await writeFile(new URL('../../docs/performance.md', import.meta.url), markdown);
  console.log(`\nWrote docs/performance.md`);
  if (failures.length > 0) {
    console.error(`Budgets missed:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
