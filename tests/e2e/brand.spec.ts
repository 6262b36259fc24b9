import type { Locator, Page } from '@playwright/test';
import { overlaps } from './boxes.ts';
import { expect, signIn, test } from './fixtures.ts';

// One brand, and the details that go with it (src/lib/company.ts): the name and wordmark, each subject's own
// picture, the phone menu's Escape key, a Scroll to Top that keeps off the navigator, the store badges.

/** The file name a subject's own picture has: its title in lower case, words joined by hyphens. */
const pictureOf = (title: string) => `/images/subjects/${title.toLowerCase().replaceAll(' ', '-')}.svg`;

/** Each card's title and the picture it shows, once every picture has loaded. */
async function cardPictures(cards: Locator) {
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((buttons) =>
    buttons.map((button) => {
      const image = button.querySelector('img') as HTMLImageElement;
      return {
        title: button.querySelector('.choice-title')?.textContent ?? '',
        picture: new URL(image.src).pathname,
        loaded: image.complete && image.naturalWidth > 0,
      };
    }),
  );
}

async function expectOwnPictures(page: Page, cards: Locator) {
  // Lazy images load as they near the screen: scroll to the end first.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect
    .poll(async () => (await cardPictures(cards)).every((card) => card.loaded), { timeout: 15_000 })
    .toBe(true);
  const shown = await cardPictures(cards);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.map(({ title, picture }) => ({ title, picture }))).toEqual(
    shown.map(({ title }) => ({ title, picture: pictureOf(title) })),
  );
}

test('the site is named ExamPrep NG, in the title and the wordmark', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page).toHaveTitle(/ExamPrep NG/);
  const logo = page.getByRole('link', { name: 'ExamPrep NG home' });
  await expect(logo).toBeVisible();
  const size = await logo
    .locator('img')
    .evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
  expect(size).toEqual([226, 40]);
});

test("each subject's default picture is the subject's own", async ({ page }) => {
  await page.goto('/practice-subject');
  await expectOwnPictures(page, page.getByRole('list', { name: 'All subjects' }).getByRole('button'));

  await page.goto('/select-exam');
  await page.getByRole('button', { name: 'JAMB', exact: true }).click();
  await expectOwnPictures(page, page.getByRole('list', { name: 'Subjects' }).getByRole('button'));
});

test('Escape closes the phone menu and gives the focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/faqs');
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'ABOUT US' }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('the store badges show on a wide screen too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
  // The spec gives the 'Download the Mobile App' line to the mobile variant only.
  await expect(page.getByText('Download the Mobile App')).toBeHidden();
});

test('Scroll to Top never covers the question navigator', async ({ page, student }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, student);
  await page.goto('/practice-subject');
  await page
    .getByRole('region', { name: 'Quick picks' })
    .getByRole('button', { name: 'MATHEMATICS' })
    .click();
  await expect(page).toHaveURL(/\/daily-test$/);
  // A busy machine can take a while to start the test.
  await expect(page.getByRole('heading', { name: 'Question 1/10', exact: true })).toBeVisible({
    timeout: 30_000,
  });

  const navigator = page.getByRole('navigation', { name: 'Questions' });
  const scrollTop = page.getByRole('button', { name: 'Scroll to Top' });
  const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(bottom, 'the daily test scrolls more than 300 px on a phone').toBeGreaterThan(300);
  let seen = 0;
  for (let y = 0; y <= bottom + 80; y += 80) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForFunction(
      (top) =>
        Math.abs(window.scrollY - Math.min(top, document.documentElement.scrollHeight - window.innerHeight)) <
        2,
      y,
    );
    if (!(await scrollTop.isVisible())) continue;
    const [button, grid] = [await scrollTop.boundingBox(), await navigator.boundingBox()];
    if (!button || !grid) continue;
    const onScreen = button.y < 740 && button.y + button.height > 0;
    if (!onScreen) continue;
    seen += 1;
    expect(overlaps(button, grid), `Scroll to Top over the navigator at scrollY ${y}`).toBe(false);
  }
  expect(seen, 'Scroll to Top was on screen at some point').toBeGreaterThan(0);
  await scrollTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
