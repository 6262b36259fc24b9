import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, type Student, signIn, test, waitForIslands } from './fixtures.ts';

// The e2e server runs without Paystack keys, so every card payment goes through the labelled test checkout.
// A phone-sized screen (360 px) is the one most students use.
test.use({ viewport: { width: 360, height: 740 } });

interface PlanDoc {
  planId: string;
  title: string;
  amount: number;
}

/** The seeded plans; every test here needs them. */
async function plans(request: APIRequestContext) {
  const response = await request.get('/api/v1/plan');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { docs: PlanDoc[] } };
  expect(data.docs.length, 'the server seeds the plans on start').toBeGreaterThan(0);
  return data.docs;
}

async function me(request: APIRequestContext, student: Student) {
  const response = await request.get('/api/v1/user', {
    headers: { Authorization: `Bearer ${student.token}` },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: {
      user: { triviaPoints: number };
      profile: { subscription: { status: string; planId: string | null; endsAt: string | null } };
    };
  };
  return data;
}

/** The first catalogue item with this title. */
async function idOf(request: APIRequestContext, path: string, title: string) {
  const response = await request.get(path, { params: { limit: 100 } });
  const { data } = (await response.json()) as { data: { docs: { _id: string; title: string }[] } };
  const item = data.docs.find((doc) => doc.title === title);
  expect(item, `${title} in ${path}`).toBeDefined();
  return item?._id ?? '';
}

/** The message of the next window.alert, which is then dismissed. */
function nextAlert(page: Page) {
  return new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

const planCard = (page: Page, title: string) =>
  page.locator('.plan-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** /pricing -> START PLAN NOW on a plan -> /payment-mode, for a signed-in student. */
async function choosePlan(page: Page, title: string) {
  await page.goto('/pricing');
  await planCard(page, title).getByRole('button', { name: 'START PLAN NOW' }).click();
  await expect(page).toHaveURL(/\/payment-mode$/);
  await expect(page.getByRole('heading', { name: 'Payment Mode' })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
}

test('pricing lists the plans in naira, with the default features and a yearly plan not yet on sale', async ({
  page,
  request,
}) => {
  const seeded = await plans(request);
  await page.goto('/pricing');
  await expect(page.locator('.plan-card')).toHaveCount(seeded.length);
  for (const plan of seeded) {
    const price = `₦${new Intl.NumberFormat('en-NG').format(plan.amount)}`;
    await expect(planCard(page, plan.title).locator('.plan-amount')).toHaveText(price);
  }
  await expect(planCard(page, 'Monthly').locator('.plan-amount')).toHaveText('₦1,500');

  // The seeded yearly plan has no features of its own.
  const yearly = planCard(page, 'Yearly');
  for (const feature of [
    'One day free trial',
    'All access to all features',
    'Eligibility to win cash prizes',
  ]) {
    await expect(yearly.getByRole('listitem').filter({ hasText: feature })).toBeVisible();
  }
  const yearlyButton = yearly.getByRole('button', { name: 'START PLAN NOW' });
  await expect(yearlyButton).toHaveAttribute('aria-disabled', 'true');
  await expect(yearly.getByText('Available soon')).toBeVisible();
  await yearlyButton.click({ force: true });
  await expect(page).toHaveURL(/\/pricing$/);

  await expectNoSeriousViolations(page);
});

test('a guest who starts a plan signs in and arrives at Payment Mode with that plan', async ({
  page,
  student,
}) => {
  await page.goto('/pricing');
  await planCard(page, 'Weekly').getByRole('button', { name: 'START PLAN NOW' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Text typed before the form hydrates is lost when React takes the inputs over.
  await waitForIslands(page);
  await page.getByLabel('Phone number').fill(student.details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill(student.details.password as string);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/payment-mode$/);
  await expect(page.getByText('Weekly plan: ₦500')).toBeVisible();
});

test('a student pays for the monthly plan by card and gets an active subscription that opens a full exam', async ({
  page,
  request,
  student,
}) => {
  await signIn(page, student);
  await choosePlan(page, 'Monthly');
  await expect(page.getByText('Monthly plan: ₦1,500')).toBeVisible();
  // The plan travels as navigation state: amount, currency, payment type and item.
  const state = await page.evaluate(() => {
    const key = (history.state as { navKey?: string } | null)?.navKey;
    return JSON.parse(sessionStorage.getItem(`nav:state:${key}`) ?? 'null') as unknown;
  });
  expect(state).toEqual({
    amount: 1500,
    currency: 'naira',
    paymentType: 'not-airtime',
    item: { planId: 'monthly', plan_id: 'monthly', title: 'Monthly' },
  });

  await page.getByRole('radio', { name: /Card \(Paystack\)/ }).check();
  await page.getByRole('button', { name: 'Proceed' }).click();
  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await expect(checkout.getByText('Test payment: no money moves')).toBeVisible();
  await expect(checkout.getByText('₦1,500')).toBeVisible();
  await expectNoSeriousViolations(page);
  await checkout.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Subscription activated successfully' }),
  ).toBeVisible();

  const after = await me(request, student);
  expect(after.profile.subscription).toMatchObject({ status: 'active', planId: 'monthly' });
  // 80 welcome coins and the monthly plan's 200 bonus coins.
  expect(after.user.triviaPoints).toBe(280);

  const exam = await request.get('/api/v1/exam', {
    headers: { Authorization: `Bearer ${student.token}` },
    params: {
      exam: 'new',
      examType: await idOf(request, '/api/v1/examType', 'WAEC'),
      subject: await idOf(request, '/api/v1/subject', 'Mathematics'),
      year: await idOf(request, '/api/v1/year', '2019'),
    },
  });
  expect(exam.status()).toBe(200);
});

test('closing the test checkout pays nothing', async ({ page, request, student }) => {
  await signIn(page, student);
  await choosePlan(page, 'Weekly');
  await page.getByRole('radio', { name: /Card \(Paystack\)/ }).check();
  await page.getByRole('button', { name: 'Proceed' }).click();
  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await expect(checkout).toBeHidden();
  await expect(page).toHaveURL(/\/payment-mode$/);
  expect((await me(request, student)).profile.subscription.status).toBe('trial');
});

test('Proceed without a choice alerts; momo and stripe are coming soon; airtime opens the billing page', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  await page
    .context()
    .route('https://airtime.example.invalid/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Airtime billing</title>' }),
    );
  await choosePlan(page, 'Monthly');
  await expect(page.getByRole('radio')).toHaveCount(4);
  await expectNoSeriousViolations(page);

  const alert = nextAlert(page);
  await page.getByRole('button', { name: 'Proceed' }).click();
  expect(await alert).toBe('Please select a payment option before proceeding');

  for (const name of [/Mobile money/, /Stripe/]) {
    await page.getByRole('radio', { name }).check();
    await page.getByRole('button', { name: 'Proceed' }).click();
    const soon = page.getByRole('dialog', { name: 'Coming Soon!!!' });
    await expect(soon).toBeVisible();
    await soon.getByRole('button', { name: 'OK' }).click();
    await expect(soon).toBeHidden();
  }

  // Keyboard: arrow keys move the choice within the radio group.
  await page.getByRole('radio', { name: /MTN airtime/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /Card \(Paystack\)/ })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('radio', { name: /MTN airtime/ })).toBeChecked();

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Proceed' }).click();
  const billing = await popup;
  const url = new URL(billing.url());
  expect(url.origin + url.pathname).toBe('https://airtime.example.invalid/subscribe');
  expect(url.searchParams.get('origin')).toBe('3');
  // The selection is cleared after the operator's page opens.
  for (const radio of await page.getByRole('radio').all()) await expect(radio).not.toBeChecked();
});

test('a visitor from Ghana is offered only stripe', async ({ page, student }) => {
  await signIn(page, student);
  await page.route('**/api/v1/geo', (route) =>
    route.fulfill({ json: { success: true, message: '', data: { country_name: 'ghana' } } }),
  );
  await choosePlan(page, 'Weekly');
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /Stripe/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Card \(Paystack\)/ })).toHaveCount(0);
});

