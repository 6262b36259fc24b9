// npm run bench:pages: the weight and Lighthouse scores of every route of the app, and the data a student
// spends on one practice session (DESIGN §7). Writes its section of docs/performance.md.
//
//   npm run bench:pages -- [--runs 3] [--app-runs 3] [--sessions 3] [--quick] [URL]
//
// Without a URL it builds the app if dist/ is missing, makes a fresh embedded database (PGlite) under
// tests/.tmp with the sample bank and one 50-question paper written for this benchmark (never added to
// content/bank), and starts `node server.mjs` on it, with the reference proxy in front (deploy/Caddyfile
// run by Caddy, tests/bench/proxy.ts: HTTP/2 and TLS from Caddy's internal CA; Debian's `caddy` package,
// installed by the benchmark when it runs as root, otherwise it stops and prints the command). The
// practice session, the worker's install and the first question on a slow link (400 kbit/s, 400 ms) go
// through the proxy, as a student's phone would; the route weights and Lighthouse go to the app. With a URL
// it measures that server instead, whose bank must then hold the benchmark's paper (or the session falls
// back to a sample paper; the report says). --quick measures the session, the install and the slow link
// alone and prints them, with the largest responses and the targets, without touching docs/performance.md.
//
// Weight: each route is loaded once in Chromium (playwright-core; tests/support/chromium.ts finds it) with Lighthouse's
// mobile screen and an empty cache, without scrolling or clicking, and every response body is gzipped here
// and added up by kind, so the figures do not depend on the server's compression; already-compressed
// formats (PNG, JPEG, WebP, AVIF, WOFF2) count as they are. Routes behind sign-in are opened as a signed-in
// student (the token put in localStorage before any script runs), and the screens that need navigation
// state get it the way src/lib/client/navigation.ts hands it over (sessionStorage), in the same load.
//
// Lighthouse 13 (mobile defaults: simulated slow 4G and a 4x slower CPU) runs on a page it is handed, so
// that the same token and state can be put in place after its own storage reset and before the page's
// scripts; --runs times per public route and --app-runs times per signed-in route, medians kept.
//
// Practice session: in a fresh browser context a student lands on /, signs in through the form, chooses the
// paper, answers its 50 questions from the keyboard, submits, and opens the results and Review Answers;
// then a second student does the same in the same context (warm cache). Bytes are counted with the Chrome
// DevTools Protocol: Network.loadingFinished's encodedDataLength (headers and compressed body as received)
// for every response, API calls included, and the request lines, headers and bodies sent, estimated from
// what Chromium reports sending.
import { spawn } from 'node:child_process';
import { createHash, randomUUID, X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { reviewStateFor } from '../../src/islands/results/result.ts';
import { findChromium } from '../support/chromium.ts';
import { confirmationLinkIn } from '../support/outbox.ts';
import { ensureBuilt, type ServerProcess, startServer } from '../support/server-process.ts';
import { type LabelBytes, recordNetworkBytes } from './network-bytes.ts';
import { type OfflineBytes, offlineReport, offlineSession } from './offline-session.ts';
import { type ProxyProcess, startProxy } from './proxy.ts';
import {
  formatNumber,
  intFlag,
  machine,
  median,
  parseFlags,
  runDate,
  table,
  writeReportSection,
} from './support.ts';
import { type SittingBytes, sittingReport, utmeSitting } from './utme-sitting.ts';
import { type WorkerInstall, workerInstall, workerInstallReport } from './worker-install.ts';

const flags = parseFlags();
const givenUrl = (
  process.argv.slice(2).find((argument) => /^https?:\/\//.test(argument)) ?? process.env.BENCH_URL
)?.replace(/\/+$/, '');
const RUNS = intFlag(flags, 'runs', 3);
const APP_RUNS = intFlag(flags, 'app-runs', 3);
const SESSIONS = intFlag(flags, 'sessions', 3);
/** Only the practice session, the worker's install and the slow link, printed and not written to the docs. */
const QUICK = flags.quick === 'true';
const { executablePath: chromePath, source: chromeSource } = await findChromium();
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Lighthouse's default mobile screen (Moto G Power), so both measurements see the same first screen. */
const VIEWPORT = { width: 412, height: 823 };
/** The slow phone: 400 kbit/s each way and 400 ms of latency (Chromium's network emulation). */
const SLOW_LINK = { latency: 400, throughput: 400_000 / 8 };
/** What a slow phone's data asks of the practice session (KB = 1,024 bytes) and of the first question. */
const TARGETS = { coldKb: 350, warmKb: 60, installKb: 300, coldMs: 5_000, warmMs: 1_500 };
/** The price of mobile data the report uses: naira per GiB (1024³ bytes). */
const NAIRA_PER_GB = 575;
const GB = 1024 ** 3;

/** The benchmark's own paper: 50 arithmetic questions, imported next to the sample bank. */
const SESSION_PAPER = { examType: 'JAMB', subject: 'Arithmetic', year: '2024', questions: 50 };
/** The sample paper the signed-in routes are measured with (math, so KaTeX and its fonts load). */
const ROUTE_PAPER = { examType: 'WAEC', subject: 'Mathematics', year: '2019' };

// ---------------------------------------------------------------------------------------------------------
// The routes

type Kind = 'home' | 'content' | 'app';

/** What a route needs from the fixtures: a student, and the navigation state it is opened with. */
interface Fixtures {
  token: string;
  paperState: { examType: Choice; subject: Choice; year: Choice };
  awardState: unknown;
  reviewState: unknown;
  paymentState: unknown;
}

interface Route {
  path: string;
  kind: Kind;
  /** Opened as a signed-in student. */
  signedIn?: boolean;
  /**
   * Opened by a new student each time: the screen starts an attempt on the clock (the daily test), which
   * would run out and submit itself before the last load on a slow machine if one student opened it every time.
   */
  newStudent?: boolean;
  /** The navigation state the screen is opened with. */
  state?: (fixtures: Fixtures) => unknown;
  /** How the route was reached, for the report. */
  how: string;
  /** Lighthouse performance budget (DESIGN §7). */
  performance?: number;
  /** Gzipped JavaScript budget before interaction, in KB. */
  maxJsKb?: number;
  /** Content pages ship no framework JavaScript. */
  noFramework?: boolean;
}

const guest = 'guest';
const signedIn = 'signed in';
const content = (path: string): Route => ({
  path,
  kind: 'content',
  how: guest,
  performance: 100,
  noFramework: true,
});
const app = (path: string, extra: Partial<Route> = {}): Route => ({
  path,
  kind: 'app',
  how: guest,
  ...extra,
});
const withState = (what: string) => `signed in + state: ${what}`;
const paperName = `${ROUTE_PAPER.examType} ${ROUTE_PAPER.subject} ${ROUTE_PAPER.year}`;

/** The app's route table (src/pages), each with how it is reached and its budgets. */
const ROUTES: Route[] = [
  { path: '/', kind: 'home', how: guest, performance: 95, maxJsKb: 60 },
  content('/about-us'),
  content('/instructions'),
  content('/faqs'),
  content('/policy'),
  content('/terms-and-conditions'),
  content('/review'),
  content('/contact-us'),
  app('/sign-up'),
  app('/login'),
  app('/forgot-password'),
  app('/set-password'),
  app('/pricing'),
  app('/out-of-coin'),
  app('/subscribe-now'),
  app('/select-exam'),
  app('/practice-subject'),
  app('/profile', { signedIn: true, how: signedIn }),
  app('/leader-board', { signedIn: true, how: signedIn }),
  app('/buy-coins', { signedIn: true, how: signedIn }),
  app('/utme', { signedIn: true, how: signedIn }),
  app('/subjects', {
    signedIn: true,
    how: withState(`exam type ${ROUTE_PAPER.examType}`),
    state: (f) => ({ examType: f.paperState.examType }),
  }),
  app('/select-year', {
    signedIn: true,
    how: withState(`${ROUTE_PAPER.examType} ${ROUTE_PAPER.subject}`),
    state: (f) => ({ examType: f.paperState.examType, subject: f.paperState.subject }),
  }),
  app('/test', {
    signedIn: true,
    how: withState(`paper ${paperName}`),
    state: (f) => f.paperState,
    maxJsKb: 130,
  }),
  app('/daily-test', {
    signedIn: true,
    newStudent: true,
    how: withState(`subject ${ROUTE_PAPER.subject}`),
    state: (f) => ({ subject: f.paperState.subject }),
    maxJsKb: 130,
  }),
  app('/award', {
    signedIn: true,
    how: withState(`a submitted ${paperName} result`),
    state: (f) => f.awardState,
  }),
  app('/review-answers', {
    signedIn: true,
    how: withState('that result’s answers'),
    state: (f) => f.reviewState,
  }),
  app('/payment-mode', {
    signedIn: true,
    how: withState('a plan'),
    state: (f) => f.paymentState,
  }),
  app('/bought-coin', { signedIn: true, how: withState('80 coins'), state: () => ({ coins: 80 }) }),
];

// ---------------------------------------------------------------------------------------------------------
// The server, its data and the fixtures

interface Choice {
  _id: string;
  title: string;
}

/** The sample bank's diagrams (public/bank/diagrams), which the benchmark's paper borrows. */
const DIAGRAMS = readdirSync('public/bank/diagrams')
  .filter((name) => name.endsWith('.svg'))
  .sort();

/** The benchmark's paper in the native bank format (docs/question-bank.md): 50 arithmetic questions. */
function sessionPaperJson() {
  const letters = ['A', 'B', 'C', 'D'];
  const questions = Array.from({ length: SESSION_PAPER.questions }, (_, index) => {
    const a = 12 + ((index * 37) % 88);
    const b = 3 + ((index * 11) % 17);
    const [symbol, word, answer, working] = [
      ['+', 'sum', a + b, `add the units and then the tens: ${a} + ${b} = ${a + b}`],
      ['-', 'difference', a - b, `take ${b} from ${a}: ${a} - ${b} = ${a - b}`],
      ['\\times', 'product', a * b, `${a} \\times ${b} = ${a} \\times ${b - 1} + ${a} = ${a * b}`],
      ['\\div', 'quotient', a, `${a * b} \\div ${b} = ${a}, because ${a} \\times ${b} = ${a * b}`],
    ][index % 4] as [string, string, number, string];
    const first = index % 4 === 3 ? a * b : a;
    const right = index % 4;
    const options = letters.map((_, position) => ({
      option: String(answer + (position - right) * (1 + (index % 3))),
    }));
    // One question in five carries one of the sample bank's diagrams, so that the paper has images to load
    // and download like a real one (the diagram is for weight only; the question does not need it).
    const diagram = index % 5 === 4 ? DIAGRAMS[Math.floor(index / 5) % DIAGRAMS.length] : undefined;
    return {
      id: `bench-arithmetic-2024-${String(index + 1).padStart(2, '0')}`,
      question: `Find the ${word}: \\(${first} ${symbol} ${b}\\).`,
      questionType: diagram ? 'diagram' : 'text',
      ...(diagram ? { file: { url: `/bank/diagrams/${diagram}` } } : {}),
      topic: 'Arithmetic',
      options,
      answer: letters[right],
      explanation: `Work it out step by step: \\(${working}\\). So the answer is ${answer}.`,
    };
  });
  return {
    examType: SESSION_PAPER.examType,
    subject: SESSION_PAPER.subject,
    year: Number(SESSION_PAPER.year),
    duration: SESSION_PAPER.questions,
    questions,
  };
}

/** The right letter of each question of the benchmark's paper, in order. */
const sessionAnswers = () => sessionPaperJson().questions.map((question) => question.answer ?? 'A');

function run(command: string, args: string[], environment: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/**
 * Builds if needed, imports the sample bank and the benchmark's paper into a fresh PGlite folder (the
 * server seeds the sample bank only into an empty bank, and PGlite opens in one process at a time, so both
 * go in before it starts), and starts the server.
 */
async function startOwnServer(): Promise<{ server: ServerProcess; cleanup: () => Promise<void> }> {
  await ensureBuilt();
  const dataDir = `tests/.tmp/bench-pages-${randomUUID()}`;
  const paperFolder = join(dataDir, 'paper');
  await mkdir(paperFolder, { recursive: true });
  await writeFile(
    join(paperFolder, 'arithmetic-2024.json'),
    `${JSON.stringify(sessionPaperJson(), null, 2)}\n`,
  );
  const environment = { DATA_DIR: dataDir, SEED_SAMPLE_DATA: 'true', TRUST_PROXY: 'true', LOG_LEVEL: 'warn' };
  const imported = await run(
    'npx',
    ['tsx', 'src/cli/bank-import.ts', 'content/bank', paperFolder],
    environment,
  );
  console.log(`bench:pages: ${imported.trim().split('\n').slice(-4).join('; ')}`);
  const server = await startServer({ ...environment, NODE_ENV: 'development' });
  ownOutbox = join(dataDir, 'outbox');
  return {
    server,
    cleanup: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where the benchmark's own server writes its email; unset against a server given by URL. */
let ownOutbox: string | undefined;

let addressCounter = 0;
/** A student signed up through the API, each from its own address (the server trusts X-Forwarded-For). */
async function signUp(origin: string) {
  addressCounter += 1;
  const unique =
    `${Date.now() % 100_000_000}`.padStart(8, '0').slice(0, 6) + String(addressCounter).padStart(2, '0');
  const details = {
    firstName: 'Chiamaka',
    lastName: 'Okafor',
    email: `bench.${unique}@example.com`,
    telephone: `081${unique}`,
    password: 'bench-pass-1',
    confirmPassword: 'bench-pass-1',
    agreeTerms: true,
  };
  const response = await fetch(`${origin}/api/v1/user`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.19.${addressCounter}.${process.pid % 250}`,
    },
    body: JSON.stringify(details),
  });
  const body = (await response.json()) as { data: { token: string } };
  if (response.status !== 201)
    throw new Error(`sign-up failed (${response.status}): ${JSON.stringify(body)}`);
  // Full exams need a confirmed email: the benchmark's own server leaves the link in its outbox.
  if (ownOutbox) await confirmEmail(origin, await confirmationLinkIn(ownOutbox, details.email));
  return { token: body.data.token, telephone: details.telephone, password: details.password };
}

async function confirmEmail(origin: string, link: URL) {
  const response = await fetch(`${origin}/api/v1/user/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  if (!response.ok)
    throw new Error(`confirming the email failed (${response.status}): ${await response.text()}`);
}

async function api<T>(origin: string, path: string, token?: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    ...init,
    headers: {
      'frontend-source': 'webuser',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const body = (await response.json()) as { data: T };
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

/** The catalogue item with a title, or undefined. */
async function findChoice(origin: string, path: string, title: string): Promise<Choice | undefined> {
  const list = await api<{ docs: Choice[] }>(origin, `${path}${path.includes('?') ? '&' : '?'}limit=100`);
  const item = list.docs.find((doc) => doc.title.toLowerCase() === title.toLowerCase());
  return item ? { _id: item._id, title: item.title } : undefined;
}

async function paperState(origin: string, paper: { examType: string; subject: string; year: string }) {
  const examType = await findChoice(origin, '/api/v1/examType', paper.examType);
  const subject =
    examType && (await findChoice(origin, `/api/v1/subject?examType=${examType._id}`, paper.subject));
  const year =
    examType &&
    subject &&
    (await findChoice(origin, `/api/v1/year?examType=${examType._id}&subject=${subject._id}`, paper.year));
  return examType && subject && year ? { examType, subject, year } : undefined;
}

/** A student, a result of the route paper submitted through the API, and a plan: what the routes need. */
async function makeFixtures(origin: string): Promise<Fixtures> {
  const student = await signUp(origin);
  const state = await paperState(origin, ROUTE_PAPER);
  if (!state) throw new Error(`${Object.values(ROUTE_PAPER).join(' ')} is not in the bank`);
  const query = `exam=new&examType=${state.examType._id}&subject=${state.subject._id}&year=${state.year._id}`;
  const exam = await api<{ _id: string; questions: { _id: string; options: { _id: string }[] }[] }>(
    origin,
    `/api/v1/exam?${query}`,
    student.token,
  );
  // About two in three answered with the first option: a mixed result, as a student's would be.
  const answers = exam.questions
    .filter((_, index) => index % 3 !== 2)
    .map((question) => ({ question: question._id, option: question.options[0]?._id }));
  const result = await api<Parameters<typeof reviewStateFor>[0]>(
    origin,
    '/api/v1/exam/answer',
    student.token,
    {
      method: 'POST',
      body: JSON.stringify({ exam: exam._id, answers }),
    },
  );
  const plans = await api<{ docs: { planId: string; plan_id?: string; title: string; amount: number }[] }>(
    origin,
    '/api/v1/plan',
  );
  const plan = plans.docs.find((doc) => doc.amount > 0);
  if (!plan) throw new Error('no paid plan in /api/v1/plan');
  return {
    token: student.token,
    paperState: state,
    awardState: {
      result,
      user: { firstName: 'Chiamaka', lastName: 'Okafor' },
      title: `${ROUTE_PAPER.examType} ${ROUTE_PAPER.subject} ${ROUTE_PAPER.year}`,
    },
    reviewState: reviewStateFor(result),
    paymentState: {
      amount: plan.amount,
      currency: 'naira',
      item: { planId: plan.planId, plan_id: plan.plan_id, title: plan.title },
    },
  };
}

/** What is put in place before the page's own scripts run: the token, and the navigation state. */
interface Primer {
  origin: string;
  path: string;
  token?: string;
  state?: unknown;
}

/** Runs in the page before any of its scripts (an init script): as a student arriving signed in. */
function prime(primer: Primer) {
  if (location.origin !== primer.origin) return;
  if (primer.token && !localStorage.getItem('AUTH_TOKEN')) localStorage.setItem('AUTH_TOKEN', primer.token);
  if (
    primer.state !== undefined &&
    location.pathname === primer.path &&
    !sessionStorage.getItem('bench:primed')
  ) {
    // As navigate() in src/lib/client/navigation.ts hands state over to the next page.
    sessionStorage.setItem('bench:primed', '1');
    sessionStorage.setItem('nav:state:bench', JSON.stringify(primer.state));
    sessionStorage.setItem('nav:pending', JSON.stringify({ path: primer.path, key: 'bench' }));
  }
}

async function primerFor(route: Route, origin: string, fixtures: Fixtures): Promise<Primer | undefined> {
  if (!route.signedIn && !route.state) return undefined;
  const token = route.newStudent ? (await signUp(origin)).token : fixtures.token;
  return {
    origin,
    path: route.path,
    ...(route.signedIn ? { token } : {}),
    ...(route.state ? { state: route.state(fixtures) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Weight

const KINDS = ['html', 'css', 'js', 'images', 'fonts', 'other'] as const;
type ByteKind = (typeof KINDS)[number];
const PRECOMPRESSED = /^(image\/(png|jpeg|webp|avif|gif)|font\/woff2)/;

function kindOf(resourceType: string, contentType: string): ByteKind {
  if (resourceType === 'document') return 'html';
  if (resourceType === 'stylesheet') return 'css';
  if (resourceType === 'script') return 'js';
  if (resourceType === 'image' || contentType.startsWith('image/')) return 'images';
  if (resourceType === 'font' || contentType.startsWith('font/')) return 'fonts';
  return 'other';
}

interface Weight {
  bytes: Record<ByteKind, number>;
  requests: number;
  framework: boolean;
}

/** The first-load weight of one route, in gzipped bytes per kind, and whether a framework was loaded. */
async function measureWeight(
  browser: Browser,
  origin: string,
  route: Route,
  primer?: Primer,
): Promise<Weight> {
  // The service worker's install is measured on its own (worker-install.ts).
  const context = await browser.newContext({
    viewport: VIEWPORT,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  if (primer) await context.addInitScript(prime, primer);
  const page = await context.newPage();
  const bytes = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<ByteKind, number>;
  const pending: Promise<void>[] = [];
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
        if (kind === 'js' && /data-preact-island|swiper/i.test(body.toString('utf8'))) framework = true;
      })(),
    );
  });
  try {
    const response = await page.goto(`${origin}${route.path}`, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${route.path} answered ${response?.status()}`);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const landed = new URL(page.url()).pathname;
    if (landed !== route.path)
      throw new Error(`${route.path} went on to ${landed}: its sign-in or state is missing`);
    const islands = await page.locator('astro-island').count();
    return { bytes, requests, framework: framework || islands > 0 };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Lighthouse

interface Score {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

type LighthousePage = NonNullable<Parameters<typeof lighthouse>[3]>;
type PuppeteerBrowser = Awaited<ReturnType<typeof import('puppeteer-core').connect>>;

/**
 * One Lighthouse run (mobile defaults) on a page of ours, so that the token and navigation state can be put
 * in place before the page's scripts, after Lighthouse has cleared the origin's storage and the cache.
 */
async function runLighthouse(
  browser: PuppeteerBrowser,
  origin: string,
  route: Route,
  primer?: Primer,
): Promise<Score> {
  const page = await browser.newPage();
  try {
    if (primer) await page.evaluateOnNewDocument(prime, primer);
    const result = await lighthouse(
      `${origin}${route.path}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      undefined,
      page as unknown as LighthousePage,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${route.path}`);
    const { categories, audits, runtimeError, finalDisplayedUrl } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse failed on ${route.path}: ${runtimeError.message}`);
    const landed = new URL(finalDisplayedUrl).pathname;
    if (landed !== route.path) throw new Error(`Lighthouse: ${route.path} went on to ${landed}`);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// The practice session

const STEPS = [
  { name: 'Land on the home page', pages: ['/'] },
  { name: 'Sign in', pages: ['/login'] },
  { name: 'Choose the paper (exam, subject, year)', pages: ['/select-exam', '/subjects', '/select-year'] },
  { name: `Take the exam (${SESSION_PAPER.questions} answers, submit)`, pages: ['/test'] },
  { name: 'Open the results', pages: ['/award'] },
  { name: 'Review Answers', pages: ['/review-answers'] },
] as const;
const OTHER_STEP = 'Anything else';

interface SessionBytes {
  received: Map<string, number>;
  sent: Map<string, number>;
  requests: number;
  /** What each URL received, biggest first. */
  largest: { path: string; received: number; requests: number }[];
}

const stepOf = (documentUrl: string) => {
  const path = new URL(documentUrl).pathname.replace(/\/+$/, '') || '/';
  return STEPS.find((step) => (step.pages as readonly string[]).includes(path))?.name ?? OTHER_STEP;
};

/** Waits until Astro has hydrated every island on the current page. */
const hydrated = (page: Page) => page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));

/** One practice session in a new tab of `context`, counting every byte received and sent on the way. */
async function practiceSession(
  context: BrowserContext,
  origin: string,
  student: { telephone: string; password: string },
  paper: { examType: string; subject: string; year: string; answers: string[] },
  http2: boolean,
): Promise<SessionBytes> {
  const page = await context.newPage();
  const recorder = await recordNetworkBytes(context, page, (request) => stepOf(request.documentUrl), {
    http2,
  });
  let totals = new Map<string, LabelBytes>();

  const question = (n: number) =>
    page.getByRole('heading', { name: `Question ${n}/${paper.answers.length}`, exact: true }).waitFor();
  try {
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.locator('a[href="/login"]:visible').first().click();
    await page.waitForURL('**/login');
    await hydrated(page);
    await page.getByLabel('Phone number').fill(student.telephone);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/select-exam');
    await page.getByRole('button', { name: paper.examType, exact: true }).click();
    await page.waitForURL('**/subjects');
    await page.getByRole('button', { name: paper.subject, exact: true }).click();
    await page.waitForURL('**/select-year');
    await page.getByRole('combobox', { name: 'Year' }).click();
    await page.getByRole('option', { name: paper.year, exact: true }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL('**/test');
    // The JAMB CBT keys: a letter chooses, N moves on (before the automatic advance a second later).
    // Four in five answered right, a mixed but good score, as a student who practises would get.
    for (const [index, right] of paper.answers.entries()) {
      await question(index + 1);
      const letter = index % 5 === 4 ? (right === 'A' ? 'B' : 'A') : right;
      await page.keyboard.press(letter.toLowerCase());
      if (index < paper.answers.length - 1) await page.keyboard.press('n');
    }
    await page.getByRole('button', { name: `Question ${paper.answers.length}, answered` }).waitFor();
    await page.keyboard.press('s');
    await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/award');
    await page.getByRole('button', { name: 'Review Answers' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Review Answers' }).click();
    await page.waitForURL('**/review-answers');
    await page
      .locator('.review-item')
      .nth(paper.answers.length - 1)
      .waitFor();
    await page.waitForLoadState('networkidle');
  } catch (error) {
    throw new Error(`the practice session stopped at ${page.url()}: ${(error as Error).message}`);
  } finally {
    totals = await recorder.stop();
    await page.close();
  }
  const received = new Map<string, number>();
  const sent = new Map<string, number>();
  let requests = 0;
  for (const [step, bytes] of totals) {
    received.set(step, bytes.received);
    sent.set(step, bytes.sent);
    requests += bytes.requests;
  }
  return { received, sent, requests, largest: recorder.byPath() };
}

/**
 * Chromium trusts the proxy's certificate, which Caddy's internal CA signed, by the hash of that CA's
 * public keys (root and intermediate): the pages are then a secure context with a valid certificate, so the
 * HTTP cache and the service worker behave as with a public certificate, which ignoring errors would not give.
 */
function trustProxyFlag(proxy: ProxyProcess): string {
  const folder = `${proxy.logFile.replace(/\.log$/, '')}/caddy/pki/authorities/local`;
  const hashes = ['root.crt', 'intermediate.crt'].map((file) => {
    const key = new X509Certificate(readFileSync(join(folder, file))).publicKey;
    return createHash('sha256')
      .update(key.export({ type: 'spki', format: 'der' }))
      .digest('base64');
  });
  return `--ignore-certificate-errors-spki-list=${hashes.join(',')}`;
}

/**
 * Milliseconds from asking for /test, a paper chosen, to its first question and options on screen, on the
 * slow link: the page, its scripts, styles and fonts, and the paper from the API, as a student would wait.
 */
async function firstQuestionTime(context: BrowserContext, origin: string, primer: Primer, questions: number) {
  await context.addInitScript(prime, primer);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_LINK.latency,
    downloadThroughput: SLOW_LINK.throughput,
    uploadThroughput: SLOW_LINK.throughput,
  });
  try {
    const started = performance.now();
    await page.goto(`${origin}/test`, { waitUntil: 'commit', timeout: 120_000 });
    await page
      .getByRole('heading', { name: `Question 1/${questions}`, exact: true })
      .waitFor({ timeout: 120_000 });
    await page.locator('.options .option').first().waitFor({ timeout: 120_000 });
    return performance.now() - started;
  } finally {
    await cdp.detach().catch(() => {});
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// The report

const kb = (bytes: number) => formatNumber(bytes / 1024, 1);
const naira = (bytes: number) => `₦${formatNumber((bytes / GB) * NAIRA_PER_GB, 2)}`;
const ms = (value: number) => formatNumber(value);
const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

/** A file's name without the hash Astro gives it, so that the same file reads the same across builds. */
const withoutHash = (path: string) => path.replace(/\.[A-Za-z0-9_-]{8}\.(js|css|woff2)$/, '.$1');

/** The largest responses of the practice session, cold and warm: medians over the sessions, biggest first. */
function largestReport(cold: SessionBytes[], warm: SessionBytes[], count = 12): string {
  const medians = (sessions: SessionBytes[]) => {
    const paths = new Map<string, { received: number[]; requests: number }>();
    for (const session of sessions) {
      for (const entry of session.largest) {
        const path = withoutHash(entry.path).replace(/\?.*$/, '?…');
        const found = paths.get(path) ?? { received: [], requests: 0 };
        const last = found.received.length - 1;
        // Paths that differ only in their query (the saves of one answer each) are one line.
        if (found.received.length === sessions.indexOf(session) + 1 && last >= 0)
          found.received[last] = (found.received[last] ?? 0) + entry.received;
        else found.received.push(entry.received);
        found.requests = Math.max(found.requests, entry.requests);
        paths.set(path, found);
      }
    }
    return new Map(
      [...paths].map(([path, found]) => [
        path,
        median([...found.received, ...Array(sessions.length - found.received.length).fill(0)]),
      ]),
    );
  };
  const coldBytes = medians(cold);
  const warmBytes = medians(warm);
  const rows = [...coldBytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([path, bytes]) => [`\`${path}\``, kb(bytes), kb(warmBytes.get(path) ?? 0)]);
  return table(['response', 'cold received KB', 'warm received KB'], rows);
}

async function main() {
  const host = machine();
  const command = `npm run bench:pages -- --runs ${RUNS} --app-runs ${APP_RUNS} --sessions ${SESSIONS}${givenUrl ? ` ${givenUrl}` : ''}`;
  const started = performance.now();
  const own = givenUrl ? undefined : await startOwnServer();
  const origin = givenUrl ?? own?.server.origin ?? '';
  // The student's browser goes through the reference proxy (deploy/Caddyfile: HTTP/2, TLS, the built files
  // from disk, zstd and gzip), as in production; the benchmark's own setup calls the app directly.
  let proxy: ProxyProcess | undefined;
  try {
    if (own) {
      proxy = await startProxy({
        upstreams: [new URL(origin).host],
        staticRoot: 'dist/client',
        trustedProxies: [],
      });
      console.log(`bench:pages: ${proxy.version} at ${proxy.origin}, in front of ${origin}`);
    }
    const studentOrigin = proxy?.origin ?? origin;
    const studentFlags = proxy ? [...chromeFlags, trustProxyFlag(proxy)] : chromeFlags;
    const health = await fetch(`${origin}/api/v1/health`).catch((error: Error) => error);
    if (!(health instanceof Response) || !health.ok) throw new Error(`Nothing answers at ${origin}`);
    const fixtures = await makeFixtures(origin);

    // Weight of every route.
    const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
    const browserVersion = browser.version();
    const weights = new Map<string, Weight>();
    try {
      for (const route of QUICK ? [] : ROUTES) {
        const weight = await measureWeight(browser, origin, route, await primerFor(route, origin, fixtures));
        weights.set(route.path, weight);
        console.log(`bench:pages: weight ${route.path}: ${kb(sum(Object.values(weight.bytes)))} KB`);
      }
    } finally {
      await browser.close();
    }

    // The service worker's first install, and the first question on the slow link, through the proxy.
    const installs: WorkerInstall[] = [];
    const firstQuestion = { cold: [] as number[], warm: [] as number[] };
    const sessionState = await paperState(origin, SESSION_PAPER);
    const studentBrowser = await chromium.launch({ executablePath: chromePath, args: studentFlags });
    try {
      for (let install = 0; install < SESSIONS; install++) {
        const measured = await workerInstall(studentBrowser, studentOrigin, VIEWPORT);
        installs.push(measured);
        console.log(
          `bench:pages: service worker install #${install + 1}: ${measured.files} files, ${kb(measured.script + measured.wire)} KB over the wire`,
        );
      }
      for (let run = 0; run < SESSIONS && sessionState; run++) {
        const context = await studentBrowser.newContext({
          viewport: VIEWPORT,
          isMobile: true,
          hasTouch: true,
          serviceWorkers: 'block',
        });
        try {
          for (const label of ['cold', 'warm'] as const) {
            const primer = {
              origin: studentOrigin,
              path: '/test',
              token: (await signUp(origin)).token,
              state: sessionState,
            };
            const time = await firstQuestionTime(context, studentOrigin, primer, SESSION_PAPER.questions);
            firstQuestion[label].push(time);
            console.log(`bench:pages: first question on the slow link, ${label}: ${ms(time)} ms`);
            const page = await context.newPage();
            await page.goto(`${studentOrigin}/robots.txt`);
            await page.evaluate(() => localStorage.clear());
            await page.close();
          }
        } finally {
          await context.close();
        }
      }
    } finally {
      await studentBrowser.close();
    }

    // Lighthouse on every route.
    const scores = new Map<string, Score[]>();
    const chrome = await launch({ chromePath, chromeFlags });
    // Lighthouse takes a page of its own Puppeteer: puppeteer-core is its dependency, resolved from the same
    // node_modules, so the page comes from the module Lighthouse itself drives.
    const puppeteer = await import('puppeteer-core');
    const lighthouseBrowser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    try {
      for (const route of QUICK ? [] : ROUTES) {
        const runs: Score[] = [];
        const count = route.signedIn ? APP_RUNS : RUNS;
        for (let attempt = 0; attempt < count; attempt++) {
          const score = await runLighthouse(
            lighthouseBrowser,
            origin,
            route,
            await primerFor(route, origin, fixtures),
          );
          runs.push(score);
          console.log(
            `bench:pages: lighthouse ${route.path} #${attempt + 1}: performance ${score.performance}, accessibility ${score.accessibility}`,
          );
        }
        scores.set(route.path, runs);
      }
    } finally {
      await lighthouseBrowser.disconnect();
      chrome.kill();
    }

    // The practice session, cold and then warm, SESSIONS times, through the proxy.
    const sessionPaper = sessionState
      ? { ...SESSION_PAPER, answers: sessionAnswers() }
      : {
          ...ROUTE_PAPER,
          answers: JSON.parse(
            await readFile('content/bank/waec/mathematics-2019.json', 'utf8'),
          ).questions.map((q: { answer: string }) => q.answer) as string[],
        };
    const cold: SessionBytes[] = [];
    const warm: SessionBytes[] = [];
    const sessionBrowser = await chromium.launch({ executablePath: chromePath, args: studentFlags });
    try {
      for (let session = 0; session < SESSIONS; session++) {
        const context = await sessionBrowser.newContext({
          viewport: VIEWPORT,
          isMobile: true,
          hasTouch: true,
          serviceWorkers: 'block',
        });
        try {
          for (const [label, list] of [
            ['cold', cold],
            ['warm', warm],
          ] as const) {
            const student = await signUp(origin);
            const measured = await practiceSession(
              context,
              studentOrigin,
              student,
              sessionPaper,
              Boolean(proxy),
            );
            list.push(measured);
            // Signed out without a request, as logout leaves the phone: nothing stored, the cache kept.
            const page = await context.newPage();
            await page.goto(`${studentOrigin}/robots.txt`);
            await page.evaluate(() => {
              localStorage.clear();
              sessionStorage.clear();
            });
            await page.close();
            console.log(
              `bench:pages: session ${session + 1} ${label}: ${kb(sum(measured.received.values()))} KB received, ${kb(sum(measured.sent.values()))} KB sent, ${measured.requests} requests`,
            );
          }
        } finally {
          await context.close();
        }
      }
    } finally {
      await sessionBrowser.close();
    }

    // The UTME mock sitting, SESSIONS times, each by a new student (on the trial) in a fresh context.
    const sittings: SittingBytes[] = [];
    const sittingBrowser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
    try {
      for (let sitting = 0; sitting < (QUICK ? 0 : SESSIONS); sitting++) {
        const student = await signUp(origin);
        const measured = await utmeSitting(sittingBrowser, origin, student.token, VIEWPORT);
        sittings.push(measured);
        const received = sum([...measured.values()].map((bytes) => bytes.received));
        console.log(`bench:pages: UTME sitting #${sitting + 1}: ${kb(received)} KB received`);
      }
    } finally {
      await sittingBrowser.close();
    }

    // Practice with no data, SESSIONS times, each by a new student: the benchmark's paper downloaded, then
    // taken offline and uploaded when back online. Only on the benchmark's own paper.
    const offlineSessions: OfflineBytes[] = [];
    if (sessionState && !QUICK) {
      const offlineBrowser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
      try {
        for (let session = 0; session < SESSIONS; session++) {
          const student = await signUp(origin);
          const measured = await offlineSession(offlineBrowser, origin, student, sessionPaper, VIEWPORT);
          offlineSessions.push(measured);
          console.log(
            `bench:pages: offline session #${session + 1}: ${[...measured.values()].map((part) => kb(part.bytes)).join(' / ')} KB`,
          );
        }
      } finally {
        await offlineBrowser.close();
      }
    }

    const total = (session: SessionBytes) => sum(session.received.values()) + sum(session.sent.values());
    const slowLink = {
      cold: median(firstQuestion.cold),
      warm: median(firstQuestion.warm),
    };
    const installWire = median(installs.map((install) => install.script + install.wire));
    const targets = [
      [`cold session at most ${TARGETS.coldKb} KB`, median(cold.map(total)) / 1024 <= TARGETS.coldKb],
      [`warm session at most ${TARGETS.warmKb} KB`, median(warm.map(total)) / 1024 <= TARGETS.warmKb],
      [`the worker's first install at most ${TARGETS.installKb} KB`, installWire / 1024 <= TARGETS.installKb],
      [
        `first question within ${TARGETS.coldMs / 1000} s cold on the slow link`,
        slowLink.cold <= TARGETS.coldMs,
      ],
      [
        `first question within ${TARGETS.warmMs / 1000} s warm on the slow link`,
        slowLink.warm <= TARGETS.warmMs,
      ],
    ] as const;
    if (QUICK) {
      console.log(largestReport(cold, warm));
      console.log(
        `bench:pages: cold ${kb(median(cold.map(total)))} KB, warm ${kb(median(warm.map(total)))} KB, install ${kb(installWire)} KB, first question ${ms(slowLink.cold)} / ${ms(slowLink.warm)} ms`,
      );
      for (const [target, met] of targets) console.log(`bench:pages: ${met ? 'met' : 'MISSED'}: ${target}`);
      return;
    }

    // The report.
    const failures: string[] = [];
    const misses: string[] = [];
    const weightRows = ROUTES.map((route) => {
      const weight = weights.get(route.path);
      if (!weight) throw new Error(`no weight for ${route.path}`);
      return [
        `\`${route.path}\``,
        route.how,
        ...KINDS.map((kind) => kb(weight.bytes[kind])),
        kb(sum(Object.values(weight.bytes))),
        weight.requests,
        weight.framework ? 'yes' : 'no',
      ];
    });
    const scoreRows = ROUTES.map((route) => {
      const runs = scores.get(route.path) ?? [];
      const weight = weights.get(route.path);
      const performance = median(runs.map((score) => score.performance));
      const accessibility = median(runs.map((score) => score.accessibility));
      const miss = (text: string) =>
        (route.kind === 'content' ? failures : misses).push(`\`${route.path}\`: ${text}`);
      if (route.performance !== undefined && performance < route.performance)
        miss(`Lighthouse performance ${performance}, budget ${route.performance}`);
      if (accessibility < 100) miss(`Lighthouse accessibility ${accessibility}, budget 100`);
      if (route.maxJsKb !== undefined && weight && weight.bytes.js / 1024 >= route.maxJsKb)
        miss(`${kb(weight.bytes.js)} KB of gzipped JavaScript, budget under ${route.maxJsKb} KB`);
      if (route.noFramework && weight?.framework)
        miss('loads framework JavaScript (Preact, Swiper or an island)');
      return [
        `\`${route.path}\``,
        runs.length,
        `${performance} (${runs.map((score) => score.performance).join(', ')})`,
        `${accessibility} (${runs.map((score) => score.accessibility).join(', ')})`,
        ms(median(runs.map((score) => score.fcp))),
        ms(median(runs.map((score) => score.lcp))),
        ms(median(runs.map((score) => score.tbt))),
        formatNumber(median(runs.map((score) => score.cls)), 3),
      ];
    });

    const shifting = ROUTES.filter(
      (route) => median((scores.get(route.path) ?? []).map((score) => score.cls)) > 0.1,
    ).map(
      (route) =>
        `\`${route.path}\` (${formatNumber(median((scores.get(route.path) ?? []).map((score) => score.cls)), 3)})`,
    );
    const stepNames = [...STEPS.map((step) => step.name), OTHER_STEP];
    const medianOf = (sessions: SessionBytes[], pick: (session: SessionBytes) => number) =>
      median(sessions.map(pick));
    const used = stepNames.filter(
      (name) =>
        name !== OTHER_STEP || [...cold, ...warm].some((session) => (session.received.get(name) ?? 0) > 0),
    );
    const sessionRows = [
      ...used.map((name) => [
        name,
        kb(medianOf(cold, (session) => session.received.get(name) ?? 0)),
        kb(medianOf(cold, (session) => session.sent.get(name) ?? 0)),
        kb(medianOf(warm, (session) => session.received.get(name) ?? 0)),
        kb(medianOf(warm, (session) => session.sent.get(name) ?? 0)),
      ]),
      [
        '**Whole session**',
        `**${kb(medianOf(cold, (session) => sum(session.received.values())))}**`,
        `**${kb(medianOf(cold, (session) => sum(session.sent.values())))}**`,
        `**${kb(medianOf(warm, (session) => sum(session.received.values())))}**`,
        `**${kb(medianOf(warm, (session) => sum(session.sent.values())))}**`,
      ],
    ];
    const coldTotal = medianOf(cold, total);
    const warmTotal = medianOf(warm, total);
    const requests = (sessions: SessionBytes[]) =>
      formatNumber(medianOf(sessions, (session) => session.requests));
    const lighthouseVersion = JSON.parse(
      await readFile('node_modules/lighthouse/package.json', 'utf8'),
    ).version;
    const paperNote = sessionState
      ? `the benchmark's own paper, ${SESSION_PAPER.examType} ${SESSION_PAPER.subject} ${SESSION_PAPER.year} (${SESSION_PAPER.questions} arithmetic questions with KaTeX maths and explanations, one in five with one of the sample bank's diagrams, written by tests/bench/pages.ts and imported next to the sample bank, never into content/bank)`
      : `${ROUTE_PAPER.examType} ${ROUTE_PAPER.subject} ${ROUTE_PAPER.year} of the sample bank (${sessionPaper.answers.length} questions): the server at ${origin} has no ${SESSION_PAPER.examType} ${SESSION_PAPER.subject} ${SESSION_PAPER.year} paper`;
    const minutes = (performance.now() - started) / 60_000;

    writeReportSection(
      'bench:pages',
      `## Pages and the data a practice session costs (\`bench:pages\`)

- Date: ${runDate()}
- Machine: ${host}
- Command: \`${command}\`; took ${formatNumber(minutes, 1)} minutes
- Server: ${givenUrl ? `the server at ${givenUrl}` : `\`node server.mjs\` (built app, gzip on) on a fresh embedded database (PGlite) under tests/.tmp, holding the sample bank and the benchmark’s 50-question paper; the practice session, the worker’s install and the slow link go through ${proxy ? `the reference proxy, deploy/Caddyfile run by Caddy ${proxy.version} (HTTP/2, TLS from Caddy’s internal CA, which Chromium trusts by its key’s hash; the built files from disk, sent as the Brotli copies the build wrote)` : 'the server itself'}, the route weights and Lighthouse straight to the app`}
- Browser: Chromium ${browserVersion} from ${chromeSource} (headless), driven by playwright-core; Lighthouse ${lighthouseVersion}

### First-load weight of every route

Gzipped kilobytes loaded on a first visit with Lighthouse’s mobile screen (${VIEWPORT.width} × ${VIEWPORT.height}) and an empty cache,
without scrolling or clicking, until the network is idle: what a student downloads before interacting. Each text
body is gzipped by the benchmark (the server’s own compression does not change the figures); PNG, JPEG, WebP,
AVIF and WOFF2 count as they are; "other" is mostly the API’s JSON. "Framework" is yes when the page loads
Preact, Swiper or an Astro island. How each route was reached, so that none of them redirected:

- guest: opened cold, signed out.
- signed in: a student signed up through the API beforehand, the token put in localStorage by a script that runs
  before the page’s own (as after signing in); \`/daily-test\` by a new student at each load, so that no load
  finds the daily test begun by an earlier one.
- signed in + state: the same, and the navigation state the screen needs handed over in the same load the way
  \`navigate()\` in src/lib/client/navigation.ts does it (sessionStorage \`nav:pending\` and \`nav:state:<key>\`):
  the exam type, subject and year records from the API; the result of ${paperName} (20 questions, with maths,
  so KaTeX and its fonts load) that this student fetched and submitted through the API, two in three answered;
  its answers for Review Answers, as \`/award\` hands them on; the first paid plan of \`/api/v1/plan\`.

${table(['route', 'reached', 'HTML', 'CSS', 'JS', 'images', 'fonts', 'other', 'total', 'requests', 'framework'], weightRows)}

### Lighthouse (mobile defaults)

Lighthouse ${lighthouseVersion} with its mobile defaults (Moto G Power screen, simulated slow 4G and a 4× slower CPU) on
every route, each reached as in the table above: Lighthouse clears the origin’s storage and the cache, then the
token and the navigation state were put in place by a script that runs before the page’s own (the page is
handed to Lighthouse through its Puppeteer API). ${RUNS} runs per route that renders without sign-in and ${APP_RUNS} per
signed-in route; medians, with every run’s score in brackets. Times in milliseconds.

${table(['route', 'runs', 'performance', 'accessibility', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'], scoreRows)}

${
  shifting.length === 0
    ? 'No route’s median Cumulative Layout Shift is above 0.1, the limit Lighthouse calls good.'
    : `Median Cumulative Layout Shift above 0.1, the limit Lighthouse calls good: ${shifting.join(', ')}.`
}

### Data spent on one practice session

A student lands on \`/\`, follows Login and signs in through the form, chooses the exam type, the subject and the
year, presses Start, answers all ${sessionPaper.answers.length} questions from the keyboard (a letter, then N; four in five right), submits,
opens the results and then Review Answers. The paper is ${paperNote}.
Cold: a fresh browser context (empty cache) and a new student. Warm: right after, in the same context, a second
student signs in and takes the same paper (storage cleared as logging out leaves it; the HTTP cache kept).

Counted with the Chrome DevTools Protocol on the mobile screen above. Received: Network.loadingFinished’s
encodedDataLength of every response, API calls included (status line, headers and the gzipped body as they
came over the wire; answers from the cache count nothing, revalidations count their 304). Sent: each request’s
line, headers and body as Chromium reports sending them (an estimate of what goes up: TCP/TLS overhead is in
neither; over HTTP/2 the headers are estimated as HPACK sends them: one already sent on the connection costs a
byte, a new one its name and value). Each request counts toward the screen (document) that made it. Medians of ${SESSIONS} sessions each, step by
step; the whole-session row is the median of the session totals, so the steps need not add up to it. KB = 1,024
bytes; the cost is at ₦${NAIRA_PER_GB} per GB, 1 GB = 1,024³ bytes, on received and sent together.

${table(['step', 'cold received KB', 'cold sent KB', 'warm received KB', 'warm sent KB'], sessionRows)}

- Cold: **${kb(coldTotal)} KB** in all (${requests(cold)} requests), **${naira(coldTotal)}** a session at ₦${NAIRA_PER_GB} per GB
- Warm: **${kb(warmTotal)} KB** in all (${requests(warm)} requests), **${naira(warmTotal)}** a session

Service workers are blocked in these sessions; a student’s first visit also pays the worker’s first install
(below), once.

The largest responses of the session (medians; a hashed file under its name without the hash, the answers’
saves and the paper’s requests each on one line):

${largestReport(cold, warm)}

### The first question on a slow phone link

A signed-in student (a new one each time) opens \`/test\` with the benchmark’s paper chosen (the navigation
state handed over as \`/select-year\` does) over a link of ${(SLOW_LINK.throughput * 8) / 1000} kbit/s each way and ${SLOW_LINK.latency} ms of latency
(Chromium’s Network.emulateNetworkConditions, through the proxy): the time from asking for the page to its
first question’s heading and options on screen (KaTeX’s fonts swap in later, so they do not hold it up). Cold:
a fresh browser context; warm: right after, in the same context (the HTTP cache kept). Service workers
blocked. Medians of ${firstQuestion.cold.length} (every run in brackets); the times move with the machine’s load.

- Cold: **${ms(slowLink.cold)} ms** (${firstQuestion.cold.map(ms).join(', ')})
- Warm: **${ms(slowLink.warm)} ms** (${firstQuestion.warm.map(ms).join(', ')})

### A slow phone’s data: the targets

${targets.map(([target, met]) => `- ${met ? 'Met' : '**Missed**'}: ${target}`).join('\n')}

${workerInstallReport(installs, NAIRA_PER_GB)}

${sittingReport(sittings, NAIRA_PER_GB)}

${
  offlineSessions.length > 0
    ? offlineReport(
        offlineSessions,
        `the benchmark's paper, ${SESSION_PAPER.examType} ${SESSION_PAPER.subject} ${SESSION_PAPER.year}`,
        NAIRA_PER_GB,
      )
    : `### Data spent practising with no data\n\nNot measured: the server at ${origin} has no ${SESSION_PAPER.examType} ${SESSION_PAPER.subject} ${SESSION_PAPER.year} paper.`
}

### Budgets (DESIGN §7)

- Content pages (about, instructions, FAQs, policy, terms, review and contact) ship no framework JavaScript and
  score 100 for Lighthouse performance; the home page ships under 60 KB of gzipped JavaScript before
  interaction and scores at least 95; the quiz (\`/test\`, \`/daily-test\`) ships under 130 KB; accessibility is
  100 everywhere.
- A miss on a content page fails the run (exit code 1); the others are reported here and do not fail it, since
  the app screens’ scores move with the machine’s load more than the content pages’ do.

${
  failures.length + misses.length === 0
    ? 'Every budget was met in this run.'
    : `Missed in this run:\n\n${[...failures.map((line) => `${line} (fails the run)`), ...misses].map((line) => `- ${line}`).join('\n')}`
}`,
    );
    console.log(`bench:pages: docs/performance.md updated in ${formatNumber(minutes, 1)} minutes`);
    console.log(
      `bench:pages: practice session cold ${kb(coldTotal)} KB (${naira(coldTotal)}), warm ${kb(warmTotal)} KB (${naira(warmTotal)})`,
    );
    if (failures.length + misses.length > 0)
      console.error(`Budgets missed:\n${[...failures, ...misses].join('\n')}`);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await proxy?.stop();
    await own?.cleanup();
  }
}

await main();
