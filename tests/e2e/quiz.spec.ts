import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, type Student, signIn, startPaper, test } from './fixtures.ts';

interface Listed {
  _id: string;
  title: string;
}

type Choice = { _id: string; title: string };

/** The catalogue item of a title, as the API lists it. */
async function find(request: APIRequestContext, path: string, title: string): Promise<Choice> {
  const response = await request.get(path, { params: { limit: 100 } });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { docs: Listed[] } };
  const item = data.docs.find((doc) => doc.title === title);
  expect(item, `${title} in ${path}`).toBeDefined();
  return { _id: item?._id ?? '', title };
}

/** The navigation state /test needs for a paper of the sample bank. */
async function paperState(request: APIRequestContext, examType: string, subject: string, year: string) {
  return {
    examType: await find(request, '/api/v1/examType', examType),
    subject: await find(request, '/api/v1/subject', subject),
    year: await find(request, '/api/v1/year', year),
  };
}

/** The right answers (A, B, C, D) of a sample-bank paper, in question order. */
async function rightLetters(file: string): Promise<string[]> {
  const paper = JSON.parse(await readFile(`content/bank/${file}`, 'utf8')) as {
    questions: { answer: string }[];
  };
  return paper.questions.map((question) => question.answer);
}

/** GET /api/v1/exam: fetching (or resuming) a full exam. */
const isExamFetch = (url: URL) => url.pathname === '/api/v1/exam';

const wrongLetter = (right: string) => (right === 'A' ? 'B' : 'A');

/** Opens a page with navigation state, as navigate() in src/lib/client/navigation.ts hands it over. */
async function openWithState(page: Page, path: string, state: unknown) {
  // Any light page of the site will do: sessionStorage belongs to the origin.
  await page.goto('/out-of-coin');
  await page.evaluate(
    ([target, value]) => {
      const key = crypto.randomUUID();
      sessionStorage.setItem(`nav:state:${key}`, JSON.stringify(value));
      sessionStorage.setItem('nav:pending', JSON.stringify({ path: target, key }));
    },
    [path, state] as const,
  );
  await page.goto(path);
}

const questionHeading = (page: Page, n: number, total: number) =>
  page.getByRole('heading', { name: `Question ${n}/${total}`, exact: true });

/** An option of the current question by its letter. */
const option = (page: Page, letter: string) =>
  page
    .getByRole('list', { name: /^Options for question/ })
    .getByRole('button', { name: new RegExp(`^${letter}\\b`) });

