import type { APIRequestContext } from '@playwright/test';
import {
  createStudent,
  expect,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  newPaperQuery,
  type Student,
  signIn,
  startPaper,
  test,
} from './fixtures.ts';

// Three things a student on a 360 px phone met: a test handed in early flooding the review deck, a full
// exam before the email is confirmed sending them to buy a plan, and the coin balance and history hard to
// find on /profile and /buy-coins.
test.use({ viewport: { width: 360, height: 740 } });

/** Two sample-bank papers of 20 questions each. */
const PAPERS = [
  { examType: 'WAEC', subject: 'Mathematics', year: '2019' },
  { examType: 'GCE', subject: 'Mathematics', year: '2019' },
];

/** Starts a paper through the API and hands it in at once, every question left blank. */
async function handInBlank(request: APIRequestContext, student: Student, paper: (typeof PAPERS)[number]) {
  const headers = { authorization: `Bearer ${student.token}`, 'frontend-source': 'webuser' };
  const started = await request.get('/api/v1/exam', {
    headers,
    params: await newPaperQuery(request, paper.examType, paper.subject, paper.year),
  });
  expect(started.ok()).toBe(true);
  const exam = (await started.json()) as { data: { _id: string } };
  const submitted = await request.post('/api/v1/exam/answer', {
    headers,
    data: { exam: exam.data._id, answers: [] },
  });
  expect(submitted.ok()).toBe(true);
}

test('forty blanks put twenty in today’s reviews and say how many more wait', async ({
  page,
  request,
  student,
}) => {
  for (const paper of PAPERS) await handInBlank(request, student, paper);
  await signIn(page, student);
  await page.goto('/');
  const reminder = page.getByRole('region', {
    name: 'You have 20 questions to review today · 20 more waiting.',
  });
  await expect(reminder).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  await reminder.getByRole('link', { name: 'Review now' }).click();
  await expect(page).toHaveURL(/\/review-deck$/);
  await expect(page.getByRole('heading', { name: 'Question 1 of 20', exact: true })).toBeVisible();
});

test('a full exam before the email is confirmed asks to confirm it, with Resend, not to buy a plan', async ({
  page,
  baseURL,
}) => {
  const unconfirmed = await createStudent(baseURL ?? '', {}, { confirmEmail: false });
  await signIn(page, unconfirmed);
  await startPaper(page, 'WAEC', 'Mathematics', '2019');

  const message = page.getByRole('alert').filter({ hasText: 'Confirm your email to start your free trial' });
  await expect(message).toBeVisible();
  await expect(message).toContainText(String(unconfirmed.details.email));
  await expect(page).toHaveURL(/\/test/);
  await expect(page.getByText('Choose a plan to take full exams')).toBeHidden();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  await message.getByRole('button', { name: 'Resend link' }).click();
  await expect(message.getByRole('status')).toContainText(String(unconfirmed.details.email));
  await expect(page).toHaveURL(/\/test/);
});

test('the balance is in view on /profile and /buy-coins, and /profile jumps to its sections', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  await page.goto('/profile');
  const summary = page.getByRole('region', { name: 'Aisha Bello' });
  await expect(summary.getByText('80 coins')).toBeInViewport();
  const jumps = page.getByRole('navigation', { name: 'Profile sections' });
  await expect(jumps.getByRole('link')).toHaveText([
    'Your details',
    'Predicted score',
    'Exam plan',
    'Topic mastery',
    'Downloaded papers',
    'My tests',
    'My contests',
    'Coin History',
  ]);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  await jumps.getByRole('link', { name: 'Coin History' }).click();
  await expect(page).toHaveURL(/#history-heading$/);
  await expect(page.getByRole('heading', { name: 'Coin History' })).toBeInViewport();
  await page.goto('/profile');
  await summary.getByRole('link', { name: 'Coin history' }).click();
  await expect(page.getByRole('heading', { name: 'Coin History' })).toBeInViewport();

  await page.goto('/buy-coins');
  await expect(page.getByText('Your balance: 80 coins')).toBeInViewport();
  // TotalCoin, the spec's alert, stays.
  await expect(page.getByRole('button', { name: 'TotalCoin' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
});
