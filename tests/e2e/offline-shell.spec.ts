import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { webAppManifest } from '../../src/lib/web-app-manifest.ts';
import { APP_SCREENS, isAppScreen } from '../../src/service-worker/shell.ts';
import { expect, signIn, test, waitForIslands } from './fixtures.ts';

// The installable app (docs/offline.md): the web app manifest, and the service worker that keeps the app's screens
// on the phone after one visit. The rest of the suite blocks service workers (playwright.config.ts); these
// tests let it run.
test.use({ serviceWorkers: 'allow' });

/** The worker the build wrote, as the test server serves it. */
const BUILT_WORKER = 'dist/client/sw.js';

/** Waits until the page's service worker is installed, active and controlling the page. */
async function waitForWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** Every URL held by any of the origin's caches. */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

test('after one online visit to the home page, every app screen opens offline', async ({
  page,
  context,
  student,
}) => {
  await signIn(page, student);
  await page.goto('/');
  await waitForWorker(page);

  await context.setOffline(true);
  for (const path of APP_SCREENS) {
    const response = await page.goto(path);
    // The page came from the worker, not the browser's "No internet" page.
    expect(response?.fromServiceWorker(), path).toBe(true);
    expect(response?.status(), path).toBe(200);
    await waitForIslands(page);
    // Screens that need navigation state send the student to an app screen that does not, offline too.
    expect(isAppScreen(new URL(page.url()).pathname), `${path} went on to ${page.url()}`).toBe(true);
    // Its heading, or what an island shows without the API (a profile offline: the message and Retry).
    await expect(page.locator('main').locator('h1, astro-island > *').first(), path).toBeVisible();
  }
});

test('a content page opens offline once visited, any other says so, and the API is never answered from the phone', async ({
  page,
  context,
  student,
}) => {
  await signIn(page, student);
  await page.goto('/');
  await waitForWorker(page);
  await page.goto('/faqs');
  // /profile asks the API for the student's profile.
  await page.goto('/profile');
  await expect(
    page.getByRole('heading', { name: `${student.details.firstName} ${student.details.lastName}` }),
  ).toBeVisible();

  await context.setOffline(true);
  const faqs = await page.goto('/faqs');
  expect(faqs?.fromServiceWorker()).toBe(true);
  await expect(page.locator('main h1')).toBeVisible();

  await page.goto('/select-exam');
  const profile = await page.evaluate(
    (token) =>
      fetch('/api/v1/user', { headers: { authorization: `Bearer ${token}` } }).then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    student.token,
  );
  expect(profile).toBe('failed');
  const apiUrls = (await cachedUrls(page)).filter((url) => new URL(url).pathname.startsWith('/api'));
  expect(apiUrls).toEqual([]);

  // Never visited, so not on the phone: the app's offline page under the address asked for, whose links
  // work offline.
  const policy = await page.goto('/policy');
  expect(policy?.fromServiceWorker()).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/policy');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await page.getByRole('link', { name: /Practise a downloaded paper/ }).click();
  await expect(page).toHaveURL(/\/select-exam$/);
  await expect(page.locator('main h1')).toBeVisible();
});

test('the manifest makes the app installable, with its name, colours and icons', async ({
  page,
  browser,
  launchOptions,
  baseURL,
}) => {
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toEqual(JSON.parse(JSON.stringify(webAppManifest())));
  for (const icon of manifest.icons as { src: string }[]) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }

  // Chromium's own verdict, as it decides whether to offer "Install app": nothing missing. Some builds
  // never offer it in a profile that keeps nothing (the tests' usual context), so this asks in a kept one.
  const profile = await mkdtemp(join(tmpdir(), 'install-profile-'));
  const installed = await browser.browserType().launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const phone = installed.pages()[0] ?? (await installed.newPage());
    await phone.goto('/');
    await expect(phone.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(phone.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
    await waitForWorker(phone);
    const cdp = await installed.newCDPSession(phone);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await installed.close();
    await rm(profile, { recursive: true, force: true });
  }

  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('a new build’s worker takes over an open page, which says "Updated" and is not reloaded', async ({
  page,
}) => {
  await page.goto('/');
  await waitForWorker(page);
  await page.evaluate(() => {
    (window as unknown as { before: string }).before = 'the same page';
  });
  const precachedAward = async () =>
    (await cachedUrls(page))
      .filter((url) => new URL(url).pathname === '/award')
      .map((url) => new URL(url).search);
  expect(await precachedAward()).toHaveLength(1);

  // A deployment: the server now has a worker whose precache holds a changed /award page. Other tests that
  // install the worker meanwhile get one or the other, which both work.
  const built = await readFile(BUILT_WORKER, 'utf8');
  const deployed = built.replace(/url:"\/award",revision:"\w+"/, 'url:"/award",revision:"new-build"');
  expect(deployed).not.toBe(built);
  try {
    await writeFile(BUILT_WORKER, deployed);
    // What the browser does by itself on the next page load, done at once.
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(page.getByRole('status').filter({ hasText: 'Updated' })).toBeVisible();
  } finally {
    await writeFile(BUILT_WORKER, built);
  }
  expect(await page.evaluate(() => (window as unknown as { before?: string }).before)).toBe('the same page');
  // The new worker's precache replaced the old /award.
  await expect.poll(precachedAward).toEqual(['?__WB_REVISION__=new-build']);
});