/** Collects the page's console errors (a CSP refusal, say), to check that there are none. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

/** What the server has saved for the student's open attempt at a paper (it resumes the same attempt). */
async function savedAnswers(
  request: APIRequestContext,
  student: Student,
  state: Awaited<ReturnType<typeof paperState>>,
) {
  const response = await request.get('/api/v1/exam', {
    params: { exam: 'new', examType: state.examType._id, subject: state.subject._id, year: state.year._id },
    headers: { authorization: `Bearer ${student.token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { answers: unknown[] } }).data.answers;
}

test('a student takes a full paper with the mouse, reviews it, shares the score and is on the leader board', async ({
  page,
  context,
  student,
}) => {
  test.setTimeout(150_000);
  const right = await rightLetters('waec/mathematics-2019.json');
  const errors = consoleErrors(page);
  await signIn(page, student);

  // The way a student gets there: exam type, subject, year, Start.
  await startPaper(page, 'WAEC', 'Mathematics', '2019');
  await expect(page).toHaveURL(/\/test$/);

  await expect(questionHeading(page, 1, 20)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'WAEC Mathematics 2019' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^00:(19:[0-5]\d|20:00)$/);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await expect(next).toBeDisabled();
  await expect(page.getByText('Lifelines: 4 coins each')).toContainText('80 coins');

  // Choosing highlights the option and moves on by itself after a second.
  await option(page, right[0] ?? 'A').click();
  await expect(option(page, right[0] ?? 'A')).toHaveAttribute('aria-pressed', 'true');
  await expect(questionHeading(page, 2, 20)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeVisible();

  for (let index = 1; index < 19; index++) {
    await option(page, right[index] ?? 'A').click();
    await next.click();
    await expect(questionHeading(page, index + 2, 20)).toBeVisible();
  }
  // The last question does not move on; it offers Submit instead of Next.
  await option(page, right[19] ?? 'A').click();
  await expect(next).toHaveCount(0);
  await page.waitForTimeout(1300);
  await expect(questionHeading(page, 20, 20)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 20, answered' })).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert' });
  await expect(dialog).toContainText('Are you sure you want to submit now? Action cannot be undone.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/award$/);
  await expect(page.getByRole('heading', { name: 'HURRAY!!!' })).toBeVisible();
  await expect(page.locator('body > canvas')).toBeAttached();
  await expect(page.getByText('Congratulations, Aisha Bello')).toBeVisible();
  await expect(page.getByText('You performed Excellently')).toBeVisible();
  const stat = (label: string) => page.locator('.stat-card').filter({ hasText: label }).locator('dd');
  await expect(stat('Score Accuracy')).toHaveText('100%');
  await expect(stat('Total Questions')).toHaveText('20');
  await expect(stat('Correct Answers')).toHaveText('20');
  await expect(stat('Wrong Answers')).toHaveText('00');
  await expect(page.getByText('Points: 100')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Exam submitted successfully' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const alerts: string[] = [];
  page.once('dialog', (shown) => {
    alerts.push(shown.message());
    void shown.accept();
  });
  await page.getByRole('button', { name: 'Share Score' }).click();
  await expect.poll(() => alerts).toEqual(['Score copied to clipboard! Share it with your friends!']);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('I scored 100% on the quiz! 🎉');

  await page.getByRole('button', { name: 'Review Answers' }).click();
  await expect(page).toHaveURL(/\/review-answers$/);
  const items = page.locator('.review-item');
  await expect(items).toHaveCount(20);
  await expect(items.first().getByRole('heading', { name: 'Question 1' })).toBeVisible();
  await expect(items.first().getByText('Correct', { exact: true })).toBeVisible();
  await expect(items.first().getByText('Your Answer:')).toBeVisible();
  await expect(items.first().getByText('Explanation:')).toBeVisible();
  await expect(page.getByText('Correct Answer:')).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Back to Results' }).click();
  await expect(page).toHaveURL(/\/award$/);
  await expect(page.getByRole('heading', { name: 'HURRAY!!!' })).toBeVisible();

  // Back from the results never reopens (and so restarts) the submitted paper.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/test$/);

  await page.goto('/leader-board');
  const mine = page.getByRole('listitem').filter({ hasText: '(you)' });
  await expect(mine).toContainText('Aisha Bello');
  await expect(mine).toContainText('100 points');
  await expect(mine).toHaveAttribute('aria-current', 'true');
  await expect(mine.locator('.board-rank')).toHaveText(/^\d+(st|nd|rd|th)$/);
  await expectNoSeriousViolations(page);
  expect(errors).toEqual([]);
});

test('a student takes a full paper with the keyboard alone (JAMB CBT keys)', async ({
  page,
  request,
  student,
}) => {
  test.setTimeout(120_000);
  const right = await rightLetters('jamb/english-2020.json');
  const state = await paperState(request, 'JAMB', 'English', '2020');
  const errors = consoleErrors(page);
  await signIn(page, student);
  await openWithState(page, '/test', state);
  await expect(questionHeading(page, 1, 20)).toBeVisible();
  // English has no calculator.
  await expect(page.getByRole('button', { name: 'Calculator' })).toHaveCount(0);

  const first = wrongLetter(right[0] ?? 'A');
  await page.keyboard.press(first.toLowerCase());
  await expect(option(page, first)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('n');
  await expect(questionHeading(page, 2, 20)).toBeVisible();
  // N waits for an answer. P clears the current question's selection (spec §4) and goes back, where the
  // earlier answer still shows.
  await page.keyboard.press('n');
  await expect(questionHeading(page, 2, 20)).toBeVisible();
  await page.keyboard.press('c');
  await expect(option(page, 'C')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('p');
  await expect(questionHeading(page, 1, 20)).toBeVisible();
  await expect(option(page, first)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('n');
  await expect(questionHeading(page, 2, 20)).toBeVisible();
  await expect(
    page.getByRole('list', { name: /^Options for question/ }).locator('[aria-pressed="true"]'),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();

  for (let index = 1; index < 19; index++) {
    await expect(questionHeading(page, index + 1, 20)).toBeVisible();
    await page.keyboard.press(wrongLetter(right[index] ?? 'A').toLowerCase());
    await page.keyboard.press('n');
  }
  await expect(questionHeading(page, 20, 20)).toBeVisible();
  await page.keyboard.press(wrongLetter(right[19] ?? 'A').toLowerCase());

  const dialog = page.getByRole('dialog', { name: 'Alert' });
  await page.keyboard.press('s');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('r');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('s');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('All questions are answered.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/award$/);
  await expect(page.getByRole('heading', { name: 'OOPS!!!' })).toBeVisible();
  await expect(page.getByText('Hey, Aisha Bello')).toBeVisible();
  await expect(page.getByText('You performed Poorly')).toBeVisible();
  const stat = (label: string) => page.locator('.stat-card').filter({ hasText: label }).locator('dd');
  await expect(stat('Score Accuracy')).toHaveText('0%');
  await expect(stat('Correct Answers')).toHaveText('00');
  await expect(stat('Wrong Answers')).toHaveText('20');
  await expect(page.getByText('Points: -40')).toBeVisible();
  await expect(page.locator('body > canvas')).toHaveCount(0);

  // The results screen works from the keyboard too.
  await page.getByRole('button', { name: 'Review Answers' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/review-answers$/);
  const firstItem = page.locator('.review-item').first();
  await expect(firstItem.getByText('Incorrect', { exact: true })).toBeVisible();
  await expect(firstItem.getByText('Correct Answer:')).toBeVisible();
  expect(errors).toEqual([]);
});

test('answers picked offline are kept through a reload and sent when the connection returns', async ({
  page,
  context,
  request,
  student,
}) => {
  test.setTimeout(90_000);
  const state = await paperState(request, 'NECO', 'Biology', '2021');
  await signIn(page, student);
  await openWithState(page, '/test', state);
  await expect(questionHeading(page, 1, 20)).toBeVisible();
  await option(page, 'A').click();
  await page.getByRole('button', { name: 'Flag for review' }).click();
  await expect(page.getByRole('button', { name: 'Flag for review' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => savedAnswers(request, student, state).then((answers) => answers.length)).toBe(1);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();
  for (const [index, letter] of [
    [2, 'B'],
    [3, 'C'],
    [4, 'D'],
  ] as const) {
    await expect(questionHeading(page, index, 20)).toBeVisible();
    await option(page, letter).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect(page.getByText('3 answers waiting to be sent')).toBeVisible();
  const before = await page.getByRole('timer').textContent();

  // Back online, but the saves still fail (a flaky network): nothing is lost by a reload either.
  await page.route('**/api/v1/exam/answer', (route) =>
    route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await context.setOffline(false);
  await page.reload();
  await expect(questionHeading(page, 5, 20)).toBeVisible();
  await expect(page.getByText('3 answers waiting to be sent')).toBeVisible();
  const after = await page.getByRole('timer').textContent();
  expect((after ?? '') <= (before ?? '')).toBe(true);
  await expect(page.getByRole('button', { name: 'Question 1, answered, flagged for review' })).toBeVisible();
  for (const n of [2, 3, 4])
    await expect(page.getByRole('button', { name: `Question ${n}, answered` })).toBeVisible();
  await page.getByRole('button', { name: 'Question 3, answered' }).click();
  await expect(option(page, 'C')).toHaveAttribute('aria-pressed', 'true');

  // The retry timer sends them once saves go through.
  await page.unroute('**/api/v1/exam/answer');
  await expect(page.getByText('answers waiting to be sent')).toBeHidden({ timeout: 20_000 });
  expect(await savedAnswers(request, student, state)).toHaveLength(4);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('quiz:queue:'))),
  ).toEqual([]);
});

test('the daily test submits by itself when time runs out, and can be taken once a day', async ({
  page,
  request,
  student,
}) => {
  test.setTimeout(90_000);
  const subject = await find(request, '/api/v1/subject', 'Mathematics');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.clock.install();
  await signIn(page, student);
  await openWithState(page, '/daily-test', { subject });

  await expect(questionHeading(page, 1, 10)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily Test: Mathematics' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^00:(09:[0-5]\d|10:00)$/);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // Scroll to Top shows after 300 px of scroll; the header logo shrinks after 20 px.
  await expect(page.getByRole('button', { name: 'Scroll to Top' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(page.locator('.quiz-header')).toHaveClass(/compact/);
  await page.getByRole('button', { name: 'Scroll to Top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await option(page, 'A').click();
  await expect(questionHeading(page, 2, 10)).toBeVisible();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let submitted: { answers: unknown[] } | undefined;
  await page.route('**/api/v1/exam/answer/daily', async (route) => {
    submitted = route.request().postDataJSON() as { answers: unknown[] };
    await held;
    await route.continue();
  });
  await page.clock.fastForward('10:00');
  await expect(page.getByRole('timer')).toHaveText('Time up!');
  await expect(page.getByText('Time up! Submitting your answers...')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Alert' })).toBeHidden();
  await expect(option(page, 'B')).toBeDisabled();
  await expect.poll(() => submitted?.answers.length).toBe(1);
  release();

  await expect(page).toHaveURL(/\/award$/);
  const stat = (label: string) => page.locator('.stat-card').filter({ hasText: label }).locator('dd');
  await expect(stat('Total Questions')).toHaveText('10');
  // Wrong Answers is total minus correct (spec §3), the nine questions left blank included.
  const correct = Number(await stat('Correct Answers').textContent());
  await expect(stat('Wrong Answers')).toHaveText(String(10 - correct).padStart(2, '0'));
  await expect(page.getByText('9 questions were not answered.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await openWithState(page, '/daily-test', { subject });
  await expect(page.getByText(/Come back tomorrow/)).toBeVisible();
  await page.getByRole('link', { name: 'Choose another subject' }).click();
  await expect(page).toHaveURL(/\/practice-subject$/);
});

test('a second attempt at a paper is practice, and the result page says so', async ({
  page,
  request,
  student,
}) => {
  test.setTimeout(90_000);
  const state = await paperState(request, 'NECO', 'Biology', '2021');
  await signIn(page, student);
  const practice = page.getByText(/^Practice attempt: only your first attempt at each paper counts/);
  for (const attempt of ['first', 'retake'] as const) {
    await openWithState(page, '/test', state);
    await expect(questionHeading(page, 1, 20)).toBeVisible();
    await page.keyboard.press('s');
    const dialog = page.getByRole('dialog', { name: 'Alert' });
    await expect(dialog).toContainText('20 questions unanswered.');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/award$/);
    await expect(page.getByText('Points: 0')).toBeVisible();
    const stat = (label: string) => page.locator('.stat-card').filter({ hasText: label }).locator('dd');
    await expect(stat('Correct Answers')).toHaveText('00');
    await expect(stat('Wrong Answers')).toHaveText('20');
    await expect(page.getByText('20 questions were not answered.')).toBeVisible();
    if (attempt === 'first') {
      await expect(practice).toHaveCount(0);
      await expect(
        page.getByText('All 20 questions counted towards the Leader Board (0 points).'),
      ).toBeVisible();
    } else await expect(practice).toBeVisible();
  }
});

test('a daily test shows its totals at once, and right or wrong and the answers only after the day closes', async ({
  page,
  student,
  request,
}) => {
  test.setTimeout(90_000);
  const subject = await find(request, '/api/v1/subject', 'English');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.clock.install();
  await signIn(page, student);
  await openWithState(page, '/daily-test', { subject });
  await expect(questionHeading(page, 1, 10)).toBeVisible();
  await option(page, 'A').click();
  await expect(questionHeading(page, 2, 10)).toBeVisible();
  await page.clock.fastForward('10:00');
  await expect(page).toHaveURL(/\/award$/);
  const withheld = page.getByText(
    /The correct answers, explanations and which questions you got right open after midnight \(.+ 00:10 WAT\)/,
  );
  await expect(withheld).toBeVisible();

  await page.getByRole('button', { name: 'Review Answers' }).click();
  await expect(page).toHaveURL(/\/review-answers$/);
  const items = page.locator('.review-item');
  await expect(items).toHaveCount(10);
  await expect(page.getByRole('status').filter({ hasText: 'open after midnight' })).toBeVisible();
  // Right or wrong is withheld too: with a few accounts, the flags would spell out the key.
  await expect(items.getByText(/^(Correct|Incorrect)$/)).toHaveCount(0);
  await expect(page.getByText('Correct Answer:')).toHaveCount(0);
  await expect(page.getByText('Explanation:')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // Past midnight in Lagos the page reads the result again, and the server (standing in here: its clock
  // is the real one, and the rule itself is tested in the API suite) opens the answers.
  let reads = 0;
  await page.route('**/api/v1/exam/result?*', async (route) => {
    reads += 1;
    const response = await route.fetch();
    const body = await response.json();
    const opened = {
      ...body.data,
      answersOpenAt: null,
      quizAnswers: body.data.quizAnswers.map((answer: Record<string, unknown>, index: number) => ({
        ...answer,
        correctAnswer: '<p>The right one</p>',
        isCorrect: false,
        explanation: `<p>Why ${index + 1}</p>`,
      })),
    };
    await route.fulfill({ response, json: { ...body, data: opened } });
  });
  expect(reads).toBe(0);
  await page.clock.fastForward('24:00:00');
  await expect(page.getByText('Explanation:')).toHaveCount(10);
  await expect(page.getByRole('status').filter({ hasText: 'open after midnight' })).toHaveCount(0);
  await expect(items.getByText(/^(Correct|Incorrect)$/)).toHaveCount(10);
  await expect(items.first().getByText('Why 1')).toBeVisible();
  expect(reads).toBe(1);
});

test('lifelines: 50-50 hides two options, skip leaves a question blank, and no coins leads to /out-of-coin', async ({
  page,
  request,
  student,
}) => {
  const state = await paperState(request, 'JAMB', 'Biology', '2022');
  await signIn(page, student);
  await openWithState(page, '/test', state);
  await expect(questionHeading(page, 1, 20)).toBeVisible();
  const options = page.getByRole('list', { name: /^Options for question/ }).getByRole('button');
  await expect(options).toHaveCount(4);

  await page.getByRole('button', { name: /^50-50/ }).click();
  await expect(options).toHaveCount(2);
  await expect(page.getByText('Lifelines: 4 coins each')).toContainText('76 coins');
  await expect(page.getByRole('button', { name: /^Skip/ })).toBeDisabled();
  await expect(page.getByText('50-50 used on this question.')).toBeVisible();
  await options.first().click();
  await expect(questionHeading(page, 2, 20)).toBeVisible();

  await page.getByRole('button', { name: /^Skip/ }).click();
  await expect(questionHeading(page, 3, 20)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 2, skipped' })).toBeVisible();
  await expect(page.getByText('Lifelines: 4 coins each')).toContainText('72 coins');
  await page.getByRole('button', { name: 'Question 2, skipped' }).click();
  await expect(page.getByText('You skipped this question with a lifeline.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await page.route('**/api/v1/exam/lifeline', (route) =>
    route.fulfill({
      status: 402,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'You are out of coin!', code: 'INSUFFICIENT_COINS' }),
    }),
  );
  await page.getByRole('button', { name: /^Skip/ }).click();
  await expect(page).toHaveURL(/\/out-of-coin$/);
  await expect(page.getByRole('heading', { name: 'You are out of coin!' })).toBeVisible();
  // Back's handler is a module script, which runs once the document is parsed.
  await page.waitForLoadState('domcontentloaded');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/test$/);
  await expect(questionHeading(page, 3, 20)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 2, skipped' })).toBeVisible();
});

test('the calculator works from the keyboard without touching the quiz', async ({
  page,
  request,
  student,
}) => {
  const state = await paperState(request, 'JAMB', 'Mathematics', '2022');
  await signIn(page, student);
  await openWithState(page, '/test', state);
  await expect(questionHeading(page, 1, 20)).toBeVisible();
  const button = page.getByRole('button', { name: 'Calculator' });
  await button.click();
  const calculator = page.getByRole('region', { name: 'Calculator' });
  await expect(calculator).toBeFocused();
  await page.keyboard.type('12+3*2');
  await page.keyboard.press('Enter');
  await expect(calculator.getByLabel('Calculator display')).toHaveText('18');
  await calculator.getByRole('button', { name: 'divide', exact: true }).click();
  await calculator.getByRole('button', { name: '4', exact: true }).click();
  await calculator.getByRole('button', { name: 'equals', exact: true }).click();
  await expect(calculator.getByLabel('Calculator display')).toHaveText('4.5');
  // Tab walks the keys in the order they sit: clear, delete, close, then 7 8 9 ÷ and on.
  await calculator.focus();
  for (const name of ['clear', 'delete', 'Close calculator', '7', '8', '9', 'divide', '4']) {
    await page.keyboard.press('Tab');
    await expect(calculator.getByRole('button', { name, exact: true })).toBeFocused();
  }
  await calculator.focus();
  await page.keyboard.type('a');
  await expect(questionHeading(page, 1, 20)).toBeVisible();
  await expect(
    page.getByRole('list', { name: /^Options for question/ }).locator('[aria-pressed="true"]'),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(calculator).toBeHidden();
  await expect(button).toBeFocused();
  await expectNoSeriousViolations(page);
});

test('on a phone the calculator docks below the question and every option stays in sight', async ({
  page,
  request,
  student,
}) => {
  const state = await paperState(request, 'WAEC', 'Physics', '2020');
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, student);
  await openWithState(page, '/test', state);
  await expect(questionHeading(page, 1, 20)).toBeVisible();
  await page.getByRole('button', { name: 'Calculator' }).click();
  const calculator = page.getByRole('region', { name: 'Calculator' });
  await expect(calculator).toBeVisible();

  // The keypad reads as a calculator's, both in the order Tab and screen readers meet the keys and on screen.
  const keys = calculator.locator('.calculator-keys button');
  expect(await keys.allTextContents()).toEqual([
    '7',
    '8',
    '9',
    '÷',
    '4',
    '5',
    '6',
    '×',
    '1',
    '2',
    '3',
    '−',
    '0',
    '.',
    '=',
    '+',
  ]);
  const rows = await keys.evaluateAll((buttons) => {
    const placed = buttons.map((button) => ({
      rect: button.getBoundingClientRect(),
      text: button.textContent,
    }));
    const tops = [...new Set(placed.map(({ rect }) => Math.round(rect.top)))].sort((a, b) => a - b);
    return tops.map((top) =>
      placed
        .filter(({ rect }) => Math.round(rect.top) === top)
        .sort((a, b) => a.rect.left - b.rect.left)
        .map(({ text }) => text)
        .join(' '),
    );
  });
  expect(rows).toEqual(['7 8 9 ÷', '4 5 6 ×', '1 2 3 −', '0 . = +']);
  for (const name of ['divide', 'multiply', 'minus', 'plus', 'equals']) {
    await expect(calculator.getByRole('button', { name, exact: true })).toBeVisible();
  }

  // Each option, brought into view as scrolling or Tab would, sits clear of the panel and takes the tap.
  for (const letter of ['A', 'B', 'C', 'D']) {
    const target = option(page, letter);
    await target.evaluate((element) => element.scrollIntoView({ block: 'nearest', behavior: 'instant' }));
    const box = await target.boundingBox();
    const panel = await calculator.boundingBox();
    expect(box && panel, `${letter} and the calculator are on screen`).toBeTruthy();
    if (!box || !panel) return;
    expect(box.y, `option ${letter} is in the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `option ${letter} ends above the calculator`).toBeLessThanOrEqual(panel.y);
    const reached = await target.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
    });
    expect(reached, `a tap on option ${letter} reaches it`).toBe(true);
  }
  await option(page, 'D').click();
  await expect(option(page, 'D')).toHaveAttribute('aria-pressed', 'true');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
});

