import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, latestMailTo, signIn, test } from './fixtures.ts';

/** The marketing and information routes (spec §1, §2). */
const contentRoutes = [
  '/',
  '/about-us',
  '/instructions',
  '/faqs',
  '/policy',
  '/terms-and-conditions',
  '/review',
  '/contact-us',
];

/** The real slide the carousel shows, as home/carousels.ts records it. */
const activeIndex = (carousel: Locator) => carousel.getAttribute('data-active-index');

/** Waits until the carousel's slide changes from `from`. */
async function expectToMoveFrom(carousel: Locator, from: string | null, timeout: number) {
  await expect.poll(() => activeIndex(carousel), { timeout }).not.toBe(from);
}

/** Checks that the carousel keeps the same slide for `milliseconds`. */
async function expectToStay(page: Page, carousel: Locator, milliseconds: number) {
  const before = await activeIndex(carousel);
  await page.waitForTimeout(milliseconds);
  expect(await activeIndex(carousel)).toBe(before);
}

test.describe('home', () => {
  test('a guest is invited to GET STARTED at /sign-up', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('.hero');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Pass your Exams in Style !');
    await expect(hero.getByText('Proper Preparation')).toBeVisible();
    await expect(hero.getByText('Excellent Results')).toBeVisible();
    await expect(hero.getByRole('link', { name: 'GET STARTED' })).toHaveAttribute('href', '/sign-up');
    await expect(hero.getByRole('link', { name: 'PRACTICE EXAMS' })).toBeHidden();
    await expect(page.getByText('10,000+')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Partners' })).toBeVisible();
    await expect(page.getByText('Trusted by 100+ Top Companies')).toBeVisible();

    await hero.getByRole('link', { name: 'GET STARTED' }).click();
    await expect(page).toHaveURL(/\/sign-up\/?$/);
  });

  test('a signed-in student is invited to PRACTICE EXAMS at /select-exam', async ({ page, student }) => {
    await signIn(page, student);
    await page.goto('/');
    const hero = page.locator('.hero');
    await expect(hero.getByRole('link', { name: 'PRACTICE EXAMS' })).toHaveAttribute('href', '/select-exam');
    await expect(hero.getByRole('link', { name: 'GET STARTED' })).toBeHidden();
  });

  test('phones get the app line and the store badges', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByText('Download the Mobile App')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByText('Download the Mobile App')).toBeHidden();
  });

  test('Swiper is fetched only when a carousel scrolls into view', async ({ page }) => {
    const carouselScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/_astro\/carousels\.[\w-]+\.js$/.test(request.url())) carouselScripts.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(carouselScripts).toEqual([]);
    const partners = page.locator('[data-carousel="partners"]');
    await expect(partners).not.toHaveAttribute('data-carousel-ready', 'true');

    await partners.scrollIntoViewIfNeeded();
    await expect(partners).toHaveAttribute('data-carousel-ready', 'true');
    expect(carouselScripts).toHaveLength(1);
  });

  test('the partner carousel turns every 1.5 s and pauses while the mouse is over it', async ({ page }) => {
    await page.goto('/');
    const partners = page.locator('[data-carousel="partners"]');
    await partners.scrollIntoViewIfNeeded();
    await expect(partners).toHaveAttribute('data-carousel-ready', 'true');
    await expect(partners.getByRole('group', { name: /of 5$/ })).toHaveCount(5);
    await expectToMoveFrom(partners, await activeIndex(partners), 3_000);

    await partners.locator('.swiper').hover();
    // A turn that had already started finishes; after that the carousel holds still.
    await page.waitForTimeout(800);
    await expectToStay(page, partners, 3_500);

    await page.mouse.move(0, 0);
    await expectToMoveFrom(partners, await activeIndex(partners), 3_000);
  });

  test('the reviews slider advances every 3 s, pauses, and follows its buttons and dots', async ({
    page,
  }) => {
    await page.goto('/');
    const reviews = page.locator('[data-carousel="reviews"]');
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews).toHaveAttribute('data-carousel-ready', 'true');
    await expect(reviews.getByRole('group', { name: /of 4$/ })).toHaveCount(4);
    await expectToMoveFrom(reviews, await activeIndex(reviews), 5_000);
    await expectNoSeriousViolations(page);

    const toggle = reviews.getByRole('button', { name: 'Pause reviews' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expectToStay(page, reviews, 4_000);

    await reviews.getByRole('button', { name: 'Show review 3' }).click();
    await expect(reviews).toHaveAttribute('data-active-index', '2');
    await expect(reviews.getByRole('button', { name: 'Show review 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await reviews.getByRole('button', { name: 'Next review' }).click();
    await expect(reviews).toHaveAttribute('data-active-index', '3');
    // Past the last review comes the first again.
    await reviews.getByRole('button', { name: 'Next review' }).click();
    await expect(reviews).toHaveAttribute('data-active-index', '0');
    await reviews.getByRole('button', { name: 'Previous review' }).click();
    await expect(reviews).toHaveAttribute('data-active-index', '3');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.mouse.move(0, 0);
    await expectToMoveFrom(reviews, '3', 5_000);
    // Past the last review it goes on turning (it once stopped after its first full turn).
    await expect(reviews).toHaveAttribute('data-active-index', '0');
    await expectToMoveFrom(reviews, '0', 5_000);
  });

  test('with reduced motion the carousels stay still until asked', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const reviews = page.locator('[data-carousel="reviews"]');
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews).toHaveAttribute('data-carousel-ready', 'true');
    await expect(reviews.getByRole('button', { name: 'Pause reviews' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectToStay(page, reviews, 4_000);
    await reviews.getByRole('button', { name: 'Next review' }).click();
    await expect(reviews).toHaveAttribute('data-active-index', '1');
  });
});

test.describe('policy and terms', () => {
  test('each policy section shows three sentences, with Read More and Read Less', async ({ page }) => {
    await page.goto('/policy');
    const section = page.getByRole('region', { name: 'Who We Are' });
    const fourth = section.getByText(
      'We handle personal data in line with the Nigeria Data Protection Act 2023',
    );
    await expect(section.getByText(/registered in Nigeria/)).toBeVisible();
    await expect(fourth).toBeHidden();

    const toggle = section.locator('[data-read-more]');
    await expect(toggle).toHaveText('Read More');
    await expect(toggle).toHaveAccessibleName('Read More');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(fourth).toBeVisible();
    await expect(toggle).toHaveText('Read Less');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // The keyboard works the same toggle.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(fourth).toBeHidden();
    await expect(toggle).toHaveText('Read More');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(fourth).toBeVisible();
    await expectNoSeriousViolations(page);

    // The policy excludes children under 13 (spec §1); a section of three sentences has no toggle.
    const children = page.getByRole('region', { name: 'Children' });
    await expect(children.getByText(/not meant for children under 13/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'How Long We Keep It' }).getByRole('button')).toHaveCount(
      0,
    );
  });

  test('the policy is in two columns on a wide screen and one on a phone', async ({ page }) => {
    await page.goto('/policy');
    const columns = page.locator('.document-column');
    await expect(columns).toHaveCount(2);
    const [left, right] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
    expect(right?.x).toBeGreaterThan((left?.x ?? 0) + (left?.width ?? 0) - 1);
    await page.setViewportSize({ width: 360, height: 740 });
    const [top, bottom] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
    expect(bottom?.y).toBeGreaterThan((top?.y ?? 0) + (top?.height ?? 0) - 1);
  });

  test('the terms have the required headings and facts, each section previewed', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { name: 'INTRODUCTION AND CONTRACTING PARTIES' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'User Responsibilities' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dates and Times' })).toBeVisible();
    await expect(page.getByText(/West Africa Time \(WAT\)/)).toBeVisible();

    const suspension = page.getByRole('region', { name: 'Suspension and Termination' });
    await expect(suspension.getByText(/up to 90 days or terminate it/)).toBeVisible();
    const complaints = page.getByRole('region', { name: 'Complaints and Claims' });
    await expect(complaints.getByText(/within 15 calendar days/)).toBeVisible();
    const lateComplaints = complaints.getByText(
      'Complaints made after 15 calendar days may not be considered.',
    );
    await expect(lateComplaints).toBeHidden();
    await complaints.getByRole('button', { name: 'Read More' }).click();
    await expect(lateComplaints).toBeVisible();
    await complaints.getByRole('button', { name: 'Read Less' }).click();
    await expect(lateComplaints).toBeHidden();
  });
});

test('an FAQ opens to show its answer', async ({ page }) => {
  await page.goto('/faqs');
  const questions = page.locator('details.faq');
  await expect(questions).toHaveCount(6);
  const answer = page.getByText(/one-day free trial/);
  await expect(answer).toBeHidden();
  await page.getByText('Is ExamPrep NG free?').click();
  await expect(answer).toBeVisible();
  await expect(questions.nth(1)).toHaveAttribute('open', '');
});

test.describe('contact', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    // Each test sends from its own address, so the contact rate limit never spans tests.
    await page.setExtraHTTPHeaders({
      'x-forwarded-for': `203.0.113.${(testInfo.workerIndex * 10 + testInfo.repeatEachIndex + 20) % 250}`,
    });
  });

  test('shows each message, then sends, clears the form and says so', async ({ page }) => {
    await page.goto('/contact-us');
    const form = page.locator('form.contact-form');
    const submit = form.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();
    await submit.click();
    for (const message of [
      'Name is required',
      'Email is required',
      'Phone number is required',
      'Message is required',
      'You must accept the terms',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expectNoSeriousViolations(page);

    const text = `Please add more GCE Economics papers (${Date.now()}).`;
    await form.getByLabel('Full name').fill('Zainab Yusuf');
    await expect(form.getByText('Name is required')).toBeHidden();
    await form.getByLabel('Email address').fill('zainab@example.com');
    await form.getByLabel('Phone number').fill('08031234567');
    await form.getByLabel('Message').fill(text);
    await form.getByLabel(/I accept the/).check();

    // Hold the request a moment so that the busy state can be seen.
    await page.route('**/api/v1/feedback', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await submit.click();
    await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(form.getByText('Message sent successfully!')).toBeVisible();
    await expect(form.getByLabel('Full name')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    await expect(form.getByLabel(/I accept the/)).not.toBeChecked();

    const mail = await latestMailTo('info@localhost');
    expect(mail).toContain('Reply-To: zainab@example.com');
    expect(mail).toContain(text);
  });

  test('says when the message could not be sent and keeps what was typed', async ({ page }) => {
    await page.route('**/api/v1/feedback', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"message":"x"}',
      }),
    );
    await page.goto('/contact-us');
    const form = page.locator('form.contact-form');
    await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await form.getByLabel('Full name').fill('Zainab Yusuf');
    await form.getByLabel('Email address').fill('zainab@example.com');
    await form.getByLabel('Phone number').fill('08031234567');
    await form.getByLabel('Message').fill('Hello');
    await form.getByLabel(/I accept the/).check();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Failed to send message. Please try again.')).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveValue('Hello');
  });

  test('keeps what a student typed before the page finished loading', async ({ page }) => {
    // The form's script arrives late, as on a slow connection.
    await page.route(/\/_astro\/ContactForm\.[\w.-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // Module scripts run before DOMContentLoaded, so the test only waits for the response to start.
    await page.goto('/contact-us', { waitUntil: 'commit' });
    const form = page.locator('form.contact-form');
    const submit = form.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await form.getByLabel('Full name').fill('Emeka Nwosu');
    await form.getByLabel(/I accept the/).check();
    await expect(submit).toBeEnabled();
    await form.getByLabel('Message').fill('Hello');
    await submit.click();
    await expect(form.getByLabel('Full name')).toHaveValue('Emeka Nwosu');
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Name is required')).toBeHidden();
    await expect(form.getByText('You must accept the terms')).toBeHidden();
  });

  test('offers email, call, WhatsApp, Facebook and Instagram', async ({ page }) => {
    await page.goto('/contact-us');
    const channels = page.getByRole('list', { name: 'Other ways to reach us' });
    await expect(channels.getByRole('link', { name: /Email us/ })).toHaveAttribute(
      'href',
      'mailto:info@examprep.ng',
    );
    await expect(channels.getByRole('link', { name: /Call us/ })).toHaveAttribute(
      'href',
      'tel:+2348030001122',
    );
    await expect(channels.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\//,
    );
    await expect(channels.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', /facebook\.com/);
    await expect(channels.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', /instagram\.com/);
  });
});

test('the mobile menu opens and closes at 360 pixels wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/about-us');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'TERMS & CONDITIONS' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'PRICING' })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await menu.getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL(/\/faqs\/?$/);
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
});

