// The service worker's first install, for bench:pages: a student opens / in a fresh phone-sized context and
// the worker (src/service-worker) stores the app's screens, scripts, styles and core fonts. Every request the
// worker makes is counted (Playwright reports them on the context, marked with their worker): what came over
// the wire (the compressed body and the headers, as Chromium received them), and each body gzipped by the
// benchmark by kind, as the route weights count theirs. The route weights and the practice session are
// measured with workers blocked, so that this traffic is counted here only.
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from 'playwright-core';
import { formatNumber, median, table } from './support.ts';

const KINDS = ['html', 'js', 'css', 'fonts', 'other'] as const;
type Kind = (typeof KINDS)[number];
const PRECOMPRESSED = /^(image\/(png|jpeg|webp|avif|gif)|font\/woff2)/;

/** What one first install downloaded. */
export interface WorkerInstall {
  /** The worker's own script (/sw.js), gzipped. */
  script: number;
  files: number;
  /** Compressed bodies and headers, as received. */
  wire: number;
  /** Each body gzipped here (woff2 as it is), by kind. */
  bytes: Record<Kind, number>;
}

function kindOf(contentType: string): Kind {
  if (contentType.startsWith('text/html')) return 'html';
  if (/javascript/.test(contentType)) return 'js';
  if (contentType.startsWith('text/css')) return 'css';
  if (contentType.startsWith('font/')) return 'fonts';
  return 'other';
}

/** Opens / once in a fresh context of `browser` and adds up what the service worker fetched to install. */
export async function workerInstall(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number },
): Promise<WorkerInstall> {
  const context = await browser.newContext({
    viewport,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  const install: WorkerInstall = {
    script: 0,
    files: 0,
    wire: 0,
    bytes: Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>,
  };
  const pending: Promise<void>[] = [];
  const count = async (request: Request) => {
    const response = await request.response();
    const body = await response?.body().catch(() => undefined);
    if (!response || !body) return;
    const sizes = await request.sizes();
    const contentType = response.headers()['content-type'] ?? '';
    install.files += 1;
    install.wire += sizes.responseBodySize + sizes.responseHeadersSize;
    install.bytes[kindOf(contentType)] += PRECOMPRESSED.test(contentType)
      ? body.length
      : gzipSync(body).length;
  };
  context.on('requestfinished', (request) => {
    if (request.serviceWorker()) pending.push(count(request));
  });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    // Installed, active and in control: everything it stores at install is stored.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
      timeout: 60_000,
    });
    await page.waitForLoadState('networkidle');
    // Fetched by the page, so that it goes through the browser's trust in the proxy's certificate.
    const script = await page.evaluate(async () => (await fetch('/sw.js', { cache: 'no-store' })).text());
    install.script = gzipSync(script).length;
    await Promise.all(pending);
    return install;
  } finally {
    await context.close();
  }
}

/** The report's section on the worker's first install: medians of `installs`, and what it costs. */
export function workerInstallReport(installs: WorkerInstall[], nairaPerGb: number): string {
  const kb = (bytes: number) => formatNumber(bytes / 1024, 1);
  const pick = (read: (install: WorkerInstall) => number) => median(installs.map(read));
  const gzipped = (install: WorkerInstall) =>
    install.script + KINDS.reduce((sum, kind) => sum + install.bytes[kind], 0);
  const wire = pick((install) => install.script + install.wire);
  const rows = [
    ['the worker (/sw.js)', kb(pick((install) => install.script))],
    ...KINDS.map((kind) => [kind, kb(pick((install) => install.bytes[kind]))]),
    ['**all**', `**${kb(pick(gzipped))}**`],
  ];
  return `### Service worker first install

What the service worker (src/service-worker, docs/offline.md) downloads once, after a student’s first page: a fresh
phone-sized browser context opens \`/\`, and every request the worker makes until it is active and in control
is counted (${formatNumber(pick((install) => install.files))} files), plus its own script. Gzipped here by kind, as the route weights are; the route
weights and the practice session above are measured with service workers blocked, so none of this is in
them. Medians of ${installs.length} installs.

${table(['what', 'gzipped KB'], rows)}

- Over the wire (compressed bodies and headers as received, the worker’s script gzipped): **${kb(wire)} KB**,
  **₦${formatNumber((wire / 1024 ** 3) * nairaPerGb, 2)}** at ₦${nairaPerGb} per GB, once; after that every app screen opens offline.`;
}
