import type { Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, signIn, startPaper, test } from './fixtures.ts';

// Most students use a cheap Android phone: every screen a signed-in student reaches must fit 360 px without a
// sideways scroll and pass axe-core with no serious or critical violation. The exam selection screens have
// their own test in exam-selection.spec.ts, the account forms theirs in accounts.spec.ts.
test.use({ viewport: { width: 360, height: 740 } });

async function expectFitsAndPassesAxe(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousViolations(page);
}

test('every screen of a practice session fits a 360 px phone and passes axe-core', async ({
  page,
  student,
}) => {
  // A dozen full-page axe scans: on a busy 2-core machine each can take several seconds.
  test.setTimeout(180_000);
  await signIn(page, student);
  await startPaper(page, 'WAEC', 'Mathematics', '2019');

  await expect(page.getByRole('heading', { name: 'Question 1/20', exact: true })).toBeVisible();
  await expectFitsAndPassesAxe(page);

  await page.getByRole('button', { name: 'Calculator', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Calculator' })).toBeVisible();
  await expectFitsAndPassesAxe(page);
  await page.getByRole('button', { name: 'Calculator', exact: true }).click();

  // Submit is offered on the last question.
  await page.getByRole('button', { name: /^Question 20,/ }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert' });
  await expect(dialog).toBeVisible();
  await expectFitsAndPassesAxe(page);
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  // Nothing was answered: 0%, which the spec greets with OOPS!!!.
  await expect(page).toHaveURL(/\/award$/);
  await expect(page.getByRole('heading', { name: 'OOPS!!!' })).toBeVisible();
  await expectFitsAndPassesAxe(page);

  await page.getByRole('button', { name: 'Review Answers' }).click();
  await expect(page.locator('.review-item')).toHaveCount(20);
  await expectFitsAndPassesAxe(page);

  await page.goto('/leader-board');
  await expect(page.getByRole('listitem').filter({ hasText: '(you)' })).toBeVisible();
  await expectFitsAndPassesAxe(page);
});

test('the account, coin and plan screens fit a 360 px phone and pass axe-core', async ({ page, student }) => {
  test.setTimeout(180_000);
  await signIn(page, student);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: /Aisha/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Coin History' })).toBeVisible();
  await expectFitsAndPassesAxe(page);

  await page.goto('/buy-coins');
  await expect(page.getByRole('heading', { name: 'Buy Coins' })).toBeVisible();
  await expectFitsAndPassesAxe(page);

  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: 'START PLAN NOW' }).first()).toBeVisible();
  await expectFitsAndPassesAxe(page);
  await page.getByRole('button', { name: 'START PLAN NOW' }).first().click();
  await expect(page).toHaveURL(/\/payment-mode$/);
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expectFitsAndPassesAxe(page);

  for (const path of [
    '/daily-test',
    '/practice-subject',
    '/out-of-coin',
    '/bought-coin',
    '/subscribe-now',
    '/utme',
  ]) {
    await page.goto(path);
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await expect(page.locator('main')).toBeVisible();
    await expectFitsAndPassesAxe(page);
  }
});

test('a comprehension passage opens on its first question, folds after it and unfolds on demand on a phone', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  await startPaper(page, 'JAMB', 'English', '2019');

  await expect(page.getByRole('heading', { name: 'Question 1/20', exact: true })).toBeVisible();
  const text = page.getByText(/inter-house debate in our school in Zaria/);
  await expect(text).toBeVisible();
  await expect(page.getByText('Why did nobody expect the opposition to win the debate?')).toBeVisible();
  await expectFitsAndPassesAxe(page);

  // Folded, the passage leaves the options in view.
  await page.getByRole('button', { name: 'Hide passage', expanded: true }).click();
  await expect(text).toBeHidden();
  // The next question on it starts folded, and the student can open it again.
  await page.getByRole('button', { name: /^Question 2,/ }).click();
  await expect(page.getByRole('heading', { name: 'Question 2/20', exact: true })).toBeVisible();
  await expect(text).toBeHidden();
  await page.getByRole('button', { name: 'Show passage', expanded: false }).click();
  await expect(text).toBeVisible();
  // A question without a passage shows none.
  await page.getByRole('button', { name: /^Question 20,/ }).click();
  await expect(page.getByRole('heading', { name: 'Question 20/20', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /passage$/ })).toHaveCount(0);
});
