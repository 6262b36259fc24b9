import type { APIRequestContext, Page } from '@playwright/test';
import { REPORT_OFFLINE_MESSAGE } from '../../src/islands/reports/report-store.ts';
import { SAMPLE_QUIZ_ANSWERS } from '../../src/islands/results/result.ts';
import { ALREADY_REPORTED_MESSAGE, REPORT_SENT_MESSAGE } from '../../src/lib/api/reports.ts';
import {
  expect,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  newPaperQuery,
  type Student,
  signIn,
  startPaper,
  test,
} from './fixtures.ts';

// A student reports a problem in a question from /review-answers on a 360 px phone, with the keyboard only
// once the review is open.
test.use({ viewport: { width: 360, height: 740 } });

/** Takes WAEC Mathematics 2019 and submits it blank, then opens Review Answers. */
async function reviewAPaper(page: Page) {
  await startPaper(page, 'WAEC', 'Mathematics', '2019');
  await expect(page.getByRole('heading', { name: 'Question 1/20', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Question 20,/ }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/award$/);
  await page.getByRole('button', { name: 'Review Answers' }).click();
  await expect(page).toHaveURL(/\/review-answers$/);
  await expect(page.locator('.review-item')).toHaveCount(20);
}

test('a student reports a question by keyboard, is thanked, and is told when it is already reported', async ({
  page,
  context,
  student,
}) => {
  test.setTimeout(120_000);
  await signIn(page, student);
  await reviewAPaper(page);

  const third = page.locator('.review-item').nth(2);
  const button = third.getByRole('button', { name: 'Report a problem in question 3' });
  await expect(page.getByRole('button', { name: /^Report a problem in question/ })).toHaveCount(20);
  const dialog = page.getByRole('dialog', { name: 'Report a problem in question 3' });

  // Escape closes the dialog and gives focus back to the button.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const firstReason = dialog.getByRole('radio', { name: 'The marked answer is wrong' });
  await expect(firstReason).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // Send without a reason is refused in the dialog.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Send' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Choose what is wrong with the question');

  // Arrow keys pick a reason; Tab reaches the note, whose count follows the typing.
  await firstReason.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'A typo or spelling mistake' })).toBeChecked();
  await page.keyboard.press('Tab');
  const note = dialog.getByRole('textbox', { name: 'Anything to add? (optional)' });
  await expect(note).toBeFocused();
  await page.keyboard.type('The second line says "tirangle".');
  await expect(dialog.getByText('32 of 500 characters')).toBeVisible();

  // Offline, nothing is sent and the dialog says why.
  await context.setOffline(true);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(REPORT_OFFLINE_MESSAGE);

  // Back online, Send stores it: the dialog closes and the thanks appear under the focused button.
  await context.setOffline(false);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(third.getByRole('status')).toHaveText(REPORT_SENT_MESSAGE);
  await expect(button).toBeFocused();
  await expectNoSidewaysScroll(page);

  // Reporting the same question again while the report is open says so.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: 'Send' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(ALREADY_REPORTED_MESSAGE);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('the sample answers of an empty result offer no report', async ({ page, student }) => {
  await signIn(page, student);
  // /award hands the two sample answers over as navigation state when a result has none.
  await page.goto('/out-of-coin');
  await page.evaluate((quizAnswers) => {
    const key = crypto.randomUUID();
    sessionStorage.setItem(`nav:state:${key}`, JSON.stringify({ quizAnswers, sample: true }));
    sessionStorage.setItem('nav:pending', JSON.stringify({ path: '/review-answers', key }));
  }, SAMPLE_QUIZ_ANSWERS);
  await page.goto('/review-answers');
  await expect(page.locator('.review-item')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Report a problem/ })).toHaveCount(0);
});

/** WAEC Mathematics 2019 taken through the API and submitted blank, so that its questions enter the deck. */
async function oneMistakeByApi(request: APIRequestContext, student: Student) {
  const headers = { authorization: `Bearer ${student.token}`, 'frontend-source': 'webuser' };
  const started = await request.get('/api/v1/exam', {
    headers,
    params: await newPaperQuery(request, 'WAEC', 'Mathematics', '2019'),
  });
  expect(started.ok()).toBe(true);
  const exam = (await started.json()) as { data: { _id: string } };
  // Nothing answered: every question is a mistake; the deck shows them one at a time.
  const submitted = await request.post('/api/v1/exam/answer', { headers, data: { exam: exam.data._id } });
  expect(submitted.ok()).toBe(true);
}

test('a question is reported from the review deck once it is answered, and the deck keys stay out of the dialog', async ({
  page,
  request,
  student,
}) => {
  test.setTimeout(90_000);
  await oneMistakeByApi(request, student);
  await signIn(page, student);
  await page.goto('/review-deck');
  const heading = page.getByRole('heading', { name: /^Question 1 of \d+$/ });
  await expect(heading).toBeFocused();
  const button = page.getByRole('button', { name: 'Report a problem in question 1' });
  // Only once the question is answered, so that reporting never gives the answer away.
  await expect(button).toHaveCount(0);
  await page.keyboard.press('a');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Report a problem in question 1' });
  await expect(dialog).toBeVisible();

  // N and the option letters belong to the dialog while it is open: the deck does not move on.
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'A typo or spelling mistake' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('n a b');
  await expect(dialog.getByRole('textbox')).toHaveValue('n a b');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: REPORT_SENT_MESSAGE })).toBeVisible();
  await expect(button).toBeFocused();
  await expect(heading).toBeVisible();
  await expectNoSidewaysScroll(page);
});
