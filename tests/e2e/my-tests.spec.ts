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

// /profile's "My tests" on a phone: empty at first with a way to a first test, then a test taken online
// listed as a card whose title opens its review by address (/review-answers?exam=<id>).

test.use({ viewport: { width: 360, height: 740 } });

/** Takes WAEC Mathematics 2021 through the API with its first question answered, and returns the attempt. */
async function takeExam(request: APIRequestContext, student: Student) {
  const headers = { authorization: `Bearer ${student.token}` };
  const params = await newPaperQuery(request, 'WAEC', 'Mathematics', '2021');
  const exam = await request.get('/api/v1/exam', { params, headers });
  expect(exam.ok(), await exam.text()).toBe(true);
  const { data } = (await exam.json()) as {
    data: { _id: string; questions: { _id: string; options: { _id: string }[] }[] };
  };
  const [first] = data.questions;
  const answers = first ? [{ question: first._id, option: first.options[0]?._id }] : [];
  const submitted = await request.post('/api/v1/exam/answer', { headers, data: { exam: data._id, answers } });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  return { id: data._id, questions: data.questions.length };
}

test('at 360 px a test listed in My tests opens its review by address, and the list passes axe', async ({
  page,
  request,
  student,
}) => {
  test.setTimeout(120_000);
  await signIn(page, student);
  await page.goto('/profile');
  const myTests = page.getByRole('region', { name: 'My tests' });
  await expect(myTests.getByText('No tests yet.')).toBeVisible();
  await expect(myTests.getByRole('link', { name: 'Take your first test' })).toHaveAttribute(
    'href',
    '/select-exam',
  );

  const taken = await takeExam(request, student);
  await page.reload();
  const card = myTests.getByRole('listitem');
  await expect(card).toHaveCount(1);
  const title = card.getByRole('link', { name: /^WAEC · Mathematics · 2021$/ });
  await expect(title).toHaveAttribute('href', `/review-answers?exam=${taken.id}`);
  // The first attempt at a paper counts; the score is said in words as well as shown.
  await expect(card.getByText('Leaderboard', { exact: true })).toBeVisible();
  await expect(card.getByText('Taken offline')).toHaveCount(0);
  await expect(title).toHaveAccessibleDescription(/^-?\d+ out of \d+ points, \d+ of \d+ right /);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  await title.click();
  await expect(page).toHaveURL(new RegExp(`/review-answers\\?exam=${taken.id}$`));
  await expect(page.locator('.review-item')).toHaveCount(taken.questions);
  await expect(page.getByText('No quiz answers found.')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Back to Results' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
