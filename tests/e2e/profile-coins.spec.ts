import type { APIRequestContext, Page, Route } from '@playwright/test';
import { formatDayAndTime } from '../../src/lib/format.ts';
import { expect as baseExpect, expectNoSeriousViolations, type Student, signIn, test } from './fixtures.ts';

// /profile and /buy-coins on a phone: the coin history without a sideways scroll, the loading and failed
// states on a slow or broken connection, and what a student is told about their plan or trial and about
// today's daily tests.

const PHONE = { width: 360, height: 740 };
/**
 * Hydration and API calls wait behind other work on a busy test machine: the states below are driven by the
 * test (responses are held until it has seen the loading state), so only the waits grow, never a guess.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Holds GET calls to an API path until the test releases them, as a slow mobile connection would, and
 * answers when the first of them has been asked for.
 */
async function holdResponses(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}*`, async (route: Route) => {
    if (route.request().method() === 'GET') await released;
    await route.continue();
  });
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === path);
  return { release, asked };
}

/** Fails the next GET call to an API path as a dropped connection does. */
async function failNext(page: Page, path: string) {
  let left = 1;
  await page.route(`**${path}*`, async (route: Route) => {
    if (route.request().method() === 'GET' && left-- > 0) await route.abort('connectionrefused');
    else await route.continue();
  });
}

function bearer(student: Student) {
  return { authorization: `Bearer ${student.token}` };
}

/** When the student's trial ends, as GET /user says. */
async function trialEnd(request: APIRequestContext, student: Student) {
  const response = await request.get('/api/v1/user', { headers: bearer(student) });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: { profile: { subscription: { status: string; endsAt: string } } };
  };
  expect(data.profile.subscription.status).toBe('trial');
  return data.profile.subscription.endsAt;
}

test('at 360 px the coin history is a card per entry with no sideways scroll, and /profile passes axe', async ({
  page,
  request,
  student,
}) => {
  test.setTimeout(90_000);
  const endsAt = await trialEnd(request, student);
  await page.setViewportSize(PHONE);
  await signIn(page, student);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Aisha Bello' })).toBeVisible();

  const history = page.getByRole('region', { name: 'Coin History' });
  const welcome = history.getByRole('row').filter({ hasText: 'Welcome bonus' });
  const coins = welcome.getByRole('cell', { name: '+80', exact: true });
  const balance = welcome.getByRole('cell', { name: '80', exact: true });
  await expect(coins).toBeVisible();
  await expect(balance).toBeVisible();
  for (const [name, cell] of [
    ['coins', coins],
    ['balance', balance],
  ] as const) {
    const box = await cell.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${name} on screen`).toBe(true);
  }
  // Each value shows the name of its column beside it.
  expect(await coins.evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain('Coins');
  expect(await balance.evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain('Balance');
  const overflow = await page.evaluate(() => {
    const table = document.querySelector('.history-table');
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: table ? table.scrollWidth - table.clientWidth : -1,
    };
  });
  expect(overflow).toEqual({ page: 0, table: 0 });

  await expect(page.getByText(`Trial ends ${formatDayAndTime(endsAt)}`)).toBeVisible();
  await expectNoSeriousViolations(page);

  // A wide screen keeps the table, its column headers on show.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(history.getByRole('columnheader', { name: 'Balance' })).toBeVisible();
});

test('/profile shows an announced loading state on a slow connection, then the profile, and Retry after a failure', async ({
  page,
  student,
}) => {
  test.setTimeout(120_000);
  await signIn(page, student);
  const account = await holdResponses(page, '/api/v1/user');
  const ledger = await holdResponses(page, '/api/v1/history');
  await page.goto('/profile');
  await account.asked;
  const loading = page.getByRole('status', { name: 'Loading your profile' });
  await expect(loading).toBeVisible();
  account.release();
  await expect(page.getByRole('heading', { name: 'Aisha Bello' })).toBeVisible();
  await expect(loading).toHaveCount(0);

  // The account is on screen while the coin history is still on its way.
  const history = page.getByRole('region', { name: 'Coin History' });
  await expect(history).toHaveAttribute('aria-busy', 'true');
  await expect(history.getByRole('status', { name: 'Loading coin history' })).toBeVisible();
  ledger.release();
  await expect(history.getByRole('cell', { name: 'Welcome bonus' })).toBeVisible();
  await expect(history).toHaveAttribute('aria-busy', 'false');

  await page.unrouteAll({ behavior: 'wait' });
  await failNext(page, '/api/v1/history');
  await page.reload();
  const failed = history.getByRole('alert');
  await expect(failed).toContainText('We could not reach the server');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(history.getByRole('cell', { name: 'Welcome bonus' })).toBeVisible();
});

test('a student whose profile cannot load is told so and can retry', async ({ page, student }) => {
  test.setTimeout(90_000);
  await signIn(page, student);
  await failNext(page, '/api/v1/user');
  await page.goto('/profile');
  const failed = page.getByRole('alert').filter({ hasText: 'We could not reach the server' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Aisha Bello' })).toBeVisible();
});

test('/buy-coins shows an announced loading state on a slow connection, then the packs, and Retry after a failure', async ({
  page,
  student,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signIn(page, student);
  const packsCall = await holdResponses(page, '/api/v1/coins/packs');
  await page.goto('/buy-coins');
  await packsCall.asked;
  const packs = page.getByRole('region', { name: 'Coin packs' });
  const loading = packs.getByRole('status', { name: 'Loading coin packs' });
  await expect(loading).toBeVisible();
  await expect(packs).toHaveAttribute('aria-busy', 'true');
  packsCall.release();
  await expect(packs.getByRole('button', { name: /₦1,000 for 1,000 coins/ })).toBeVisible();
  await expect(loading).toHaveCount(0);
  await expect(packs).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText('Aisha Bello')).toBeVisible();

  await page.unrouteAll({ behavior: 'wait' });
  await failNext(page, '/api/v1/coins/packs');
  await page.reload();
  const failed = packs.getByRole('alert');
  await expect(failed).toContainText('We could not reach the server');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(packs.getByRole('button', { name: /₦1,000 for 1,000 coins/ })).toBeVisible();
});

test('/select-exam says when the trial ends, and /practice-subject marks a subject taken today', async ({
  page,
  request,
  student,
}) => {
  test.setTimeout(90_000);
  const endsAt = await trialEnd(request, student);
  await page.setViewportSize(PHONE);
  await signIn(page, student);
  await page.goto('/select-exam');
  const plan = page.getByText(`Trial ends ${formatDayAndTime(endsAt)}`);
  await expect(plan).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');

  // Take today's Physics test through the API.
  const subjects = await request.get('/api/v1/subject', { params: { limit: 100 } });
  const { data } = (await subjects.json()) as { data: { docs: { _id: string; title: string }[] } };
  const physics = data.docs.find((subject) => subject.title === 'Physics');
  expect(physics).toBeDefined();
  const subject = physics?._id ?? '';
  const started = await request.get('/api/v1/exam/daily', { params: { subject }, headers: bearer(student) });
  expect(started.ok()).toBe(true);
  const submitted = await request.post('/api/v1/exam/answer/daily', {
    data: { subject, answers: [] },
    headers: { ...bearer(student), 'frontend-source': 'webuser' },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);

  await page.goto('/practice-subject');
  await expect(page.getByRole('button', { name: /^Physics\W+Taken today$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chemistry', exact: true })).toBeVisible();
  await expect(page.getByText('Taken today: Physics.')).toBeVisible();
});
