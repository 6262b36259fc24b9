import type { APIRequestContext, Page } from '@playwright/test';
import type { UtmeCatalogue, UtmeResult, UtmeSitting } from '../../src/lib/api/utme.ts';
import { formatDayAndTime } from '../../src/lib/format.ts';
import { createStudent, expect, expectNoSeriousViolations, type Student, signIn, test } from './fixtures.ts';

// /utme (the subject picker, Resume, the mock ranking) and /utme/result on a 360 px phone, by keyboard
// where a student would use it, with axe. The sitting screen between them has its own tests: here a
// sitting is started and submitted through the API, as the screen would.
test.use({ viewport: { width: 360, height: 740 } });

const bearer = (student: Student) => ({ authorization: `Bearer ${student.token}` });

async function expectFitsAndPassesAxe(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousViolations(page);
}

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The picker's catalogue as the student's API call gives it. */
async function catalogue(request: APIRequestContext, student: Student) {
  return apiData<UtmeCatalogue>(
    await request.get('/api/v1/exam/utme/subjects', { headers: bearer(student) }),
  );
}

/** The ids of elective subjects, by title. */
async function subjectIds(request: APIRequestContext, student: Student, titles: string[]) {
  const { electives } = await catalogue(request, student);
  return titles.map((title) => {
    const subject = electives.find((elective) => elective.title === title);
    expect(subject, title).toBeDefined();
    return subject?._id ?? '';
  });
}

/** Starts a sitting through the API, as the sitting screen does when it opens. */
async function startSitting(request: APIRequestContext, student: Student, ids: string[]) {
  return apiData<UtmeSitting>(
    await request.get('/api/v1/exam/utme', { params: { subjects: ids.join(',') }, headers: bearer(student) }),
  );
}

/**
 * Text of sanitised HTML, up to its first entity or formula, to look for on the page. A formula's KaTeX
 * markup holds its LaTeX source too, which the page never shows as text.
 */
function snippet(html: string): string {
  const text = html
    .split('<span class="katex')[0]
    ?.replace(/<[^>]+>/g, ' ')
    .split(/&#?\w+;/)[0]
    ?.replace(/\s+/g, ' ')
    .trim();
  return (text ?? '').slice(0, 40).trim();
}

test('the picker fixes Use of English, blocks a fourth subject and starts the sitting with three', async ({
  page,
  request,
  student,
}) => {
  const [biology, economics, government] = await subjectIds(request, student, [
    'Biology',
    'Economics',
    'Government',
  ]);
  // A subject the bank cannot fill yet is shown but cannot be chosen: Geography is made one here.
  await page.route('**/api/v1/exam/utme/subjects', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: UtmeCatalogue };
    for (const subject of body.data.electives) {
      if (subject.title === 'Geography') Object.assign(subject, { questions: 12, available: false });
    }
    await route.fulfill({ response, json: body });
  });
  // The sitting screen is not under test here: its address is.
  await page.route('**/utme/sitting?*', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Sitting</title><h1>Sitting</h1>',
    }),
  );
  await signIn(page, student);
  await page.goto('/utme');

  await expect(page.getByRole('heading', { name: 'JAMB UTME mock', level: 1 })).toBeVisible();
  const english = page.getByRole('checkbox', { name: 'Use of English' });
  await expect(english).toBeChecked();
  await expect(english).toBeDisabled();
  await expect(page.getByText('Compulsory for every candidate')).toBeVisible();
  const geography = page.getByRole('checkbox', { name: 'Geography' });
  await expect(geography).toBeDisabled();
  await expect(page.getByText('Not enough questions yet (12 of 40)')).toBeVisible();
  await expect(page.getByText('0 of 3 chosen')).toBeVisible();

  // By keyboard: Space ticks the focused subject.
  await page.getByRole('checkbox', { name: 'Government' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: 'Biology' }).check();
  await expect(page.getByText('2 of 3 chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Start the mock' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose 1 more subject to start.' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Economics' }).check();
  await expect(page.getByText('3 of 3 chosen')).toBeVisible();

  // A fourth is announced as unavailable but keeps the focus, so that ticking it can say why it is refused.
  const physics = page.getByRole('checkbox', { name: 'Physics' });
  await expect(physics).toHaveAttribute('aria-disabled', 'true');
  await physics.focus();
  await page.keyboard.press('Space');
  await expect(physics).not.toBeChecked();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'You have chosen 3 subjects already. Untick one to choose Physics.' }),
  ).toBeVisible();
  await expectFitsAndPassesAxe(page);

  await page.getByRole('button', { name: 'Start the mock' }).click();
  await expect(page).toHaveURL(`/utme/sitting?subjects=${biology},${economics},${government}`);
});

