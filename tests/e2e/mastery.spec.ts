import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  newPaperQuery,
  type Student,
  signIn,
  test,
} from './fixtures.ts';

test.use({ viewport: { width: 360, height: 740 } });

/**
 * Takes a sample-bank paper through the API and submits it blank, `times` times over: every topic of the
 * paper then has at least `times` answers, none right, so each is weak enough to practise.
 */
async function takeBlank(request: APIRequestContext, student: Student, times: number) {
  const headers = { authorization: `Bearer ${student.token}` };
  const params = await newPaperQuery(request, 'WAEC', 'Mathematics', '2021');
  for (let time = 0; time < times; time++) {
    const exam = await request.get('/api/v1/exam', { params, headers });
    expect(exam.ok(), await exam.text()).toBe(true);
    const { data } = (await exam.json()) as { data: { _id: string } };
    const submitted = await request.post('/api/v1/exam/answer', { headers, data: { exam: data._id } });
    expect(submitted.ok(), await submitted.text()).toBe(true);
  }
}

test('a student sees the topic mastery on /profile and practises a weak topic through /test to /award', async ({
  page,
  request,
  student,
}) => {
  test.setTimeout(120_000);
  await takeBlank(request, student, 3);
  await signIn(page, student);
  await page.goto('/profile');

  const mastery = page.getByRole('region', { name: 'Topic mastery' });
  const mathematics = mastery.getByRole('region', { name: 'Mathematics' });
  await expect(mathematics).toBeVisible();
  await expect(mastery.getByText(/^From your latest 20 answers in each topic\./)).toBeVisible();
  // Every topic of the paper: 0% and practising, said in words beside its bar.
  const bars = mathematics.locator('.mastery-topics > li');
  expect(await bars.count()).toBeGreaterThan(3);
  for (const bar of await bars.all()) {
    await expect(bar).toContainText('0% · Practising');
    await expect(bar).toContainText(/0 of \d+ answers right/);
  }
  await expect(mathematics.getByText(/topics? not started yet/)).toBeVisible();

  const practise = mathematics.getByRole('button', { name: /^Practise this topic: / });
  await expect(practise).toHaveCount(3);
  const label = (await practise.first().getAttribute('aria-label')) ?? '';
  const topic = label.replace('Practise this topic: ', '');
  const topicBar = bars.filter({ has: page.getByText(topic, { exact: true }) });
  const before = await topicBar.locator('.mastery-topic-count').textContent();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  await practise.first().click();
  await expect(page).toHaveURL(/\/test$/);
  await expect(page.getByRole('heading', { name: `Mathematics › ${topic} (practice)` })).toBeVisible();
  const first = page.getByRole('heading', { name: /^Question 1\/\d+$/ });
  await expect(first).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Option A throughout; choosing moves on by itself, and the last question offers Submit.
  const total = Number((await first.textContent())?.split('/')[1]);
  for (let n = 1; n <= total; n++) {
    await expect(page.getByRole('heading', { name: `Question ${n}/${total}` })).toBeVisible();
    await page
      .getByRole('list', { name: /^Options for question/ })
      .getByRole('button', { name: /^A\b/ })
      .click();
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/award$/);
  await expect(page.getByText(/^Topic practice: these answers update your topic mastery/)).toBeVisible();
  await expect(page.getByText(`in Mathematics › ${topic} (practice)`)).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Topic practice submitted successfully' }),
  ).toBeVisible();
  await expect(page.locator('.stat-card').filter({ hasText: 'Total Questions' }).locator('dd')).toHaveText(
    String(total).padStart(2, '0'),
  );
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Review Answers' }).click();
  await expect(page).toHaveURL(/\/review-answers$/);
  await expect(page.locator('.review-item')).toHaveCount(total);
  await expect(page.getByText('Explanation:').first()).toBeVisible();
  await page.getByRole('button', { name: 'Back to Results' }).click();
  await expect(page).toHaveURL(/\/award$/);

  await page.getByRole('link', { name: 'Back to your topics' }).click();
  await expect(page).toHaveURL(/\/profile#topic-mastery$/);
  await expect(topicBar.locator('.mastery-topic-count')).not.toHaveText(before ?? '');
});

test('a student with no scored test is asked to take a paper', async ({ page, student }) => {
  await signIn(page, student);
  await page.goto('/profile');
  const mastery = page.getByRole('region', { name: 'Topic mastery' });
  await expect(mastery.getByText('Take a paper to see your topics.')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
