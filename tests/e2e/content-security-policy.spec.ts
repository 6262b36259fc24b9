import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Page, Response } from '@playwright/test';
import { expect, signIn, startPaper, test, waitForIslands } from './fixtures.ts';

// Every page of the site, and the screens that load the most (a maths paper with its diagrams, a downloaded
// paper's images, the payment dialog), run under the pages' Content-Security-Policy without the browser
// refusing anything: no eval (zod runs jitless in the browser), no image, font, call or frame the policy
// does not name.

// With the service worker, as a student has it: its script and its fetches are under the policy too.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 240_000 });

/**
 * Collects what the browser refuses under the policy, from the start of every page the tab opens: the
 * `securitypolicyviolation` events and the "Refused to ..." messages of the console.
 */
async function recordRefusals(page: Page): Promise<string[]> {
  const refusals: string[] = [];
  await page.exposeFunction('reportRefusal', (text: string) => refusals.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportRefusal: (text: string) => void }).reportRefusal;
      void report(
        `${location.pathname}: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} ` +
          `(${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) {
      refusals.push(`${new URL(page.url()).pathname}: ${message.text()}`);
    }
  });
  return refusals;
}

/** Every page the build wrote, as its path on the site (dist/client/faqs/index.html is /faqs). */
async function builtPages(): Promise<string[]> {
  const root = join('dist', 'client');
  const files = await readdir(root, { recursive: true });
  return files
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const path = `/${file.split(sep).join('/')}`;
      return path.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '') || '/';
    })
    .map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path))
    .sort();
}

/** The policy the page's header sends, and the one of its <meta> tag. */
async function policiesOf(page: Page, response: Response | null) {
  return {
    header: response?.headers()['content-security-policy'] ?? '',
    meta: (await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content')) ?? '',
  };
}

/** Opens a page and lets it settle: its islands hydrated and its first calls answered. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // A page that sends the visitor on (a guest on /profile, /award without a result) has its next page.
  await waitForIslands(page).catch(() => waitForIslands(page));
  return response;
}

/** Each page as a guest and signed in: the header's policy, the meta tag's hashes, nothing refused. */
async function walkEveryPage(page: Page) {
  const refusals = await recordRefusals(page);
  const pages = await builtPages();
  // The spec's routes and the content pages: a build that wrote none would prove nothing.
  expect(pages).toEqual(expect.arrayContaining(['/', '/profile', '/test', '/buy-coins', '/utme', '/faqs']));
  for (const path of pages) {
    const response = await visit(page, path);
    const { header, meta } = await policiesOf(page, response);
    expect(header, path).toContain("default-src 'self'");
    expect(header, path).toContain("frame-ancestors 'none'");
    expect(header, path).not.toContain('unsafe-eval');
    // The header lets inline scripts through only because the meta tag names each one by its hash.
    expect(meta, path).toMatch(/script-src 'self' 'sha256-/);
    expect(meta, path).toContain("default-src 'self'");
  }
  expect(refusals).toEqual([]);
}

test('every page opens as a guest with nothing refused by the policy', async ({ page }) => {
  await walkEveryPage(page);
});

test('every page opens signed in, /profile included, with nothing refused by the policy', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  await walkEveryPage(page);
});

test('a maths paper with diagrams, online and downloaded, shows its formulas and images under the policy', async ({
  page,
  student,
}) => {
  const refusals = await recordRefusals(page);
  await signIn(page, student);
  // The downloaded paper shows its diagrams from blob: addresses. It is downloaded first: a paper whose test is
  // open cannot be downloaded, as that would hand out the key of a counted attempt.
  await page.goto('/select-exam');
  await page.getByRole('button', { name: 'WAEC', exact: true }).click();
  await page.getByRole('button', { name: 'Mathematics', exact: true }).click();
  await waitForIslands(page);
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: '2019', exact: true }).click();
  await page.getByRole('button', { name: /^Download for offline/ }).click();
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Take offline' }).click();
  await expect(page.getByText('Downloaded paper:')).toBeVisible();
  await page.getByRole('button', { name: /^Question 9,/ }).click();
  const diagram = await expectImageShown(page, 'Diagram for question 9');
  expect(await diagram.getAttribute('src')).toMatch(/^blob:/);

  // Online, WAEC Mathematics 2019: question 1 is a formula, questions 9 and 10 have a diagram.
  await startPaper(page, 'WAEC', 'Mathematics', '2019');
  await expect(page.getByRole('heading', { name: 'Question 1/20', exact: true })).toBeVisible();
  await expect(page.getByRole('math', { name: '2 over 3 divided by 1 and 1 over 9' })).toBeAttached();
  // KaTeX's fonts came from the site.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some((font) => font.family.includes('KaTeX') && font.status === 'loaded');
      }),
    )
    .toBe(true);
  await page.getByRole('button', { name: /^Question 9,/ }).click();
  await expectImageShown(page, 'Diagram for question 9');

  expect(refusals).toEqual([]);
});

test('the payment dialog opens and closes under the policy', async ({ page, student }) => {
  const refusals = await recordRefusals(page);
  await signIn(page, student);
  await visit(page, '/buy-coins');
  await page.getByRole('button', { name: /₦5,000 for 6,000 coins/ }).click();
  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await expect(checkout.getByText('Test payment: no money moves')).toBeVisible();
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await expect(checkout).toBeHidden();
  expect(refusals).toEqual([]);
});

/** Waits until a diagram has loaded and has pixels (a refused image has a natural width of 0). */
async function expectImageShown(page: Page, name: string) {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
  return image;
}
