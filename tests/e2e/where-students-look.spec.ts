import type { Locator, Page } from '@playwright/test';
import { boxOf, overlaps } from './boxes.ts';
import { expect, signIn, test } from './fixtures.ts';

// Messages appear where the student is looking, and never on top of what the student needs (docs/decisions/068-messages-appear-where-the-student-is-looking.md,
// "Messages appear where the student is looking"): a toast sits below the header, clear of its buttons and
// of the quiz timer; the contact form's outcome appears under its Submit button and takes the focus, online
// and offline.
test.use({ viewport: { width: 360, height: 740 } });

/** Fails when the toast covers any of the elements. */
async function expectClearOf(toast: Locator, targets: Locator[]) {
  const toastBox = await boxOf(toast);
  for (const target of targets) {
    const box = await boxOf(target);
    expect(overlaps(toastBox, box), `the toast ${JSON.stringify(toastBox)} covers ${target}`).toBe(false);
  }
}

/** Every link and button a header shows. */
async function headerControls(header: Locator): Promise<Locator[]> {
  const controls = await header.locator('a, button').filter({ visible: true }).all();
  expect(controls.length).toBeGreaterThan(0);
  return controls;
}

test('a toast sits below the site header, clear of its buttons', async ({ page, student }) => {
  await signIn(page, student);
  await page.goto('/about-us');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'LOGOUT' }).click();
  await expect(page).toHaveURL(/\/$/);

  const toast = page.locator('.toast').filter({ hasText: 'Logout Successfully' });
  await expect(toast).toBeVisible();
  // The pointer over a toast stops it closing after 5 s, so the boxes can be measured at leisure.
  await toast.hover();
  const header = page.locator('[data-site-header] .header-inner');
  // The logo, the profile or sign-in icon and the menu button.
  const controls = await headerControls(header);
  expect(controls.length).toBe(3);
  await expectClearOf(toast, controls);
  // Once scrolled, the header is still there and the toast still below it.
  await page.evaluate(() => window.scrollTo(0, 600));
  await expectClearOf(toast, controls);
});

test("a toast on the quiz stays clear of the timer and the header's logo", async ({ page, student }) => {
  test.setTimeout(90_000);
  await page.route('**/api/v1/exam/lifeline', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'This lifeline cannot be used now.' }),
    }),
  );
  await signIn(page, student);
  await page.goto('/practice-subject');
  await page
    .getByRole('region', { name: 'Quick picks' })
    .getByRole('button', { name: 'MATHEMATICS' })
    .click();
  // A busy machine can take a while to start the test.
  await expect(page.getByRole('heading', { name: 'Question 1/10', exact: true })).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('button', { name: /^50-50/ }).click();
  const toast = page.locator('.toast').filter({ hasText: 'This lifeline cannot be used now.' });
  await expect(toast).toBeVisible();
  await toast.hover();
  const header = page.locator('.quiz-header');
  const targets = [page.locator('.countdown'), ...(await headerControls(header))];
  await expectClearOf(toast, targets);
  // The header shrinks after 20 px of scroll; the toast is still below it.
  await page.evaluate(() => window.scrollTo(0, 200));
  await expect(header).toHaveClass(/compact/);
  await expectClearOf(toast, targets);
});

/** Fills the contact form with a message that passes its checks. */
async function fillContactForm(page: Page, message: string) {
  const form = page.locator('form.contact-form');
  await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await form.getByLabel('Full name').fill('Chiamaka Obi');
  await form.getByLabel('Email address').fill('chiamaka@example.com');
  await form.getByLabel('Phone number').fill('08031234567');
  await form.getByLabel('Message').fill(message);
  await form.getByLabel(/I accept the/).check();
  return form;
}

/** The outcome is on screen, focused, and right under the Submit button. */
async function expectOutcomeBesideSubmit(form: Locator, text: string) {
  const outcome = form.getByText(text);
  await expect(outcome).toBeVisible();
  await expect(outcome).toBeFocused();
  await expect(outcome).toBeInViewport({ ratio: 1 });
  const submit = await boxOf(form.getByRole('button', { name: 'Submit' }));
  const shown = await boxOf(outcome);
  const gap = shown.y - (submit.y + submit.height);
  expect(gap, 'the outcome starts just under the button').toBeGreaterThanOrEqual(0);
  expect(gap, 'the outcome starts just under the button').toBeLessThanOrEqual(24);
}

test.describe('the contact form at 360 px', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    // An address of its own, so the contact rate limit never spans tests.
    await page.setExtraHTTPHeaders({
      'x-forwarded-for': `203.0.113.${(testInfo.workerIndex * 10 + testInfo.repeatEachIndex + 120) % 250}`,
    });
  });

  test('says the message was sent under the Submit button, and focuses it', async ({ page }) => {
    await page.goto('/contact-us');
    const form = await fillContactForm(page, `Please add GCE Literature papers (${Date.now()}).`);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expectOutcomeBesideSubmit(form, 'Message sent successfully!');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test('offline, says the message was not sent and to try again online, and keeps it', async ({
    page,
    context,
  }) => {
    await page.goto('/contact-us');
    const text = `Sent once I am back online (${Date.now()}).`;
    const form = await fillContactForm(page, text);
    await context.setOffline(true);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expectOutcomeBesideSubmit(
      form,
      'Your message was not sent because you are offline. Please try again when you are back online.',
    );
    await expect(form.getByLabel('Message')).toHaveValue(text);

    await context.setOffline(false);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expectOutcomeBesideSubmit(form, 'Message sent successfully!');
  });
});
