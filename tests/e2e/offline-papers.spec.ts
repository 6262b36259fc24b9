import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import {
  chooseSubject,
  expect,
  expectNoSeriousViolations,
  signIn,
  test,
  waitForIslands,
} from './fixtures.ts';

// A phone, as most students hold one, with the app's service worker (helper B's), which opens the app's
// screens with no network once they have been visited.
test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
// A whole paper by keyboard, two axe scans and several page loads: slow on a busy machine.
test.describe.configure({ timeout: 240_000 });

const TOTAL = 20;

/** The right answers (A, B, C, D) of a sample-bank paper, in question order. */
async function rightLetters(file: string): Promise<string[]> {
  const paper = JSON.parse(await readFile(`content/bank/${file}`, 'utf8')) as {
    questions: { answer: string }[];
  };
  return paper.questions.map((question) => question.answer);
}

const wrongLetter = (right: string) => (right === 'A' ? 'B' : 'A');

const questionHeading = (page: Page, n: number) =>
  page.getByRole('heading', { name: `Question ${n}/${TOTAL}`, exact: true });

const option = (page: Page, letter: string) =>
  page
    .getByRole('list', { name: /^Options for question/ })
    .getByRole('button', { name: new RegExp(`^${letter}\\b`) });

/** Waits until an `<img>` has loaded and has pixels (a broken image has a natural width of 0). */
async function expectImageShown(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}

/** Picks a year in the /select-year combobox by keyboard. */
async function chooseYear(page: Page, year: string) {
  const combobox = page.getByRole('combobox', { name: 'Year' });
  await combobox.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: year, exact: true })).toBeVisible();
  await page.keyboard.type(year);
  await page.keyboard.press('Enter');
  await expect(combobox).toHaveText(year);
}

/** Each POST /api/v1/exam/offline the page makes: its status, or 0 when it never reached the server. */
function watchUploads(page: Page) {
  const uploads: { status: number; body?: { data: { _id: string } } }[] = [];
  const isUpload = (url: string, method: string) =>
    method === 'POST' && new URL(url).pathname === '/api/v1/exam/offline';
  page.on('requestfailed', (request) => {
    if (isUpload(request.url(), request.method())) uploads.push({ status: 0 });
  });
  page.on('response', async (response) => {
    if (!isUpload(response.url(), response.request().method())) return;
    uploads.push({ status: response.status(), body: await response.json() });
  });
  return uploads;
}

/** Waits until the app's service worker is active and controls the page. */
async function waitForWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('a paper with maths downloaded on a phone that has shown no maths brings KaTeX fonts for offline use', async ({
  page,
  context,
  student,
}) => {
  await signIn(page, student);
  await chooseSubject(page, 'WAEC', 'Mathematics');
  await waitForWorker(page);
  // Nothing on this phone has drawn a formula yet: the worker's install brought no fonts.
  const fontFiles = () =>
    page.evaluate(async () =>
      (await (await caches.open('katex-fonts')).keys())
        .map((request) => /KaTeX_([\w-]+?)\.[\w-]+\.woff2$/.exec(new URL(request.url).pathname)?.[1])
        .sort(),
    );
  expect(await fontFiles()).toEqual([]);
  await chooseYear(page, '2019');
  await page.getByRole('button', { name: /^Download for offline/ }).click();
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
  // The core faces, but Size3, which the build inlines in the stylesheet.
  expect(await fontFiles()).toEqual([
    'AMS-Regular',
    'Main-Bold',
    'Main-Italic',
    'Main-Regular',
    'Math-Italic',
    'Size1-Regular',
    'Size2-Regular',
    'Size4-Regular',
  ]);

  // Offline, the paper's first formula is drawn in KaTeX's own fonts, served by the worker.
  await context.setOffline(true);
  await page.goto('/select-year');
  await waitForIslands(page);
  await chooseYear(page, '2019');
  await page.getByRole('button', { name: 'Start' }).press('Enter');
  await expect(page).toHaveURL(/\/test$/);
  await expect(questionHeading(page, 1)).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(page.locator('.katex').first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts]
          .filter((face) => face.status === 'loaded')
          .map((face) => face.family.replaceAll('"', ''));
      }),
    )
    .toContain('KaTeX_Main');
});