test('quiz pages without state go home, and failed loads follow the spec', async ({
  page,
  request,
  student,
}) => {
  await signIn(page, student);
  await page.goto('/test');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/daily-test');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/award');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/review-answers');
  await expect(page.getByText('No quiz answers found. Please take a quiz first.')).toBeVisible();

  const state = await paperState(request, 'GCE', 'English', '2019');
  const answerWith = (status: number, body: object) =>
    page.route(isExamFetch, (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
    );

  await answerWith(402, {
    success: false,
    message: 'Your subscription has expired',
    code: 'SUBSCRIPTION_EXPIRED',
  });
  await openWithState(page, '/test', state);
  await expect(page).toHaveURL(/\/subscribe-now$/);

  await page.unrouteAll();
  await answerWith(402, {
    success: false,
    message: 'Choose a plan to take full exams.',
    code: 'SUBSCRIPTION_REQUIRED',
  });
  await openWithState(page, '/test', state);
  await expect(page).toHaveURL(/\/pricing$/);

  await page.unrouteAll();
  await answerWith(500, { success: false, message: 'Something went wrong on our side.' });
  await openWithState(page, '/test', state);
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Something went wrong on our side.' }),
  ).toBeVisible();
});

test('an empty quiz uses the built-in sample questions and says so', async ({ page, request, student }) => {
  const state = await paperState(request, 'GCE', 'Commerce', '2022');
  await signIn(page, student);
  await page.route(isExamFetch, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { questions: unknown[] } };
    body.data.questions = [];
    await route.fulfill({ response, json: body });
  });
  await openWithState(page, '/test', state);
  await expect(page.getByText('here are 3 sample questions')).toBeVisible();
  await expect(questionHeading(page, 1, 3)).toBeVisible();
  await expect(page.getByRole('button', { name: /^50-50/ })).toHaveCount(0);
  await option(page, 'B').click();
  await expect(questionHeading(page, 2, 3)).toBeVisible();
  await option(page, 'C').click();
  await expect(questionHeading(page, 3, 3)).toBeVisible();
  await option(page, 'A').click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/award$/);
  await expect(page.getByRole('heading', { name: 'HURRAY!!!' })).toBeVisible();
  await expect(page.getByText('sample questions, so this score is not saved')).toBeVisible();
  const stat = (label: string) => page.locator('.stat-card').filter({ hasText: label }).locator('dd');
  await expect(stat('Score Accuracy')).toHaveText('67%');
  await expect(stat('Wrong Answers')).toHaveText('01');
});

