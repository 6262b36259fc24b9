// Practice with no data, for bench:pages: what downloading the benchmark's 50-question paper (with its
// diagrams) costs, and what taking it offline costs: nothing while offline, then the upload of the attempt
// when the connection returns. Playwright reports every request of the context, the service worker's own
// included; each counts its request line and headers, body, and the response's headers and compressed body
// as Chromium reports them (request.sizes()). An answer the worker gave from its own store, and a request
// that failed for want of a network, cost nothing.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { formatNumber, median, table } from './support.ts';

/** The parts of an offline practice session that the report lists, in order. */
export const OFFLINE_PARTS = [
  'The size, shown before downloading (GET /api/v1/exam/download/size)',
  'Download for offline (the paper, its key and explanations, its diagrams)',
  'Take the paper offline (50 answers, submit, results, Review Answers)',
  'Back online: the attempt is uploaded (POST /api/v1/exam/offline)',
] as const;
type Part = (typeof OFFLINE_PARTS)[number];

export type OfflineBytes = Map<Part, { bytes: number; requests: number }>;

interface Paper {
  examType: string;
  subject: string;
  year: string;
  answers: string[];
}

/** Counts the bytes of every request of `context` under the part `partOf` names for it when it starts. */
function meter(
  context: BrowserContext,
  partOf: (request: Request) => Part | undefined,
  offline: () => boolean = () => false,
) {
  const totals: OfflineBytes = new Map();
  const pending: Promise<void>[] = [];
  // A request belongs to the part, and the network state, of the moment it starts: it may finish after
  // the part has moved on.
  const started = new WeakMap<Request, { part: Part | undefined; offline: boolean }>();
  const count = async (request: Request) => {
    const at = started.get(request);
    // blob: and data: URLs never leave the phone.
    if (!at?.part || !/^https?:/.test(request.url())) return;
    const response = await request.response();
    if (!response || response.fromServiceWorker()) return;
    const sizes = await request.sizes();
    // Chromium's offline mode fails every request that would use the network, so one that completes
    // while the context is offline was answered on the phone (the worker, or the browser's own cache).
    const bytes = at.offline
      ? 0
      : sizes.requestHeadersSize + sizes.requestBodySize + sizes.responseHeadersSize + sizes.responseBodySize;
    const total = totals.get(at.part) ?? { bytes: 0, requests: 0 };
    total.bytes += bytes;
    total.requests += 1;
    totals.set(at.part, total);
  };
  context.on('request', (request) => started.set(request, { part: partOf(request), offline: offline() }));
  context.on('requestfinished', (request) => pending.push(count(request)));
  return { totals, settled: () => Promise.all(pending) };
}

async function chooseYear(page: Page, year: string) {
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: year, exact: true }).click();
}

/** /select-exam to /select-year, online or (with the downloaded paper's cards) offline. */
async function choosePaper(page: Page, origin: string, paper: Paper, offline: boolean) {
  const card = (title: string) =>
    page.getByRole('button', {
      name: offline ? new RegExp(`^${title}\\s*, Downloaded$`) : title,
      exact: !offline,
    });
  await page.goto(`${origin}/select-exam`, { waitUntil: 'load' });
  await card(paper.examType).click();
  await page.waitForURL('**/subjects');
  await card(paper.subject).click();
  await page.waitForURL('**/select-year');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await chooseYear(page, paper.year);
}

async function download(page: Page) {
  await page.getByRole('button', { name: /^Download for offline/ }).click();
  await page.getByText('Downloaded', { exact: true }).waitFor();
}

