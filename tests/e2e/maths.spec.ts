import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, signIn, test } from './fixtures.ts';

// Formulas are drawn by KaTeX and carried as MathML named in words, so a screen reader says them: an
// option that is a formula was announced as its letter alone.

/** The catalogue item of a title, as the API lists it. */
async function find(request: APIRequestContext, path: string, title: string) {
  const response = await request.get(path, { params: { limit: 100 } });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { docs: { _id: string; title: string }[] } };
  const item = data.docs.find((doc) => doc.title === title);
  expect(item, `${title} in ${path}`).toBeDefined();
  return { _id: item?._id ?? '', title };
}

/** Opens /test on a sample-bank paper, with the navigation state the exam selection hands over. */
async function openPaper(
  page: Page,
  request: APIRequestContext,
  examType: string,
  subject: string,
  year: string,
) {
  const state = {
    examType: await find(request, '/api/v1/examType', examType),
    subject: await find(request, '/api/v1/subject', subject),
    year: await find(request, '/api/v1/year', year),
  };
  await page.goto('/out-of-coin');
  await page.evaluate((value) => {
    const key = crypto.randomUUID();
    sessionStorage.setItem(`nav:state:${key}`, JSON.stringify(value));
    sessionStorage.setItem('nav:pending', JSON.stringify({ path: '/test', key }));
  }, state);
  await page.goto('/test');
}

test('on a phone, options and questions that are formulas are named in words for screen readers', async ({
  page,
  request,
  student,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, student);
  // WAEC Mathematics 2019, question 1: "Simplify \(\frac{2}{3} \div 1\frac{1}{9}\)", options \(\frac{3}{5}\) ...
  await openPaper(page, request, 'WAEC', 'Mathematics', '2019');
  await expect(page.getByRole('heading', { name: 'Question 1/20', exact: true })).toBeVisible();

  const optionsList = page.getByRole('list', { name: 'Options for question 1' });
  await expect(optionsList.getByRole('button', { name: /^A\b.*\b3 over 5$/ })).toBeVisible();
  await expect(optionsList.getByRole('button', { name: /^B\b.*\b20 over 27$/ })).toBeVisible();
  await expect(optionsList).toMatchAriaSnapshot(`
    - listitem:
      - button /A.*3 over 5/
    - listitem:
      - button /B.*20 over 27/
    - listitem:
      - button /C.*5 over 3/
    - listitem:
      - button /D.*2 over 5/
  `);
  // The question's formula is one math element named in words; its drawn copy is hidden from the reader.
  await expect(page.getByRole('math', { name: '2 over 3 divided by 1 and 1 over 9' })).toBeAttached();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousViolations(page);
});