test('a student downloads a paper, takes it offline by keyboard, and it is uploaded once when back online', async ({
  page,
  context,
  request,
  student,
}) => {
  const right = await rightLetters('waec/mathematics-2019.json');
  const uploads = watchUploads(page);
  await signIn(page, student);

  // Online: the paper's size shows before anything is downloaded, with the leaderboard note.
  await chooseSubject(page, 'WAEC', 'Mathematics');
  await chooseYear(page, '2019');
  const download = page.getByRole('button', { name: /^Download for offline \(\d+(\.\d)? (KB|MB)\)$/ });
  await expect(download).toBeVisible();
  await expect(download).toHaveAccessibleDescription(/no longer counts towards your leaderboard total/);
  await expectNoSidewaysScroll(page);
  await download.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take offline' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await waitForWorker(page);

  // No network from here on: the pages come from the service worker, the choosing screens list what is on
  // the phone.
  await context.setOffline(true);
  await page.goto('/select-exam');
  await expect(page.getByText('You are offline.')).toBeVisible();
  const waec = page.getByRole('button', { name: /^WAEC\s*, Downloaded$/ });
  await expect(waec).toBeVisible();
  await expect(page.getByRole('list', { name: 'Exams' }).getByRole('listitem')).toHaveCount(1);
  await waec.click();
  await expect(page).toHaveURL(/\/subjects$/);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await page.getByRole('button', { name: /^Mathematics\s*, Downloaded$/ }).click();
  await expect(page).toHaveURL(/\/select-year$/);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await waitForIslands(page);
  await chooseYear(page, '2019');
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Start' }).press('Enter');

  // /test runs the paper from the phone.
  await expect(page).toHaveURL(/\/test$/);
  await expect(questionHeading(page, 1)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'WAEC Mathematics 2019' })).toBeVisible();
  await expect(page.getByText('Downloaded paper:')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lifelines' })).toHaveCount(0);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^00:(19:[0-5]\d|20:00)$/);

  // The calculator, by keyboard.
  const calculatorButton = page.getByRole('button', { name: 'Calculator' });
  await calculatorButton.focus();
  await page.keyboard.press('Enter');
  const calculator = page.getByRole('region', { name: 'Calculator' });
  await expect(calculator).toBeFocused();
  await page.keyboard.type('6*7');
  await page.keyboard.press('Enter');
  await expect(calculator.getByLabel('Calculator display')).toHaveText('42');
  await page.keyboard.press('Escape');
  await expect(calculator).toBeHidden();

  // Right answers to the first 17 questions, wrong ones to the last 3: 17 × 5 − 3 × 2 = 79 points.
  for (let index = 0; index < TOTAL; index++) {
    await expect(questionHeading(page, index + 1)).toBeVisible();
    if (index === 8 || index === 9) {
      // The diagrams come from the phone's store.
      const diagram = page.getByRole('img', { name: `Diagram for question ${index + 1}` });
      await expectImageShown(diagram);
      expect(await diagram.getAttribute('src')).toMatch(/^blob:/);
    }
    if (index === 4) {
      await page.getByRole('button', { name: 'Flag for review' }).press('Enter');
      await expect(page.getByRole('button', { name: 'Flag for review' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
    const letter = index < 17 ? (right[index] ?? 'A') : wrongLetter(right[index] ?? 'A');
    await page.keyboard.press(letter.toLowerCase());
    await expect(option(page, letter)).toHaveAttribute('aria-pressed', 'true');
    if (index < TOTAL - 1) await page.keyboard.press('n');
  }
  await expect(page.getByRole('button', { name: 'Question 5, answered, flagged for review' })).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Alert' });
  await page.keyboard.press('s');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/award$/);
  await expect(page.getByRole('heading', { name: 'HURRAY!!!' })).toBeVisible();
  const stat = (label: string) => page.locator('.stat-card').filter({ hasText: label }).locator('dd');
  await expect(stat('Score Accuracy')).toHaveText('85%');
  await expect(stat('Correct Answers')).toHaveText('17');
  await expect(stat('Wrong Answers')).toHaveText('03');
  await expect(page.getByText('Points: 79')).toBeVisible();
  await expect(page.getByText('Taken offline and marked on this phone.')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Review Answers' }).press('Enter');
  await expect(page).toHaveURL(/\/review-answers$/);
  await expect(page.locator('.review-item')).toHaveCount(TOTAL);
  const last = page.locator('.review-item').last();
  await expect(last.getByText('Incorrect', { exact: true })).toBeVisible();
  await expect(last.getByText('Correct Answer:')).toBeVisible();
  // Nothing was sent with no network: the attempt is still waiting on the phone.
  expect(uploads.filter((upload) => upload.status !== 0)).toEqual([]);

  // Back online: the attempt goes up once, when the connection returns.
  await context.setOffline(false);
  await expect.poll(() => uploads.filter((upload) => upload.status === 200).length).toBe(1);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your offline test is now in your history.' }),
  ).toBeVisible();
  const uploaded = uploads.find((upload) => upload.status === 200)?.body?.data._id ?? '';

  const auth = { authorization: `Bearer ${student.token}` };
  const stored = await request.get('/api/v1/exam/result', { params: { exam: uploaded }, headers: auth });
  expect(stored.status()).toBe(200);
  const { data: result } = (await stored.json()) as {
    data: { score: number; counted: boolean; correctAnswer: number; totalQuestions: number };
  };
  expect(result).toMatchObject({ score: 79, counted: false, correctAnswer: 17, totalQuestions: TOTAL });
  const board = await request.get('/api/v1/exam/leaderboard', { headers: auth });
  const { data: leaders } = (await board.json()) as { data: { docs: { isMe: boolean }[]; me: unknown } };
  expect(leaders.docs.some((entry) => entry.isMe)).toBe(false);
  expect(leaders.me).toBeNull();

  // Later pages start with an empty queue: nothing is sent again. /profile lists the download and the test.
  await page.goto('/profile');
  await waitForIslands(page);
  const downloads = page.getByRole('region', { name: 'Downloaded papers' });
  await expect(downloads.getByText('WAEC Mathematics 2019')).toBeVisible();
  await expect(downloads.getByText(/^1 paper taking \d+(\.\d)? (KB|MB) on this phone$/)).toBeVisible();
  await expect(downloads.getByText('taken offline will be added')).toHaveCount(0);
  // My tests lists the uploaded attempt once, as taken offline and practice, with its review a link away.
  const myTests = page.getByRole('region', { name: 'My tests' });
  const taken = myTests.getByRole('listitem').filter({ hasText: 'WAEC · Mathematics · 2019' });
  await expect(taken).toHaveCount(1);
  await expect(myTests.getByRole('listitem')).toHaveCount(1);
  await expect(taken.getByText('Taken offline', { exact: true })).toBeVisible();
  await expect(taken.getByText('Practice', { exact: true })).toBeVisible();
  await expect(taken.getByText('Leaderboard', { exact: true })).toHaveCount(0);
  await expect(taken.getByText('79 / 100 points, 17 of 20 right')).toBeVisible();
  await expect(taken.getByRole('link', { name: 'WAEC · Mathematics · 2019' })).toHaveAttribute(
    'href',
    `/review-answers?exam=${uploaded}`,
  );
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  expect(uploads.filter((upload) => upload.status !== 0)).toHaveLength(1);

  // Remove asks first; then the list is empty.
  await downloads.getByRole('button', { name: 'Remove WAEC Mathematics 2019' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this paper?' });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(downloads.getByText('WAEC Mathematics 2019', { exact: true })).toBeVisible();
  await downloads.getByRole('button', { name: 'Remove WAEC Mathematics 2019' }).click();
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(downloads.getByText('No papers on this phone yet.')).toBeVisible();
});
