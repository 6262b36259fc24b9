import type { Locator, Page } from '@playwright/test';
import { boxOf, overlaps } from './boxes.ts';
import {
  expect,
  expectNoSeriousViolations,
  openPage,
  signIn,
  startPaper,
  studentDetails,
  test,
} from './fixtures.ts';

// On a 360 px phone a failed submit takes the student to the first invalid field and says how many there
// are, and toasts never cover the page's headline or the form just used
// (docs/decisions/099-form-errors-in-view-toasts-out-of-the-way-on-phones.md).
test.use({ viewport: { width: 360, height: 740 } });

/** Fails when any visible toast covers any of the elements. */
async function expectToastsClearOf(page: Page, targets: Locator[]) {
  const toasts = await page.locator('.toast').filter({ visible: true }).all();
  expect(toasts.length).toBeGreaterThan(0);
  for (const toast of toasts) {
    const toastBox = await boxOf(toast);
    for (const target of targets) {
      const box = await boxOf(target);
      expect(overlaps(toastBox, box), `a toast ${JSON.stringify(toastBox)} covers ${target}`).toBe(false);
    }
  }
}

/** The live region a form announces its error count in. */
const errorSummary = (form: Locator) => form.locator('[data-form-error-summary]');

test('sign-up with an invalid email takes the focus to the email field and says there is one error', async ({
  page,
}) => {
  const details = studentDetails();
  await openPage(page, '/sign-up');
  await page.getByLabel('First name').fill(details.firstName as string);
  await page.getByLabel('Last name').fill(details.lastName as string);
  await page.getByLabel('Email address').fill('chidi@gmail');
  await page.getByLabel('Phone number').fill(details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill(details.password as string);
  await page.getByLabel('Confirm password', { exact: true }).fill(details.password as string);
  await page.getByLabel(/I agree to the/).check();
  const submit = page.getByRole('button', { name: 'Sign-Up' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();

  const email = page.getByLabel('Email address');
  await expect(email).toBeFocused();
  await expect(email).toBeInViewport({ ratio: 1 });
  await expect(page.getByText('Email is invalid', { exact: true })).toBeInViewport();
  const form = page.locator('form.form-card');
  await expect(errorSummary(form)).toHaveAttribute('role', 'status');
  await expect(errorSummary(form)).toHaveText('1 error: check the field marked');
  await expect(page).toHaveURL(/\/sign-up$/);
  await expectNoSeriousViolations(page);

  // A second failed submit with more errors says the new count, from the first of them.
  await page.getByLabel('First name').fill('');
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByLabel('First name')).toBeInViewport({ ratio: 1 });
  await expect(errorSummary(form)).toHaveText('2 errors: check the fields marked');
});

test('the contact form, bound without React, takes the focus to its first error too', async ({ page }) => {
  await page.goto('/contact-us');
  const form = page.locator('form.contact-form');
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeEnabled();
  await form.getByLabel('Full name').fill('Chiamaka Obi');
  await submit.click();
  await expect(form.getByLabel('Email address')).toBeFocused();
  await expect(form.getByLabel('Email address')).toBeInViewport({ ratio: 1 });
  await expect(errorSummary(form)).toHaveText(/^\d+ errors: check the fields marked$/);
});

test('failed sign-ins stack at most two toasts, clear of the form and its headline', async ({
  page,
  student,
}, testInfo) => {
  // An address of its own, so that the sign-in rate limit never spans tests.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${(testInfo.workerIndex % 50) + 180}` });
  await openPage(page, '/login');
  await page.getByLabel('Phone number').fill(student.details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  const submit = page.getByRole('button', { name: 'Sign In' });
  for (let attempt = 1; attempt <= 3; attempt++) {
    await submit.click();
    await expect(page.locator('.toast')).toHaveCount(Math.min(attempt, 2));
  }
  await expect(submit).toBeFocused();
  // The pointer over a toast stops it closing, so the boxes can be measured at leisure.
  await page.locator('.toast').last().hover();
  await expectToastsClearOf(page, [
    page.getByRole('heading', { name: 'Sign in' }),
    page.getByLabel('Phone number'),
    page.getByLabel('Password', { exact: true }),
    submit,
  ]);
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect phone number or password' })).toHaveCount(
    2,
  );
  await expectNoSeriousViolations(page);
});

test('the toast on /award leaves the headline in view', async ({ page, student }) => {
  test.setTimeout(90_000);
  await signIn(page, student);
  await startPaper(page, 'WAEC', 'Mathematics', '2019');
  await expect(page.getByRole('heading', { name: 'Question 1/20', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: /^Question 20,/ }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/award$/);
  const headline = page.getByRole('heading', { level: 1 });
  await expect(headline).toHaveText(/HURRAY!!!|OOPS!!!/);
  await expect(page.locator('.toast')).toBeVisible();
  await page.locator('.toast').hover();
  await expectToastsClearOf(page, [headline]);
  // Scrolled back to the top, as a student who reads from the headline down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectToastsClearOf(page, [headline]);
  await expectNoSeriousViolations(page);
});
