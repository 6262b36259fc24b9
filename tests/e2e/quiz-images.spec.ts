import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, signIn, startPaper, test } from './fixtures.ts';

// WAEC Mathematics 2019 of the sample bank has a diagram on questions 9 and 10.
const DIAGRAMS = [
  '/bank/diagrams/waec-mathematics-2019-triangle.svg',
  '/bank/diagrams/waec-mathematics-2019-circle.svg',
];

test.use({ viewport: { width: 360, height: 740 } });
// A paper through the selection screens and an axe scan: slow on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** Starts WAEC Mathematics 2019 from /select-exam, as a student does. */
async function startPaperWithDiagrams(page: Page) {
  await startPaper(page, 'WAEC', 'Mathematics', '2019');
  await expect(page.getByRole('heading', { name: 'Question 1/20', exact: true })).toBeVisible({
    timeout: 30_000,
  });
}

/** Jumps to a question with the navigator. */
async function goToQuestion(page: Page, n: number) {
  await page.getByRole('button', { name: new RegExp(`^Question ${n},`) }).click();
  await expect(page.getByRole('heading', { name: `Question ${n}/20`, exact: true })).toBeVisible();
}

/** Waits until an `<img>` has loaded and has pixels (a broken image has a natural width of 0). */
async function expectImageShown(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}

/** How many requests the page has made for the paper's diagrams (those answered and those that failed). */
function countDiagramRequests(page: Page) {
  const requested: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (DIAGRAMS.includes(path)) requested.push(path);
  });
  return requested;
}

const diagram = (page: Page, n: number) => page.getByRole('img', { name: `Diagram for question ${n}` });
const retryControl = (page: Page, n: number) =>
  page.getByRole('button', { name: `Diagram for question ${n}: image did not load. Retry` });

test('the diagrams of a paper load when it starts, so a question reached offline shows its diagram', async ({
  page,
  context,
  student,
}) => {
  const requested = countDiagramRequests(page);
  await signIn(page, student);
  await startPaperWithDiagrams(page);
  // Both diagrams are fetched while the student is still on question 1.
  await expect.poll(() => [...requested].sort()).toEqual([...DIAGRAMS].sort());

  await page.getByRole('list', { name: 'Options for question 1' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: 'Question 2/20', exact: true })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();

  await goToQuestion(page, 10);
  await expectImageShown(diagram(page, 10));
  await goToQuestion(page, 9);
  await expectImageShown(diagram(page, 9));
  await expect(page.getByRole('button', { name: /image did not load/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a diagram that did not load offers Retry, and loads by itself when the connection returns', async ({
  page,
  context,
  student,
}) => {
  const requested = countDiagramRequests(page);
  const circle = DIAGRAMS[1] ?? '';
  await page.route('**/bank/diagrams/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, student);
  await startPaperWithDiagrams(page);

  await goToQuestion(page, 10);
  const retry = retryControl(page, 10);
  await expect(retry).toBeVisible();
  await expect(retry).toHaveText('Image did not load. Retry');
  await expect(diagram(page, 10)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousViolations(page);

  // Pressed from the keyboard while the network still fails: the image is asked for again, and fails again.
  const before = requested.filter((path) => path === circle).length;
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => requested.filter((path) => path === circle).length).toBeGreaterThan(before);
  await expect(retryControl(page, 10)).toBeVisible();

  // The connection returns: every failed diagram loads without a press.
  await page.unroute('**/bank/diagrams/**');
  await context.setOffline(true);
  await context.setOffline(false);
  await expectImageShown(diagram(page, 10));
  await expect(retryControl(page, 10)).toHaveCount(0);
  await goToQuestion(page, 9);
  await expectImageShown(diagram(page, 9));
});
