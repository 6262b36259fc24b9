import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, type Student, signIn, test } from './fixtures.ts';

interface Listed {
  _id: string;
  title: string;
}

/** The ids of a paper's exam type, subject and year, as the catalogue API lists them. */
async function paperIds(request: APIRequestContext, examType: string, subject: string, year: string) {
  const find = async (path: string, title: string) => {
    const response = await request.get(path, { params: { limit: 100 } });
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as { data: { docs: Listed[] } };
    const item = data.docs.find((doc) => doc.title === title);
    expect(item, `${title} in ${path}`).toBeDefined();
    return item?._id ?? '';
  };
  return {
    examType: await find('/api/v1/examType', examType),
    subject: await find('/api/v1/subject', subject),
    year: await find('/api/v1/year', year),
  };
}

/**
 * The navigation state the page was opened with, as src/lib/client/navigation.ts keeps it: under the key in
 * history.state once the page has read it, or under the pending key until then (a page without an island).
 */
function passedState(page: Page) {
  return page.evaluate(() => {
    const pending = sessionStorage.getItem('nav:pending');
    const key =
      (history.state as { navKey?: string } | null)?.navKey ??
      (pending ? (JSON.parse(pending) as { key: string }).key : undefined);
    const stored = key ? sessionStorage.getItem(`nav:state:${key}`) : null;
    return stored ? (JSON.parse(stored) as Record<string, unknown>) : undefined;
  });
}

const isExamTypeList = (url: URL) => url.pathname === '/api/v1/examType';

async function chooseWaecMathematics(page: Page) {
  await page.goto('/select-exam');
  await expect(page.getByRole('heading', { name: 'SELECT EXAM' })).toBeVisible();
  await page.getByRole('button', { name: 'WAEC', exact: true }).click();
  await expect(page).toHaveURL(/\/subjects$/);
  await expect(page.getByRole('heading', { name: 'SELECT SUBJECT' })).toBeVisible();
  await page.getByRole('button', { name: 'Mathematics', exact: true }).click();
  await expect(page).toHaveURL(/\/select-year$/);
  await expect(page.getByRole('heading', { name: 'SELECT YEAR' })).toBeVisible();
}

async function chooseYear(page: Page, year: string) {
  const combobox = page.getByRole('combobox', { name: 'Year' });
  await expect(combobox).toHaveText('Click to Select Year');
  await combobox.click();
  await page.getByRole('option', { name: year, exact: true }).click();
  await expect(combobox).toHaveText(year);
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

async function signInWithForm(page: Page, student: Student) {
  await page.getByLabel('Phone number').fill(student.details.telephone as string);
  await page.getByLabel('Password', { exact: true }).fill(student.details.password as string);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a guest chooses WAEC, Mathematics and 2019, signs in and arrives at /test with that paper', async ({
  page,
  request,
  student,
}) => {
  const ids = await paperIds(request, 'WAEC', 'Mathematics', '2019');
  await chooseWaecMathematics(page);
  await chooseYear(page, '2019');
  await page.getByRole('button', { name: 'Start' }).click();

  await expect(page).toHaveURL(/\/login$/);
  const paper = {
    examType: { _id: ids.examType, title: 'WAEC' },
    subject: { _id: ids.subject, title: 'Mathematics' },
    year: { _id: ids.year, title: '2019' },
  };
  expect(await passedState(page)).toEqual({ returnTo: { path: '/test', state: paper } });
  // The sign-in form has read the state, so it now lives in this history entry and survives a reload.
  await expect
    .poll(() => page.evaluate(() => (history.state as { navKey?: string } | null)?.navKey))
    .toEqual(expect.any(String));

  await signInWithForm(page, student);
  await expect(page).toHaveURL(/\/test$/);
  expect(await passedState(page)).toMatchObject(paper);
});

test('a signed-in student goes from Start straight to /test with the paper', async ({
  page,
  request,
  student,
}) => {
  const ids = await paperIds(request, 'WAEC', 'Mathematics', '2021');
  await signIn(page, student);
  await chooseWaecMathematics(page);
  await chooseYear(page, '2021');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/test$/);
  expect(await passedState(page)).toMatchObject({
    examType: { _id: ids.examType, title: 'WAEC' },
    subject: { _id: ids.subject, title: 'Mathematics' },
    year: { _id: ids.year, title: '2021' },
  });
});

