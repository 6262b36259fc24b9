import type { APIRequestContext, Page } from '@playwright/test';
import type { UtmePrediction } from '../../src/lib/api/prediction.ts';
import type { UtmeCatalogue, UtmeSitting } from '../../src/lib/api/utme.ts';
import {
  expect,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  type Student,
  signIn,
  test,
} from './fixtures.ts';

// The predicted UTME score and the plan to exam day on a 360 px phone, with axe: the panel on /utme and
// /profile, the exam plan form, and the Today card on /profile and home. A whole sitting is answered through
// the API, as the sitting screen would send it.
test.use({ viewport: { width: 360, height: 740 } });

const bearer = (student: Student) => ({ authorization: `Bearer ${student.token}` });
const ELECTIVES = ['Chemistry', 'Mathematics', 'Physics'];

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Starts a sitting in three subjects and hands it in with every one of its 180 questions answered. */
async function answerWholeSitting(request: APIRequestContext, student: Student) {
  const catalogue = await apiData<UtmeCatalogue>(
    await request.get('/api/v1/exam/utme/subjects', { headers: bearer(student) }),
  );
  const ids = ELECTIVES.map((title) => catalogue.electives.find((subject) => subject.title === title)?._id);
  const sitting = await apiData<UtmeSitting>(
    await request.get('/api/v1/exam/utme', { params: { subjects: ids.join(',') }, headers: bearer(student) }),
  );
  // Options in turn, so that some answers are right and some wrong whatever the keys are.
  const answers = sitting.sections.flatMap((section) =>
    section.questions.map((question, index) => ({
      question: question._id,
      option: question.options[index % question.options.length]?._id,
    })),
  );
  expect(answers).toHaveLength(180);
  await apiData(
    await request.post('/api/v1/exam/answer/utme', {
      data: { exam: sitting._id, answers },
      headers: bearer(student),
    }),
  );
}

/** The panel, by its heading. */
const panel = (page: Page) => page.getByRole('region', { name: 'Your predicted UTME score' });

