import { expect, test } from '@playwright/test';

// The spec's route table (§2): every route answers 200, whatever state it later needs in the browser.
const ROUTES = [
  '/',
  '/sign-up',
  '/login',
  '/contact-us',
  '/review',
  '/about-us',
  '/instructions',
  '/terms-and-conditions',
  '/policy',
  '/pricing',
  '/faqs',
  '/out-of-coin',
  '/subscribe-now',
  '/buy-coins',
  '/leader-board',
  '/profile',
  '/bought-coin',
  '/award',
  '/review-answers',
  '/payment-mode',
  '/select-exam',
  '/subjects',
  '/select-year',
  '/test',
  '/daily-test',
  '/practice-subject',
  '/forgot-password',
  '/set-password',
  '/verify-email',
  '/utme',
  '/utme/result',
  '/contests',
  '/contest',
  '/contest-play',
];

test('every route of the route table answers 200 with security headers and gzip', async ({ request }) => {
  for (const route of ROUTES) {
    const response = await request.get(route, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status(), route).toBe(200);
    expect(response.headers()['content-security-policy'], route).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-content-type-options'], route).toBe('nosniff');
    expect(response.headers()['content-encoding'], route).toBe('gzip');
  }
});

test('an unknown page answers 404 with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
});