test('Payment Mode turns away a guest, a visit without a plan and a plan without an amount', async ({
  page,
  student,
}) => {
  await page.goto('/payment-mode');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, student);
  await page.goto('/payment-mode');
  // The spec sends a visit without state to /login, which sends a signed-in student on to /profile.
  await expect(page).toHaveURL(/\/profile$/);

  // State without an amount goes back one page. navigation.ts keeps state in sessionStorage.
  await page.goto('/pricing');
  await page.evaluate(() => {
    sessionStorage.setItem('nav:state:no-amount', JSON.stringify({ item: { planId: 'weekly' } }));
    sessionStorage.setItem('nav:pending', JSON.stringify({ path: '/payment-mode', key: 'no-amount' }));
    location.assign('/payment-mode');
  });
  await page.waitForURL(/\/payment-mode$/);
  await expect(page).toHaveURL(/\/pricing$/);
});

test('a student buys 6,000 coins by card and sees them on /bought-coin and in the Coin History', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  await page.goto('/buy-coins');
  await expect(page.getByRole('heading', { name: 'Buy Coins' })).toBeVisible();
  await expect(page.getByText(`${student.user.firstName} ${student.user.lastName}`)).toBeVisible();

  const alert = nextAlert(page);
  await page.getByRole('button', { name: 'TotalCoin' }).click();
  expect(await alert).toBe('You have 80 coins remaining');

  const packs = page.locator('.pack-card');
  await expect(packs).toHaveCount(7);
  const byLink = page.getByRole('link', { name: /₦50 for 30 coins/ });
  await expect(byLink).toHaveAttribute('target', '_blank');
  await expect(byLink).toHaveAttribute('rel', /noopener/);
  await expect(page.locator('a.pack-card')).toHaveCount(4);
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: /₦5,000 for 6,000 coins/ }).click();
  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await expect(checkout.getByText('Test payment: no money moves')).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/bought-coin$/);
  await expect(page.getByRole('heading', { name: 'You have been given 6,000 coins' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'OK', exact: true }).click();

  await expect(page).toHaveURL(/\/profile$/);
  const row = page.getByRole('row').filter({ hasText: 'Coin pack (₦5000)' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '+6,000' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '6,080' })).toBeVisible();
});

