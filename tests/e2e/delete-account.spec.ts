import { accountDeletedMessage } from '../../src/lib/api/user.ts';
import { buyPlan, expect, expectNoSeriousViolations, openPage, test } from './fixtures.ts';

test('a student deletes the account on /profile at 360 px: password, what was kept, signed out', async ({
  page,
  student,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The weekly plan, paid, so that the account has a payment to keep.
  await buyPlan(baseURL ?? '', student, 'weekly', 500);
  await page.setViewportSize({ width: 360, height: 740 });
  await openPage(page, '/login');
  await page.getByLabel('Phone number').fill(student.details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill(student.details.password as string);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/select-exam$/);

  await openPage(page, '/profile');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/We keep a record of your payments/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousViolations(page);

  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog.getByText('Enter your password to delete your account')).toBeVisible();
  const password = dialog.getByLabel('Password', { exact: true });
  await password.fill('not-the-password');
  await password.press('Enter');
  await expect(dialog.getByText('Your password is not correct')).toBeVisible();

  // By keyboard: the password, then Enter submits the form.
  await password.fill(student.details.password as string);
  await password.press('Enter');
  const done = page.getByRole('dialog', { name: 'Account deleted' });
  await expect(done.getByRole('status')).toHaveText(accountDeletedMessage(1));
  expect(await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'))).toBeNull();
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'out');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousViolations(page);

  await done.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  const oldSession = await fetch(`${baseURL}/api/v1/user`, {
    headers: { authorization: `Bearer ${student.token}` },
  });
  expect(oldSession.status).toBe(401);

  await openPage(page, '/login');
  await page.getByLabel('Phone number').fill(student.details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill(student.details.password as string);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Incorrect phone number or password' }),
  ).toBeVisible();
});