/** The day `days` ahead of today in West Africa Time, as the date input takes it. */
function westAfricaDayAhead(days: number): string {
  return new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

test('a student who has answered a whole sitting sees a predicted total with its range on /utme and /profile', async ({
  page,
  request,
  student,
}) => {
  test.setTimeout(120_000);
  await answerWholeSitting(request, student);
  const prediction = await apiData<UtmePrediction>(
    await request.get('/api/v1/prediction', { headers: bearer(student) }),
  );
  expect(prediction.chosenFrom).toBe('sitting');
  const total = prediction.total;
  expect(total).not.toBeNull();
  const [expected, low, high] = [total?.expected, total?.low, total?.high].map((value) =>
    Math.round(value ?? 0),
  );
  await signIn(page, student);

  for (const path of ['/utme', '/profile']) {
    await page.goto(path);
    const shown = panel(page);
    await expect(shown.getByText(`Predicted total: ${expected} out of 400`)).toBeAttached();
    await expect(
      shown.getByText(
        `If you sat the UTME today, 8 sittings in 10 would land between ${low} and ${high}. The more questions you answer, the narrower it gets.`,
      ),
    ).toBeVisible();
    // Each of the four subjects out of 100, its range in words.
    for (const title of ['Use of English', ...ELECTIVES]) {
      const row = shown.getByRole('listitem').filter({ hasText: title });
      await expect(row).toContainText(/\d+ out of 100: 8 sittings in 10 between \d+ and \d+/);
    }
    await expect(
      shown.getByText('These are the subjects of your latest mock.', { exact: false }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);
  }
});

test('a fresh student is told how many answers a prediction needs and chooses their subjects on /utme', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  await page.goto('/utme');
  const shown = panel(page);
  await expect(
    shown.getByText('Answer about 40 more Use of English questions to see your prediction'),
  ).toBeVisible();
  await expect(shown.getByRole('link', { name: 'Practise Use of English' })).toHaveAttribute(
    'href',
    '/select-exam',
  );
  await expect(
    shown.getByText('Choose your 3 subjects besides Use of English to see your predicted total out of 400.'),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // The plan form opens from the panel: the browser refuses two subjects, as the API would.
  const choose = shown.getByRole('button', { name: 'Choose your subjects' });
  await expect(choose).toHaveAttribute('aria-expanded', 'false');
  await choose.click();
  const form = shown.getByRole('region', { name: 'Your exam plan' });
  await form.getByRole('checkbox', { name: 'Physics', exact: true }).check();
  await form.getByRole('checkbox', { name: 'Chemistry', exact: true }).check();
  await form.getByRole('button', { name: 'Save my plan' }).click();
  await expect(form.getByText('Choose exactly 3 subjects besides Use of English')).toBeVisible();
  // The student is taken to the subjects, where the error is.
  await expect(page.locator(':focus')).toHaveAttribute('type', 'checkbox');
  await expectNoSeriousViolations(page);

  await form.getByRole('checkbox', { name: 'Biology', exact: true }).check();
  await form.getByRole('button', { name: 'Save my plan' }).click();
  await expect(page.getByText('Your exam plan is saved.')).toBeVisible();
  // The panel reads the prediction again: the three subjects now each say what they need.
  for (const title of ['Physics', 'Chemistry', 'Biology']) {
    await expect(
      shown.getByText(`Answer about 40 more ${title} questions to see your prediction`),
    ).toBeVisible();
  }
});

test('setting an exam date shows the days to it on home’s Today card and /profile, and clearing it brings back the prompt', async ({
  page,
  student,
}) => {
  await signIn(page, student);
  await page.goto('/profile');
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('link', { name: 'Set your exam date' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Your exam plan' });
  const date = form.getByLabel('Exam date');

  // A day already past is the server's to refuse: its reason shows beside the field.
  await date.fill(westAfricaDayAhead(-2));
  for (const title of ['Biology', 'Economics', 'Government']) {
    await form.getByRole('checkbox', { name: title, exact: true }).check();
  }
  await form.getByRole('button', { name: 'Save my plan' }).click();
  await expect(form.getByText(/^The exam date has passed: choose today/)).toBeVisible();
  await expect(date).toBeFocused();

  await date.fill(westAfricaDayAhead(30));
  await form.getByRole('button', { name: 'Save my plan' }).click();
  await expect(page.getByText('Your exam plan is saved.')).toBeVisible();
  await expect(today.getByText('30 days to your exam')).toBeVisible();
  // The day's topics (the sample bank's JAMB questions are tagged), each with its stake and a named button.
  const practise = /^Practise .+ \((Use of English|Biology|Economics|Government)\)$/;
  await expect(today.getByText('Then practise the topics that cost you most:')).toBeVisible();
  await expect(today.getByRole('button', { name: practise }).first()).toBeVisible();
  await expect(today.getByText(/: about \d+ points? of your 400 at stake$/).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // Home: the Today card in place of the review reminder.
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Today' });
  await expect(card.getByText('30 days to your exam')).toBeVisible();
  await expect(card.getByText('No reviews due today.')).toBeVisible();
  await expect(card.getByRole('button', { name: practise }).first()).toBeVisible();
  await expect(card.getByRole('link', { name: 'Review your mistakes' })).toHaveAttribute(
    'href',
    '/review-deck',
  );
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // Cleared, the date is asked for again on /profile, and home has no card.
  await page.goto('/profile');
  await form.getByRole('button', { name: 'Clear the date' }).click();
  await expect(date).toHaveValue('');
  await expect(date).toBeFocused();
  await form.getByRole('button', { name: 'Save my plan' }).click();
  await expect(page.getByText('Your exam plan is saved.')).toBeVisible();
  await expect(today.getByText(/^Set the day of your exam/)).toBeVisible();
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Today' })).toBeHidden();
});