test('the leader board marks the student’s own rank, and one who has not scored is told how to get on it', async ({
  page,
  student,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, student);
  await page.route('**/api/v1/exam/leaderboard', (route) =>
    route.fulfill({
      json: {
        success: true,
        message: 'Leaderboard fetched successfully',
        data: {
          docs: [
            {
              rank: 1,
              user: { firstName: 'Ngozi', lastName: 'E.', image: null },
              totalScore: 12_500,
              isMe: false,
            },
            {
              rank: 2,
              user: { firstName: 'Tunde', lastName: 'A.', image: null },
              totalScore: 90,
              isMe: false,
            },
            {
              rank: 3,
              user: { firstName: 'Bola', lastName: 'O.', image: null },
              totalScore: 85,
              isMe: false,
            },
            {
              rank: 11,
              user: { firstName: 'Emeka', lastName: 'O.', image: null },
              totalScore: 5,
              isMe: false,
            },
          ],
          me: { rank: 154, totalScore: 3 },
        },
      },
    }),
  );
  await page.goto('/leader-board');
  const rows = page.getByRole('list', { name: 'Top students' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('1st');
  await expect(rows.nth(0)).toContainText('NE');
  await expect(rows.nth(0)).toContainText('Ngozi E.');
  await expect(rows.nth(0)).toContainText('12,500 points');
  await expect(rows.nth(1)).toContainText('2nd');
  await expect(rows.nth(2)).toContainText('3rd');
  await expect(rows.nth(3)).toContainText('11th');
  await expect(page.getByText('Your rank: 154th with 3 points')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  await page.unrouteAll();
  await page.route('**/api/v1/exam/leaderboard', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Something went wrong on our side.' } }),
  );
  await page.reload();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Something went wrong on our side.' }),
  ).toBeVisible();
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(/No scores yet|not on the board yet/)).toBeVisible();
});

test('a failed submission brings the button back and shows the errors', async ({
  page,
  request,
  student,
}) => {
  const state = await paperState(request, 'NECO', 'Government', '2020');
  await signIn(page, student);
  await openWithState(page, '/test', state);
  await expect(questionHeading(page, 1, 20)).toBeVisible();
  await page.getByRole('button', { name: 'Question 20, not answered' }).click();
  await expect(questionHeading(page, 20, 20)).toBeVisible();
  await page.route('**/api/v1/exam/answer', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          json: {
            success: false,
            message: 'Invalid answers',
            errors: [
              { path: ['answers', 0, 'option'], message: 'This option does not belong to the question.' },
              { path: ['answers', 2, 'option'], message: 'This option does not belong to the question.' },
            ],
          },
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Flag for review' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Alert' });
  await expect(confirm).toContainText('20 questions unanswered, 1 flagged.');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const errors = page.getByRole('dialog', { name: 'Error' });
  await expect(errors).toContainText('1. This option does not belong to the question. (1)');
  await expect(errors).toContainText('2. This option does not belong to the question. (3)');
  await errors.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/test$/);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});