test('a payment the server cannot confirm keeps its reference on screen, and Check again grants it', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  let refused = false;
  await page.route('**/api/v1/coins', async (route) => {
    if (refused) return route.fallback();
    refused = true;
    await route.fulfill({
      status: 502,
      json: {
        success: false,
        message: 'Paystack could not confirm your payment right now. Please try again shortly.',
      },
    });
  });
  await page.goto('/buy-coins');
  await page.getByRole('button', { name: /₦1,000 for 1,000 coins/ }).click();
  await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay' }).click();

  const failed = page.getByRole('dialog', { name: 'Payment not confirmed' });
  await expect(failed.getByText(/Your payment reference is \d{13}-[0-9a-f]{12}\./)).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Paystack could not confirm your payment right now.' }).first(),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await failed.getByRole('button', { name: 'Check again' }).click();
  await expect(page).toHaveURL(/\/bought-coin$/);
  await expect(page.getByRole('heading', { name: 'You have been given 1,000 coins' })).toBeVisible();
});

test('/bought-coin opened without a purchase shows the 80 coins of the spec', async ({ page, student }) => {
  await signIn(page, student);
  await page.goto('/bought-coin');
  await expect(page.getByRole('heading', { name: 'You have been given 80 coins' })).toBeVisible();
});
