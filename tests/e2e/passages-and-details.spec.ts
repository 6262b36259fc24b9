import type { Page } from '@playwright/test';
import { formatDayAndTime } from '../../src/lib/format.ts';
import {
  buyPlan,
  chooseSubject,
  createStudent,
  expect,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  openPage,
  signIn,
  startPaper,
  test,
} from './fixtures.ts';

// On a 360 x 740 phone: a comprehension passage leaves its later questions' options in view, a download's
// size reads the same before and after, a plan bought on top of another is named as such, and the
// Instructions quote the lifeline rule.
test.use({ viewport: { width: 360, height: 740 } });

const PASSAGE_TEXT = /Walk along any drainage channel in Lagos/;

/** The first option of the question on screen. */
const firstOption = (page: Page) =>
  page.getByRole('list', { name: /^Options for question/ }).getByRole('button', { name: /^A\b/ });

test('a comprehension passage opens on its first question and is folded on the next, with a marked control', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  await startPaper(page, 'WAEC', 'English', '2021');

  // Question 1: the passage is open, its control says so.
  await expect(page.getByRole('heading', { name: 'Question 1/20', exact: true })).toBeVisible();
  await expect(page.getByText(PASSAGE_TEXT)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide passage', expanded: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Question 2 of the same passage: folded, so the question and its first option are on screen at once.
  await page.getByRole('button', { name: /^Question 2,/ }).click();
  await expect(page.getByRole('heading', { name: 'Question 2/20', exact: true })).toBeVisible();
  await expect(page.getByText(/The writer[’']s attitude to the idea/)).toBeVisible();
  await expect(page.getByText(PASSAGE_TEXT)).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await firstOption(page).boundingBox();
  expect(box, 'the first option has a box').not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(740);

  // The control is visible, marked by a drawn chevron, and opens the passage from the keyboard.
  const show = page.getByRole('button', { name: 'Show passage', expanded: false });
  await expect(show).toBeVisible();
  const chevron = show.locator('.passage-chevron');
  await expect(chevron).toBeVisible();
  expect((await chevron.boundingBox())?.width ?? 0).toBeGreaterThan(4);
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(PASSAGE_TEXT)).toBeVisible();
  const hide = page.getByRole('button', { name: 'Hide passage', expanded: true });
  await expect(hide).toBeFocused();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  // Scrolled down the open passage, the control stays on screen; folding brings the options back.
  await page.getByText(PASSAGE_TEXT).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  await expect(hide).toBeInViewport();
  await hide.click();
  await expect(page.getByText(PASSAGE_TEXT)).toBeHidden();
  await expect(firstOption(page)).toBeInViewport();
});

test("a download's size reads the same before and after it is downloaded", async ({ page, student }) => {
  await signIn(page, student);
  await chooseSubject(page, 'WAEC', 'Mathematics');
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: '2019', exact: true }).click();

  const download = page.getByRole('button', { name: /^Download for offline \(\d+(\.\d)? (KB|MB)\)$/ });
  await expect(download).toBeVisible();
  const before = /\((.+)\)$/.exec((await download.textContent()) ?? '')?.[1];
  expect(before).toBeTruthy();
  await download.click();
  const done = page.locator('.download-ok');
  await expect(done).toContainText('Downloaded');
  const after = /^Downloaded \((.+?)\)/.exec((await done.textContent()) ?? '')?.[1];
  expect(after).toBe(before);
  await expectNoSeriousViolations(page);

  // The profile's list of downloads uses the same measure.
  await openPage(page, '/profile');
  await expect(
    page
      .getByRole('region', { name: 'Downloaded papers' })
      .getByText(`1 paper taking ${before} on this phone`),
  ).toBeVisible();
});

test('a Weekly plan bought on top of a Monthly one is named as what follows it', async ({
  page,
  baseURL,
}) => {
  // No trial (the email is not confirmed), so the Monthly plan starts now and the Weekly one after it.
  const student = await createStudent(baseURL ?? '', {}, { confirmEmail: false });
  const monthly = await buyPlan(baseURL ?? '', student, 'monthly', 1500);
  const weekly = await buyPlan(baseURL ?? '', student, 'weekly', 500);
  expect(weekly.data.subscription.startsAt).toBe(monthly.data.subscription.endsAt);

  await signIn(page, student);
  await openPage(page, '/profile');
  const line = `Monthly plan ends ${formatDayAndTime(monthly.data.subscription.endsAt)}, then Weekly plan until ${formatDayAndTime(weekly.data.subscription.endsAt)}`;
  await expect(page.getByText(line, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Weekly plan ends/)).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test('the Instructions and the Terms quote the lifeline rule and say what a level is in a test and in a contest', async ({
  page,
}) => {
  await openPage(page, '/instructions');
  const lifelines = page.locator('main');
  await expect(lifelines.getByText('One lifeline use per level.', { exact: true })).toBeVisible();
  await expect(lifelines.getByText(/In a test.*each question is a level/)).toBeVisible();
  await expect(
    lifelines.getByText(/In a contest.*a level is one of the contest[’']s timed rounds/),
  ).toBeVisible();
  await expect(lifelines.getByText(/one lifeline per question/i)).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  // The Terms say the same rule in their own words.
  await openPage(page, '/terms-and-conditions');
  await expect(
    page.locator('main').getByText(/One lifeline use per level: in a test each question/),
  ).toBeVisible();
  await expect(page.locator('main').getByText(/one lifeline per question/i)).toHaveCount(0);
});