test('the whole choice can be made with the keyboard', async ({ page, student }) => {
  await signIn(page, student);
  await page.goto('/select-exam');
  await page.getByRole('button', { name: 'WAEC', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/subjects$/);
  await page.getByRole('button', { name: 'Mathematics', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/select-year$/);

  const combobox = page.getByRole('combobox', { name: 'Year' });
  await combobox.focus();
  await page.keyboard.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const listbox = page.getByRole('listbox', { name: 'Year' });
  await expect(listbox).toBeVisible();
  const activeId = async () => (await combobox.getAttribute('aria-activedescendant')) ?? '';
  await expect(page.locator(`[id="${await activeId()}"]`)).toHaveText('2021');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(`[id="${await activeId()}"]`)).toHaveText('2019');

  await page.keyboard.press('Escape');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
  await expect(listbox).toBeHidden();
  await expect(combobox).toHaveText('Click to Select Year');

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(combobox).toHaveText('2019');
  await expect(combobox).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Start' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/test$/);
  expect(await passedState(page)).toMatchObject({ year: { title: '2019' } });
});

test('/subjects and /select-year send a visitor without a choice home', async ({ page }) => {
  for (const path of ['/subjects', '/select-year']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('Start without a year alerts "Please select a year first" and stays', async ({ page }) => {
  await chooseWaecMathematics(page);
  const messages: string[] = [];
  page.on('dialog', async (dialog) => {
    messages.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.accept();
  });
  await page.getByRole('button', { name: 'Start' }).click();
  await expect.poll(() => messages).toEqual(['alert: Please select a year first']);
  await expect(page).toHaveURL(/\/select-year$/);
});

test('the year list shows only the years of the chosen exam type and subject', async ({ page, request }) => {
  const response = await request.get('/api/v1/year', { params: { limit: 100 } });
  const all = ((await response.json()) as { data: { docs: Listed[] } }).data.docs.map((year) => year.title);
  // Other papers have years that WAEC Mathematics does not, so the filter has something to leave out.
  expect(all).toEqual(expect.arrayContaining(['2019', '2020', '2021', '2022']));

  await chooseWaecMathematics(page);
  await page.getByRole('combobox', { name: 'Year' }).click();
  await expect(page.getByRole('option')).toHaveText(['2021', '2019']);

  // The choice is navigation state, which a reload keeps.
  await page.reload();
  await expect(page.getByText('WAEC Mathematics: choose the year of the paper.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Year' }).click();
  await expect(page.getByRole('option')).toHaveText(['2021', '2019']);
});

test('/subjects lists only the subjects of the chosen exam type', async ({ page }) => {
  await page.goto('/select-exam');
  await page.getByRole('button', { name: 'IELTS', exact: true }).click();
  await expect(page).toHaveURL(/\/subjects$/);
  await expect(page.getByRole('list', { name: 'Subjects' }).getByRole('button')).toHaveText(['English']);
});

test('Back returns to the previous screen and the logo goes home', async ({ page }) => {
  await chooseWaecMathematics(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/subjects$/);
  await expect(page.getByRole('button', { name: 'Mathematics', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'ExamPrep NG home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a failed list offers Retry, and a card whose image fails shows the placeholder', async ({ page }) => {
  let failures = 1;
  await page.route(isExamTypeList, async (route) => {
    if (failures-- > 0) await route.abort('connectionrefused');
    else await route.continue();
  });
  await page.route('**/images/exams/answer-sheet.svg', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/select-exam');
  const alert = page.getByRole('alert').filter({ hasText: 'We could not reach the server' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Retry' }).click();

  const cards = page.getByRole('list', { name: 'Exams' }).getByRole('listitem');
  await expect(cards).toHaveCount(7);
  await expect(cards.first().locator('img')).toHaveAttribute('src', '/images/subjects/placeholder.svg');
  await expect(cards.nth(1).locator('img')).toHaveAttribute('src', '/images/exams/graduation-cap.svg');
  await expect(cards.nth(4).locator('img')).toHaveAttribute('loading', 'lazy');
});

test('an empty list says so', async ({ page }) => {
  await page.route(isExamTypeList, (route) =>
    route.fulfill({
      json: {
        success: true,
        message: 'ok',
        data: { docs: [], totalDocs: 0, limit: 100, page: 1, totalPages: 0 },
      },
    }),
  );
  await page.goto('/select-exam');
  await expect(page.getByText('No exams are available yet.')).toBeVisible();
});

test('/practice-subject sends a guest to sign in for the daily test', async ({ page, request }) => {
  const ids = await paperIds(request, 'WAEC', 'Physics', '2020');
  await page.goto('/practice-subject');
  await expect(page.getByRole('heading', { name: 'DAILY TEST' })).toBeVisible();
  await page.getByRole('list', { name: 'All subjects' }).getByRole('button', { name: 'Physics' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await passedState(page)).toEqual({
    returnTo: { path: '/daily-test', state: { subject: { _id: ids.subject, title: 'Physics' } } },
  });
});

test('/practice-subject opens the daily test of a quick pick for a signed-in student', async ({
  page,
  request,
  student,
}) => {
  const ids = await paperIds(request, 'WAEC', 'Mathematics', '2019');
  await signIn(page, student);
  await page.goto('/practice-subject');
  const picks = page.getByRole('region', { name: 'Quick picks' }).getByRole('button');
  await expect(picks).toHaveText(['ENGLISH', 'GENERAL KNOWLEDGE', 'MATHEMATICS']);
  await picks.filter({ hasText: 'MATHEMATICS' }).click();
  await expect(page).toHaveURL(/\/daily-test$/);
  expect(await passedState(page)).toMatchObject({ subject: { _id: ids.subject, title: 'Mathematics' } });
});

test('the four screens fit a 360 px wide phone and pass axe-core', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.goto('/select-exam');
  await expect(page.getByRole('button', { name: 'WAEC', exact: true })).toBeVisible();
  expect(await fits()).toBe(true);
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'WAEC', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Mathematics', exact: true })).toBeVisible();
  expect(await fits()).toBe(true);
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Mathematics', exact: true }).click();
  const combobox = page.getByRole('combobox', { name: 'Year' });
  await expect(combobox).toBeVisible();
  expect(await fits()).toBe(true);
  await expectNoSeriousViolations(page);
  await combobox.click();
  await expect(page.getByRole('listbox', { name: 'Year' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/practice-subject');
  await expect(page.getByRole('list', { name: 'All subjects' }).getByRole('button').first()).toBeVisible();
  expect(await fits()).toBe(true);
  await expectNoSeriousViolations(page);
});

test('a long year list scrolls within 15rem and keeps the active year in view', async ({ page }) => {
  // Production banks hold forty years of papers; the sample bank has two per subject, so the API is stood in.
  await page.route(
    (url) => url.pathname === '/api/v1/year',
    async (route) => {
      const query = new URL(route.request().url()).searchParams;
      const docs = Array.from({ length: 40 }, (_, index) => ({
        _id: `year-${index}`,
        title: String(2024 - index),
        examType: [query.get('examType')],
        subject: [query.get('subject')],
      }));
      await route.fulfill({
        json: {
          success: true,
          message: 'ok',
          data: { docs, totalDocs: 40, limit: 100, page: 1, totalPages: 1 },
        },
      });
    },
  );
  await chooseWaecMathematics(page);
  const combobox = page.getByRole('combobox', { name: 'Year' });
  await combobox.click();
  const listbox = page.getByRole('listbox', { name: 'Year' });
  expect(await listbox.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('240px');
  expect(await listbox.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(
    240,
  );
  await expectNoSeriousViolations(page);

  await page.keyboard.press('End');
  await expect(page.getByRole('option', { name: '1985' })).toBeInViewport();
  await page.keyboard.press('Home');
  await expect(page.getByRole('option', { name: '2024' })).toBeInViewport();
  await expect(page.getByRole('option', { name: '1985' })).not.toBeInViewport();
  await page.keyboard.type('199');
  await page.keyboard.press('Enter');
  await expect(combobox).toHaveText('1999');
});