test('an unfinished sitting is offered to resume instead of the picker, and has no result yet', async ({
  page,
  request,
  student,
}) => {
  const ids = await subjectIds(request, student, ['Physics', 'Chemistry', 'Mathematics']);
  const sitting = await startSitting(request, student, ids);
  await signIn(page, student);
  await page.goto('/utme');

  await expect(page.getByRole('heading', { name: 'Your sitting is not finished' })).toBeVisible();
  await expect(
    page.getByText(
      `You have an unfinished sitting in Use of English, Physics, Chemistry and Mathematics, which ends at ${formatDayAndTime(sitting.endsAt)} West Africa Time.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Resume' })).toHaveAttribute(
    'href',
    `/utme/sitting?subjects=${ids.join(',')}`,
  );
  await expect(page.getByRole('button', { name: 'Start the mock' })).toHaveCount(0);
  await expectFitsAndPassesAxe(page);

  await page.goto(`/utme/result?exam=${sitting._id}`);
  await expect(page.getByRole('alert')).toHaveText(/has not been handed in yet/);
  await expect(page.getByRole('link', { name: 'Go to the UTME mock' })).toHaveAttribute('href', '/utme');
});

test('the result opened by its address shows the totals, each subject and the review with explanations', async ({
  page,
  request,
  student,
}) => {
  test.setTimeout(120_000);
  const ids = await subjectIds(request, student, ['Biology', 'Economics', 'Government']);
  const sitting = await startSitting(request, student, ids);
  // The first option of the first ten questions of each subject, sent with the submission.
  const answers = sitting.sections.flatMap((section) =>
    section.questions
      .slice(0, 10)
      .map((question) => ({ question: question._id, option: question.options[0]?._id })),
  );
  const submitted = await apiData<UtmeResult>(
    await request.post('/api/v1/exam/answer/utme', {
      data: { exam: sitting._id, answers },
      headers: bearer(student),
    }),
  );
  await signIn(page, student);
  await page.goto(`/utme/result?exam=${sitting._id}`);

  await expect(page.getByRole('heading', { name: 'Your UTME mock result', level: 1 })).toBeVisible();
  await expect(page.locator('.utme-result-number')).toHaveText(`${submitted.total} / 400 out of 400`);
  // Other students may hand in mocks meanwhile, so the percentile is read as a sentence, not a number.
  await expect(
    page.getByText(/^(Better than \d+% of students who have sat a mock|You are the first to sit a mock)$/),
  ).toBeVisible();
  // The student's first mock, drawn from questions they had not seen, is the one the ranking keeps.
  await expect(
    page.getByText(/^This mock is on the mock ranking with \d+ \/ 400\. A question earns you/),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Scores by subject' });
  for (const section of submitted.sections) {
    await expect(table.getByRole('row', { name: new RegExp(`^${section.subject.title} `) })).toHaveText(
      `${section.subject.title}${section.score} / 100${section.correctAnswer} of ${section.totalQuestions}`,
    );
  }
  await expect(page.getByRole('link', { name: 'Take another mock' })).toHaveAttribute('href', '/utme');
  await expectFitsAndPassesAxe(page);

  // The review opens on Use of English; the arrow keys move between subjects.
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  const biology = page.getByRole('tab', { name: /^Biology/ });
  await expect(biology).toHaveAttribute('aria-selected', 'true');
  await expect(biology).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const economics = submitted.sections[2];
  await expect(page.getByRole('tab', { name: /^Economics/ })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.locator('.review-item')).toHaveCount(economics?.totalQuestions ?? 0);
  const explained = economics?.quizAnswers.find((answer) => snippet(answer.explanation ?? '').length >= 10);
  await expect(panel.getByText(snippet(explained?.explanation ?? '')).first()).toBeVisible();
  await expectFitsAndPassesAxe(page);

  // A reload reads the result again from the server.
  await page.reload();
  await expect(page.locator('.utme-result-number')).toHaveText(`${submitted.total} / 400 out of 400`);

  // The mock ranking now has the student, marked as them.
  await page.getByRole('link', { name: 'See the mock ranking' }).click();
  await expect(page).toHaveURL(/\/utme#ranking$/);
  const ranking = page.getByRole('list', { name: 'First mock totals' });
  await expect(ranking.getByRole('listitem').filter({ hasText: '(you)' })).toContainText(
    `${submitted.total} / 400`,
  );
  await expect(page.getByRole('button', { name: 'Start the mock' })).toBeVisible();
  await expectFitsAndPassesAxe(page);
});

test('a result the student does not have says so, with the way back to the mock', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  await page.goto('/utme/result?exam=5d0c2a8e-8f7b-4d6e-9a51-3c2b1a0f9e87');
  await expect(page.getByRole('alert')).toHaveText(/could not find that mock sitting/);
  await expect(page.getByRole('link', { name: 'Go to the UTME mock' })).toBeVisible();
  await expectFitsAndPassesAxe(page);
});

test('a student without a plan or trial is told the mock needs one, with the plans', async ({
  page,
  baseURL,
}) => {
  const unconfirmed = await createStudent(baseURL ?? '', {}, { confirmEmail: false });
  await signIn(page, unconfirmed);
  await page.goto('/utme');
  await expect(page.getByRole('heading', { name: 'The mock needs a plan' })).toBeVisible();
  await expect(page.getByText(/Your trial starts once you confirm your email address/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('button', { name: 'Start the mock' })).toHaveCount(0);
  await expectFitsAndPassesAxe(page);
});

test('the home page and PRACTICE EXAMS lead to the UTME mock', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'JAMB UTME mock' })).toHaveAttribute('href', '/utme');
  await page.goto('/select-exam');
  await expect(
    page.getByRole('link', { name: /^JAMB UTME mock: 4 subjects, 180 questions, 2 hours/ }),
  ).toHaveAttribute('href', '/utme');
  await expectFitsAndPassesAxe(page);
});
