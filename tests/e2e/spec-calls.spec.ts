import type { Page, Request } from '@playwright/test';
import { expect as baseExpect, expectNoSeriousViolations, signIn, test } from './fixtures.ts';

// The spec's calls around the current user (§7, Global): the user loaded on start on every page, the Leader
// Board after it for a student, and the airtime status (action=GRW) when a user exists; each once a session,
// and the user revalidated with its ETag.

const PHONE = { width: 360, height: 740 };
const expect = baseExpect.configure({ timeout: 20_000 });

const path = (request: Request) => new URL(request.url()).pathname;
const isUserLoad = (request: Request) => request.method() === 'GET' && path(request) === '/api/v1/user';
const isBoard = (request: Request) => path(request) === '/api/v1/exam/leaderboard';
const isAirtime = (request: Request) => request.method() === 'POST' && path(request) === '/api';

/** Every API request the page sends from now on, in order. */
function recordApi(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (path(request).startsWith('/api')) requests.push(request);
  });
  return requests;
}

test.use({ viewport: PHONE });

test('a content page loads the user on start, then the Leader Board and the airtime status, once a session', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  const requests = recordApi(page);
  const userAnswer = page.waitForResponse((response) => isUserLoad(response.request()));
  const airtime = page.waitForRequest(isAirtime);
  const board = page.waitForRequest(isBoard);
  await page.goto('/about-us');
  expect((await userAnswer).status()).toBe(200);
  await board;
  const grw = await airtime;

  // The board comes after the user's answer; the airtime call is form-encoded, with the telephone and no token.
  expect(requests.findIndex(isBoard)).toBeGreaterThan(requests.findIndex(isUserLoad));
  expect(await grw.headerValue('content-type')).toMatch(/application\/x-www-form-urlencoded/);
  expect(await grw.headerValue('authorization')).toBeNull();
  const fields = new URLSearchParams(grw.postData() ?? '');
  expect(Object.fromEntries(fields)).toEqual({ action: 'GRW', msisdn: student.details.telephone });
  // A new student is on the trial, which is not billed to the number: no airtime plan is running on it.
  expect(await (await grw.response())?.json()).toMatchObject({ data: { active: false } });

  // The header menu shows the student from the loaded user.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu [data-header-account]')).toHaveText(
    new RegExp(`^${student.user.firstName} · 80 coins`),
  );
  await expectNoSeriousViolations(page);

  // Another page in the same session calls none of them again.
  const before = requests.length;
  await page.goto('/faqs');
  await page.waitForLoadState('networkidle');
  expect(requests.slice(before).map((request) => path(request))).toEqual([]);

  // A new session (a new tab) revalidates the stored user: If-None-Match, and a 304 that costs no body.
  const tab = await page.context().newPage();
  const again = tab.waitForResponse((response) => isUserLoad(response.request()));
  await tab.goto('/about-us');
  const revalidated = await again;
  expect(await revalidated.request().headerValue('if-none-match')).toMatch(/^W\/"/);
  expect(revalidated.status()).toBe(304);
});

test('an island page loads the user once with its ETag, and /profile shows the place on the board', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  // A new student has no place yet; the board's answer is given so that the place shows.
  await page.route('**/api/v1/exam/leaderboard', (route) =>
    route.fulfill({
      json: { success: true, message: '', data: { docs: [], me: { rank: 3, totalScore: 12 } } },
    }),
  );
  await page.goto('/about-us');
  await page.waitForLoadState('networkidle');

  const requests = recordApi(page);
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: '3rd on the Leader Board' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The page's start check is fresh this session; the island's own load is a revalidation that costs a 304.
  const loads = requests.filter(isUserLoad);
  expect(loads).toHaveLength(1);
  expect(await loads[0]?.headerValue('if-none-match')).toMatch(/^W\/"/);
  expect((await loads[0]?.response())?.status()).toBe(304);
  expect(requests.filter(isAirtime)).toHaveLength(0);
  await expectNoSeriousViolations(page);
});
