import { e2eAdmin } from '../../playwright.config.ts';
import { SAVED_STEP_KEY } from '../../src/islands/auth/set-password-step.ts';
import {
  confirmationLinkFor,
  confirmEmailOf,
  createStudent,
  expect,
  expectNoSeriousViolations,
  latestMailTo,
  mailBody,
  openPage,
  signIn,
  studentDetails,
  test,
  waitForIslands,
} from './fixtures.ts';

/** The token of the newest reset email to an address, as the student reads it in the text. */
async function resetTokenMailedTo(address: string): Promise<string> {
  const mail = mailBody(await latestMailTo(address, 'Your reset token'));
  return mail.match(/Your reset token: (\S+)/)?.[1] ?? '';
}

test('a student signs up, edits the profile, logs out and signs in again', async ({ page, baseURL }) => {
  const details = studentDetails({ firstName: 'Chidi', lastName: 'Eze' });
  await openPage(page, '/sign-up');
  await page.getByLabel('First name').fill(details.firstName as string);
  await page.getByLabel('Last name').fill(details.lastName as string);
  await page.getByLabel('Email address').fill(details.email as string);
  await page.getByLabel('Phone number').fill(details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill(details.password as string);
  await page.getByLabel('Confirm password', { exact: true }).fill(details.password as string);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Sign-Up' }).click();

  await expect(page).toHaveURL(/\/select-exam$/);
  await expect(page.getByRole('status').filter({ hasText: 'Account created successfully' })).toBeVisible();
  await confirmEmailOf(baseURL ?? '', details.email as string);

  await page.goto('/profile');
  await expect(page.locator('.desktop-nav').getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chidi Eze' })).toBeVisible();
  await expect(page.locator('.avatar')).toHaveText('CE');
  await expect(page.getByRole('cell', { name: 'Welcome bonus' })).toBeVisible();

  await page.getByRole('button', { name: /First name/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit first name' });
  await dialog.getByLabel('First name').fill('Chidinma');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Chidinma Eze' })).toBeVisible();

  await page.getByRole('button', { name: /Mobile number/ }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Edit mobile number' });
  await expect(phoneDialog.getByLabel('Mobile number')).toHaveAttribute('readonly', '');
  await phoneDialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No changes to update' })).toBeVisible();
  await phoneDialog.getByRole('button', { name: 'Cancel' }).click();

  await page.locator('.profile-actions').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Logout Successfully' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'))).toBeNull();

  await openPage(page, '/login');
  await page.getByLabel('Phone number').fill(details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill(details.password as string);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/select-exam$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Chidinma Eze' })).toBeVisible();
});

test('a new student confirms the email from the link and then has the trial and 80 coins', async ({
  page,
}) => {
  const details = studentDetails({ firstName: 'Bisi', lastName: 'Ade' });
  await openPage(page, '/sign-up');
  await page.getByLabel('First name').fill(details.firstName as string);
  await page.getByLabel('Last name').fill(details.lastName as string);
  await page.getByLabel('Email address').fill(details.email as string);
  await page.getByLabel('Phone number').fill(details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill(details.password as string);
  await page.getByLabel('Confirm password', { exact: true }).fill(details.password as string);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Sign-Up' }).click();
  await expect(page).toHaveURL(/\/select-exam$/);

  // Where the student lands, the notice says what waits for the link, and one tap mails it again.
  const notice = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(notice).toContainText(details.email as string);
  await expect(notice).toContainText('80 welcome coins start once you open it');
  const original = await confirmationLinkFor(details.email as string);
  await notice.getByRole('button', { name: 'Resend link' }).click();
  await expect(notice.getByRole('status')).toContainText(`We sent a new link to ${details.email}`);
  // The resent email is written after the answer: wait for it, then use the newest link.
  let firstLink = original;
  await expect
    .poll(async () => {
      firstLink = await confirmationLinkFor(details.email as string);
      return firstLink.href;
    })
    .not.toBe(original.href);

  await page.goto(`${firstLink.pathname}${firstLink.search}`);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeFocused();
  await expect(
    page.getByText('Your email is confirmed: your free trial and 80 coins are ready.'),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Start practising' }).click();
  await expect(page).toHaveURL(/\/select-exam$/);
  await expect(page.getByRole('heading', { name: 'SELECT EXAM' })).toBeVisible();
  await expect(notice).toBeHidden();

  await page.goto('/profile');
  await expect(page.locator('.coin-balance')).toHaveText('80 coins');
  await expect(page.getByRole('cell', { name: 'Welcome bonus' })).toBeVisible();
  const profile = await page.evaluate(async () => {
    const response = await fetch('/api/v1/user', {
      headers: {
        authorization: `Bearer ${localStorage.getItem('AUTH_TOKEN')}`,
        'frontend-source': 'webuser',
      },
    });
    return ((await response.json()) as { data: { profile: { subscription: { status: string } } } }).data
      .profile;
  });
  expect(profile.subscription.status).toBe('trial');

  // The same link a second time (a double tap, a mail scanner first) says the address is confirmed, and
  // so does the one the resend retired: the address they were sent to confirm is the account's, confirmed.
  await page.goto(`${firstLink.pathname}${firstLink.search}`);
  await expect(page.getByRole('heading', { name: 'Email already confirmed' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'is already confirmed' })).toContainText(
    `${details.email} is already confirmed: there is nothing more to do.`,
  );
  await page.goto(`${original.pathname}${original.search}`);
  await expect(page.getByRole('heading', { name: 'Email already confirmed' })).toBeVisible();
});

test('/verify-email works at 360 px and tells a guest with a bad link to sign in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'We could not confirm your email' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousViolations(page);
});

test('changing the email asks for the password and waits for the new address', async ({ page, student }) => {
  await signIn(page, student);
  await page.goto('/profile');
  await page.getByRole('button', { name: /^Email/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit email' });
  const newEmail = studentDetails().email as string;
  await dialog.getByLabel('Email').fill(newEmail);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Enter your current password to change your email')).toBeVisible();
  await dialog.getByLabel('Current password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Your current password is not correct')).toBeVisible();
  await dialog.getByLabel('Current password', { exact: true }).fill(student.details.password as string);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `We sent a link to ${newEmail}. Your email changes when you open it.`,
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(`Changing to ${newEmail}: waiting for confirmation`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your new email address' })).toBeVisible();

  const link = await confirmationLinkFor(newEmail);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(`Your email is now ${newEmail}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to your profile' }).click();
  await expect(page.getByRole('button', { name: /^Email/ })).toContainText(newEmail);
  await expect(page.getByRole('region', { name: 'Confirm your new email address' })).toBeHidden();
  const notice = await latestMailTo(student.details.email as string, 'is now');
  expect(notice).toContain('Subject: Your email address was changed');
});

test('sign-up shows each message and clears a field error when that field is edited', async ({ page }) => {
  await openPage(page, '/sign-up');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password', { exact: true }).fill('abd');
  await page.getByRole('button', { name: 'Sign-Up' }).click();
  // Every error at once: the mismatch no longer waits for the other fields to be valid.
  for (const message of [
    'First Name is required',
    'Last Name is required',
    'Email is required',
    'Phone number is required',
    'Password must be at least 6 characters',
    'Passwords do not match',
    'You must agree to the terms and conditions',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('First name').fill('A');
  await expect(page.getByText('First Name is required')).toBeHidden();
  await expect(page.getByText('Last Name is required')).toBeVisible();
});

test('sign-in asks for an 11-digit phone number and reports a wrong password', async ({ page, student }) => {
  await openPage(page, '/login');
  await page.getByLabel('Phone number').fill('0803123');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid 11-digit phone number')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();

  await page.getByLabel('Phone number').fill(student.details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Incorrect phone number or password' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an admin is refused by the web app', async ({ page }) => {
  await openPage(page, '/login');
  await page.getByLabel('Phone number').fill(e2eAdmin.telephone);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized User, Access denied' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'))).toBeNull();
});

test('a password reset works with the token typed from the email, and "Send again" retires it', async ({
  page,
  baseURL,
}) => {
  const student = await createStudent(baseURL ?? '');
  const email = student.details.email as string;
  await openPage(page, '/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/set-password$/);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'Set Password' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send set Token' }).click();
  await expect(page.getByRole('heading', { name: 'Enter New Password' })).toBeVisible();
  const first = await resetTokenMailedTo(email);
  expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'no longer works' })).toHaveText(
    `We sent a new token to ${email}. The code in the earlier email no longer works.`,
  );
  // The new email is written after the answer: wait for it.
  let token = first;
  await expect
    .poll(async () => {
      token = await resetTokenMailedTo(email);
      return token;
    })
    .not.toBe(first);

  await page.getByLabel('Token').fill(token);
  await page.getByLabel('New password', { exact: true }).fill('Fresh-pass-2026');
  await page.getByLabel('Confirm password', { exact: true }).fill('Fresh-pass-2026');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Password successfully reset' })).toBeVisible();
  await waitForIslands(page);

  await page.getByLabel('Phone number').fill(student.details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill('Fresh-pass-2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/select-exam$/);
});

test('the link in the reset email opens step 2 with the token, hides it from the URL and survives a reload', async ({
  page,
  baseURL,
}) => {
  // Two tabs, a reload and a sign-in: on a busy 2-core machine this takes most of a minute.
  test.setTimeout(120_000);
  const student = await createStudent(baseURL ?? '');
  const email = student.details.email as string;
  await openPage(page, '/set-password');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send set Token' }).click();
  await expect(page.getByRole('heading', { name: 'Enter New Password' })).toBeVisible();

  // The student opens the link from the email app: a new tab, with nothing of the first one.
  const mail = mailBody(await latestMailTo(email, 'Your reset token'));
  const link = new URL(mail.match(/https?:\/\/\S+\/set-password#token=[\w-]+/)?.[0] ?? '');
  const token = await resetTokenMailedTo(email);
  expect(link.hash).toBe(`#token=${token}`);
  const tab = await page.context().newPage();
  await openPage(tab, `${link.pathname}${link.hash}`);
  await expect(tab.getByRole('heading', { name: 'Enter New Password' })).toBeVisible();
  await expect(tab.getByLabel('Token')).toHaveValue(token);
  await expect.poll(() => tab.url()).not.toContain(token);
  expect(new URL(tab.url()).hash).toBe('');

  await tab.reload();
  await waitForIslands(tab);
  await expect(tab.getByRole('heading', { name: 'Enter New Password' })).toBeVisible();
  await expect(tab.getByLabel('Token')).toHaveValue(token);
  expect(tab.url()).not.toContain(token);

  await tab.getByLabel('New password', { exact: true }).fill('Linked-pass-2026');
  await tab.getByLabel('Confirm password', { exact: true }).fill('Linked-pass-2026');
  await tab.getByRole('button', { name: 'Set Password' }).click();
  await expect(tab).toHaveURL(/\/login$/);
  await waitForIslands(tab);
  // Done: the saved step is gone, so /set-password starts again at step 1.
  expect(await tab.evaluate((key) => sessionStorage.getItem(key), SAVED_STEP_KEY)).toBeNull();

  await tab.getByLabel('Phone number').fill(student.details.telephone as string);
  await tab.getByLabel('Password', { exact: true }).fill('Linked-pass-2026');
  await tab.getByRole('button', { name: 'Sign In' }).click();
  await expect(tab).toHaveURL(/\/select-exam$/);
});

test('the simulated Reset Password page checks in order, then goes to /login', async ({ page }) => {
  await openPage(page, '/forgot-password');
  const password = page.getByLabel('New password', { exact: true });
  const button = page.getByRole('button', { name: 'Update Password' });
  await button.click();
  await expect(page.getByText('New password is required')).toBeVisible();
  for (const [value, message] of [
    ['short', 'Password must be at least 8 characters long'],
    ['alllowercase1!', 'Password must contain both uppercase and lowercase letters'],
    ['NoNumbers!!', 'Password must contain at least one number'],
    ['NoSpecial123', 'Password must contain at least one special character'],
  ]) {
    await password.fill(value as string);
    await button.click();
    await expect(page.getByText(message as string)).toBeVisible();
  }
  await password.fill('Good-Pass1!');
  await page.getByLabel('Confirm password', { exact: true }).fill('Good-Pass1!');
  await button.click();
  await expect(page.getByRole('button', { name: 'Updating Password...' })).toBeVisible();
  await expect(page.getByText('Password successfully updated').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
});

test('a signed-in student is sent from /login and /sign-up to /profile', async ({ page, student }) => {
  await signIn(page, student);
  await openPage(page, '/login');
  await expect(page).toHaveURL(/\/profile$/);
  await openPage(page, '/sign-up');
  await expect(page).toHaveURL(/\/profile$/);
});

test('a guest is sent from /profile, /buy-coins and /leader-board to /login', async ({ page }) => {
  for (const path of ['/profile', '/buy-coins', '/leader-board']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('the account pages pass axe-core, signed out and signed in', async ({ page, student }) => {
  // Seven full-page axe scans: on a busy 2-core machine each can take several seconds.
  test.setTimeout(120_000);
  for (const path of ['/sign-up', '/login', '/set-password', '/forgot-password']) {
    await openPage(page, path);
    await expectNoSeriousViolations(page);
  }
  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Sign-Up' }).click();
  await expect(page.getByText('First Name is required')).toBeVisible();
  await expectNoSeriousViolations(page);

  await signIn(page, student);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: /Ngozi|Aisha/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: /First name/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit first name' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