test('the review page lists every review from the testimonials', async ({ page }) => {
  await page.goto('/review');
  const reviews = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
  await expect(reviews).toHaveCount(8);
  await expect(reviews.first()).toContainText('Chiamaka Obi');
});

test('an unknown address answers 404 with ways back', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  await expect(page.getByRole('link', { name: /Practise a past paper/ })).toHaveAttribute(
    'href',
    '/select-exam',
  );
  await expectNoSeriousViolations(page);
});

test('the sitemap and robots.txt list the public pages', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBe(true);
  const xml = await sitemap.text();
  for (const route of contentRoutes)
    expect(xml).toContain(`<loc>${new URL(route === '/' ? '/' : `${route}/`, baseURL).href}</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL).href}`);
});

for (const route of contentRoutes) {
  test(`${route} has its own title, description, canonical URL and no serious axe violation`, async ({
    page,
  }) => {
    await page.goto(route);
    await expect(page).toHaveTitle(/\| ExamPrep NG$/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThanOrEqual(50);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${route === '/' ? '/' : `${route}/`}$`),
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /ExamPrep NG/);
    await expectNoSeriousViolations(page);
  });
}

test('the content pages load no framework JavaScript', async ({ page }) => {
  for (const route of [
    '/about-us',
    '/instructions',
    '/faqs',
    '/policy',
    '/terms-and-conditions',
    '/review',
  ]) {
    const scripts: string[] = [];
    const listener = async (response: import('@playwright/test').Response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text());
    };
    page.on('response', listener);
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    page.off('response', listener);
    await expect(page.locator('astro-island')).toHaveCount(0);
    expect(
      scripts.filter((source) => /react|swiper/i.test(source)),
      route,
    ).toEqual([]);
  }
});