/** One student's offline practice: the download measured in one context, the session in another. */
export async function offlineSession(
  browser: Browser,
  origin: string,
  student: { token: string },
  paper: Paper,
  viewport: { width: number; height: number },
): Promise<OfflineBytes> {
  const signedIn = async (context: BrowserContext) =>
    context.addInitScript(
      ({ at, value }) => {
        if (location.origin === at && !localStorage.getItem('AUTH_TOKEN'))
          localStorage.setItem('AUTH_TOKEN', value);
      },
      { at: origin, value: student.token },
    );

  // The download, with workers blocked so that every byte is the page's own.
  let part: Part | undefined;
  const first = await browser.newContext({
    viewport,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  await signedIn(first);
  // The size is asked for when the year is chosen; the download from the button on.
  const isSize = (request: Request) => new URL(request.url()).pathname === '/api/v1/exam/download/size';
  const downloadMeter = meter(first, (request) => (isSize(request) ? OFFLINE_PARTS[0] : part));
  try {
    const page = await first.newPage();
    await page.goto(`${origin}/select-exam`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await choosePaper(page, origin, paper, false);
    await page.getByRole('button', { name: /^Download for offline \(/ }).waitFor();
    await page.waitForLoadState('networkidle');
    part = OFFLINE_PARTS[1];
    await download(page);
    await page.waitForLoadState('networkidle');
    part = undefined;
    await downloadMeter.settled();
  } finally {
    await first.close();
  }

  // The session: the worker installed and the paper downloaded (not counted), then no network.
  const second = await browser.newContext({
    viewport,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  await signedIn(second);
  let offline = false;
  const sessionMeter = meter(
    second,
    () => part,
    () => offline,
  );
  try {
    const page = await second.newPage();
    await page.goto(`${origin}/select-exam`, { waitUntil: 'load' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
      timeout: 60_000,
    });
    await choosePaper(page, origin, paper, false);
    await download(page);
    await page.waitForLoadState('networkidle');

    await second.setOffline(true);
    offline = true;
    part = OFFLINE_PARTS[2];
    await choosePaper(page, origin, paper, true);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL('**/test');
    for (const [index, right] of paper.answers.entries()) {
      await page
        .getByRole('heading', { name: `Question ${index + 1}/${paper.answers.length}`, exact: true })
        .waitFor();
      await page.keyboard.press(right.toLowerCase());
      if (index < paper.answers.length - 1) await page.keyboard.press('n');
    }
    await page.keyboard.press('s');
    await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/award');
    await page.getByRole('button', { name: 'Review Answers' }).click();
    await page.waitForURL('**/review-answers');
    await page
      .locator('.review-item')
      .nth(paper.answers.length - 1)
      .waitFor();

    const uploaded = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/exam/offline' && response.status() === 200,
      { timeout: 60_000 },
    );
    part = OFFLINE_PARTS[3];
    offline = false;
    await second.setOffline(false);
    await (await uploaded).finished();
    part = undefined;
    await sessionMeter.settled();
  } catch (error) {
    throw new Error(`the offline session stopped: ${(error as Error).message}`);
  } finally {
    await second.close();
  }
  return new Map([...downloadMeter.totals, ...sessionMeter.totals]);
}

/** The report's section: medians of `sessions` part by part. */
export function offlineReport(sessions: OfflineBytes[], paperNote: string, nairaPerGb: number): string {
  const kb = (bytes: number) => formatNumber(bytes / 1024, 1);
  const pick = (part: Part, field: 'bytes' | 'requests') =>
    median(sessions.map((session) => session.get(part)?.[field] ?? 0));
  const rows = OFFLINE_PARTS.map((part) => [
    part,
    kb(pick(part, 'bytes')),
    formatNumber(pick(part, 'requests')),
  ]);
  const downloadBytes = pick(OFFLINE_PARTS[0], 'bytes') + pick(OFFLINE_PARTS[1], 'bytes');
  return `### Data spent practising with no data

A new student (trial) chooses ${paperNote} on \`/select-year\`, sees its size and presses Download for offline
(measured with service workers blocked, so every byte is the page’s own). Then, in a second fresh context with
the service worker installed and the paper downloaded again, the network is cut (\`context.setOffline\`): the
student goes from \`/select-exam\` to the paper, answers all 50 questions from the keyboard, submits, and opens
the results and Review Answers; then the network returns and the attempt is uploaded. Every request of the
context is counted, the worker’s included (request line, headers and body sent; headers and compressed body
received, as Chromium reports them); answers the worker gave from its store count nothing, and while the
network is cut nothing can use it (Chromium fails every such request), so whatever completes then was answered
on the phone and counts nothing; its requests column counts them. Medians of ${sessions.length} sessions.

${table(['part', 'KB sent and received', 'requests'], rows)}

- Downloading the paper (size and download): **${kb(downloadBytes)} KB**, **₦${formatNumber((downloadBytes / 1024 ** 3) * nairaPerGb, 2)}** at ₦${nairaPerGb} per GB
- Taking it offline: **${kb(pick(OFFLINE_PARTS[2], 'bytes'))} KB** until the sync; the sync: **${kb(pick(OFFLINE_PARTS[3], 'bytes'))} KB**`;
}
