import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createStudent, expect, expectNoSeriousViolations, type Student, signIn, test } from './fixtures.ts';

// The UTME mock is taken on a phone like everything else.
test.use({ viewport: { width: 360, height: 740 } });

/** The subjects of the sitting in the order its tabs show them: Use of English, then the picker's order. */
const SUBJECTS = ['Use of English', 'Chemistry', 'Mathematics', 'Physics'] as const;
const QUESTIONS = [60, 40, 40, 40] as const;

const questionHeading = (page: Page, n: number, total: number) =>
  page.getByRole('heading', { name: `Question ${n}/${total}`, exact: true });

/** An option of the question on screen by its letter, named as /test names it ("A …"). */
const option = (page: Page, letter: string) =>
  page
    .getByRole('list', { name: /^Options for question/ })
    .getByRole('button', { name: new RegExp(`^${letter}\\b`) });

const subjectTab = (page: Page, index: number) =>
  page
    .getByRole('tablist', { name: 'Subjects' })
    .getByRole('tab', { name: new RegExp(`^${SUBJECTS[index]}`) });

/**
 * Presses Tab (or Shift+Tab, when `target` comes before the focus) until `target` has the focus: the
 * keyboard's way to reach a control.
 */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses++) {
    const where = await target.evaluate((element) => {
      const focused = document.activeElement;
      if (element === focused) return 'here';
      if (!focused || focused === document.body) return 'after';
      return element.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING ? 'before' : 'after';
    });
    if (where === 'here') return;
    await page.keyboard.press(where === 'before' ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${target}`);
}

/** The subject on screen, as its tab and the question heading show it. */
async function expectOn(page: Page, subject: number, n: number) {
  await expect(subjectTab(page, subject)).toHaveAttribute('aria-selected', 'true');
  await expect(questionHeading(page, n, QUESTIONS[subject] ?? 0)).toBeVisible();
}

/** Each tab's "answered/total" count, in order. */
async function expectCounts(page: Page, answered: readonly number[]) {
  for (const [index, count] of answered.entries()) {
    await expect(subjectTab(page, index)).toContainText(`${count}/${QUESTIONS[index]}`);
    await expect(subjectTab(page, index)).toHaveAccessibleName(
      new RegExp(`^${SUBJECTS[index]}\\s*, ${count} of ${QUESTIONS[index]} answered$`),
    );
  }
}

/** What the server has saved for the student's sitting (GET /exam/utme resumes it, whatever it is asked). */
async function savedAnswers(request: APIRequestContext, student: Student, subjects: string) {
  const response = await request.get('/api/v1/exam/utme', {
    params: { subjects },
    headers: { authorization: `Bearer ${student.token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { answers: unknown[] } }).data.answers;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** Collects the page's console errors, to check that there are none. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // Going offline on purpose makes the browser log the requests that fail meanwhile.
    if (message.type() === 'error' && !message.text().includes('net::ERR_INTERNET_DISCONNECTED')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a student sits a whole UTME mock by keyboard alone: four subjects, offline, a reload, the result and review', async ({
  page,
  context,
  request,
  student,
}) => {
  test.setTimeout(180_000);
  const errors = consoleErrors(page);
  await signIn(page, student);

  // The picker: Use of English is fixed; three more ticked with Tab and Space, then Start with Enter.
  await page.goto('/utme');
  for (const subject of ['Mathematics', 'Physics', 'Chemistry']) {
    const box = page.getByRole('checkbox', { name: subject, exact: true });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await expect(page.getByText('3 of 3 chosen', { exact: true })).toBeVisible();
  // The whole sitting is fetched once; moving between questions and subjects asks the server nothing.
  const fetches: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (sent.method() === 'GET' && url.pathname.startsWith('/api/v1/exam')) fetches.push(url.pathname);
  });
  await tabTo(page, page.getByRole('button', { name: 'Start the mock' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/utme\/sitting\?subjects=[^&]+$/);
  const subjects = new URL(page.url()).searchParams.get('subjects') ?? '';

  await expectOn(page, 0, 1);
  await expect(page.getByRole('tab')).toHaveText(SUBJECTS.map((subject) => new RegExp(`^${subject}`)));
  await expectCounts(page, [0, 0, 0, 0]);
  await expect(page.getByRole('timer')).toHaveText(/^(01:5\d:[0-5]\d|02:00:00)$/);
  await expect(page.getByRole('timer')).toHaveAccessibleName(
    /^(1 hour 5\d minutes|2 hours 0 minutes) \d+ seconds? left$/,
  );
  // The calculator is there for every subject, Use of English included.
  await expect(page.getByRole('button', { name: 'Calculator' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  /** What was picked, to find again in the review: subject, question number and the option's text. */
  const picked: { subject: number; n: number; text: string }[] = [];
  async function pick(subject: number, n: number, letter: string) {
    const body = await option(page, letter).locator('.option-body').textContent();
    const text = (body ?? '').replace(/\s+/g, ' ').trim();
    await page.keyboard.press(letter.toLowerCase());
    await expect(option(page, letter)).toHaveAttribute('aria-pressed', 'true');
    picked.push({ subject, n, text });
  }

  // A–D choose and the pick stays on its question; N moves on, answered or not; P moves back and keeps it.
  await pick(0, 1, 'A');
  await page.keyboard.press('n');
  await expectOn(page, 0, 2);
  await pick(0, 2, 'B');
  await page.keyboard.press('p');
  await expectOn(page, 0, 1);
  await expect(option(page, 'A')).toHaveAttribute('aria-pressed', 'true');
  // E does nothing in the UTME, and P on the very first question goes nowhere.
  await page.keyboard.press('e');
  await page.keyboard.press('p');
  await expectOn(page, 0, 1);
  await expect(page.getByRole('list', { name: /^Options for question/ }).getByRole('button')).toHaveCount(4);
  await expectCounts(page, [2, 0, 0, 0]);

  // The subject tabs, by keyboard: Tab reaches the open one, the arrows move between them.
  await tabTo(page, subjectTab(page, 0));
  await page.keyboard.press('ArrowRight');
  await expect(subjectTab(page, 1)).toBeFocused();
  await expectOn(page, 1, 1);
  await pick(1, 1, 'C');
  await page.keyboard.press('n');
  await pick(1, 2, 'D');
  await page.keyboard.press('ArrowRight');
  await expectOn(page, 2, 1);
  await pick(2, 1, 'A');
  await page.keyboard.press('ArrowRight');
  await expectOn(page, 3, 1);
  await pick(3, 1, 'B');
  await page.keyboard.press('ArrowRight');
  await expectOn(page, 0, 1);
  await page.keyboard.press('End');
  await expectOn(page, 3, 1);
  await page.keyboard.press('Home');
  await expectOn(page, 0, 1);
  // A tab opens its subject where the student left it.
  await page.keyboard.press('ArrowRight');
  await expectOn(page, 1, 2);
  await expectCounts(page, [2, 2, 1, 1]);

  // P from a subject's first question goes back to the last of the one before; N from there comes back.
  await page.keyboard.press('p');
  await page.keyboard.press('p');
  await expectOn(page, 0, 60);
  await pick(0, 60, 'C');
  await page.keyboard.press('n');
  await expectOn(page, 1, 1);
  await expect(option(page, 'C')).toHaveAttribute('aria-pressed', 'true');

  // Saved as picked: the server has every answer so far.
  await expect.poll(() => savedAnswers(request, student, subjects).then((answers) => answers.length)).toBe(7);

  // Offline: the answers wait on the phone.
  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await tabTo(page, subjectTab(page, 1));
  await page.keyboard.press('End');
  await expectOn(page, 3, 1);
  await page.keyboard.press('n');
  await pick(3, 2, 'C');
  await page.keyboard.press('n');
  await pick(3, 3, 'D');
  await tabTo(page, page.getByRole('button', { name: 'Flag for review' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Flag for review' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('2 answers waiting to be sent')).toBeVisible();
  expect(await savedAnswers(request, student, subjects)).toHaveLength(7);

  // Back online, the queue drains by itself.
  await context.setOffline(false);
  await expect(page.getByText('You are offline.')).toBeHidden();
  await expect(page.getByText(/answers? waiting to be sent/)).toBeHidden({ timeout: 20_000 });
  expect(await savedAnswers(request, student, subjects)).toHaveLength(9);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('quiz:queue:'))),
  ).toEqual([]);
  expect(fetches).toEqual(['/api/v1/exam/utme']);

  // A reload resumes: the same question, the answers, the flag and the time left.
  const before = (await page.getByRole('timer').textContent()) ?? '';
  await page.reload();
  await expectOn(page, 3, 3);
  await expect(option(page, 'D')).toHaveAttribute('aria-pressed', 'true');
  await expectCounts(page, [3, 2, 1, 3]);
  await expect(page.getByRole('button', { name: 'Question 3, answered, flagged for review' })).toBeVisible();
  expect(((await page.getByRole('timer').textContent()) ?? '') <= before).toBe(true);

  // The calculator opens from the keyboard and Escape gives the focus back.
  const calculatorButton = page.getByRole('button', { name: 'Calculator' });
  await tabTo(page, calculatorButton);
  await page.keyboard.press('Enter');
  const calculator = page.getByRole('region', { name: 'Calculator' });
  await expect(calculator).toBeFocused();
  await page.keyboard.type('6*7=');
  await expect(calculator.getByLabel('Calculator display')).toHaveText('42');
  await page.keyboard.press('Escape');
  await expect(calculator).toBeHidden();
  await expect(calculatorButton).toBeFocused();

  // S opens the submit dialog with what is open in each subject, and which questions; R cancels it.
  const dialog = page.getByRole('dialog', { name: 'Alert' });
  const subjectLines = dialog.getByText(/^(Use of English|Chemistry|Mathematics|Physics): /);
  /** The numbers the dialog lists under a subject, as its buttons show them. */
  const listed = async (subject: string, which: 'unanswered' | 'flagged') =>
    (
      await dialog
        .getByRole('list', { name: `${subject}, ${which}`, exact: true })
        .getByRole('button')
        .allTextContents()
    ).map(Number);
  const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  await page.keyboard.press('s');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Are you sure you want to submit now?');
  await expect(dialog.getByText('171 questions unanswered, 1 flagged.')).toBeVisible();
  await expect(subjectLines).toHaveText([
    'Use of English: 57 unanswered',
    'Chemistry: 38 unanswered',
    'Mathematics: 39 unanswered',
    'Physics: 37 unanswered, 1 flagged',
  ]);
  expect(await listed('Use of English', 'unanswered')).toEqual(numbers(3, 59));
  expect(await listed('Chemistry', 'unanswered')).toEqual(numbers(3, 40));
  expect(await listed('Mathematics', 'unanswered')).toEqual(numbers(2, 40));
  expect(await listed('Physics', 'unanswered')).toEqual(numbers(4, 40));
  expect(await listed('Physics', 'flagged')).toEqual([3]);
  await expect(dialog.getByRole('list', { name: 'Use of English, flagged' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Physics question 4', exact: true })).toHaveText('4');
  await expect(dialog.getByRole('button', { name: 'Physics question 3, flagged', exact: true })).toHaveText(
    '3',
  );
  // 171 numbers scroll within the dialog: on the phone, Cancel and Confirm stay in view.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeInViewport({ ratio: 1 });
  expect(
    await dialog.evaluate((element) => {
      const list = element.querySelector('.sitting-review');
      return {
        dialogScrolls: element.scrollHeight > element.clientHeight,
        listScrolls: list !== null && list.scrollHeight > list.clientHeight,
      };
    }),
  ).toEqual({ dialogScrolls: false, listScrolls: true });
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  // While it is open, the letters neither answer nor move.
  for (const key of ['a', 'n', 'p']) await page.keyboard.press(key);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('r');
  await expect(dialog).toBeHidden();
  await expectOn(page, 3, 3);
  await expect(option(page, 'D')).toHaveAttribute('aria-pressed', 'true');
  await expectCounts(page, [3, 2, 1, 3]);

  // A listed question, reached with the keyboard: Enter closes the dialog and opens it, in its subject
  // (Use of English is on screen), with the focus on the question.
  await tabTo(page, subjectTab(page, 3));
  await page.keyboard.press('Home');
  await expectOn(page, 0, 1);
  await page.keyboard.press('s');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(page, dialog.getByRole('button', { name: 'Physics question 4', exact: true }), 60);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectOn(page, 3, 4);
  await expect(questionHeading(page, 4, 40)).toBeFocused();
  await pick(3, 4, 'B');
  await expectCounts(page, [3, 2, 1, 4]);

  // Answered, it has left the list.
  await page.keyboard.press('s');
  await expect(dialog.getByText('170 questions unanswered, 1 flagged.')).toBeVisible();
  await expect(subjectLines.last()).toHaveText('Physics: 36 unanswered, 1 flagged');
  expect(await listed('Physics', 'unanswered')).toEqual(numbers(5, 40));
  await expect(dialog.getByRole('button', { name: 'Physics question 4', exact: true })).toHaveCount(0);
  // Space works too: the flagged question, just before Cancel.
  await page.keyboard.press('Shift+Tab');
  await expect(
    dialog.getByRole('button', { name: 'Physics question 3, flagged', exact: true }),
  ).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog).toBeHidden();
  await expectOn(page, 3, 3);
  await expect(questionHeading(page, 3, 40)).toBeFocused();

  await page.keyboard.press('s');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The result: each subject out of 100, the total out of 400, then the review by subject.
  await expect(page).toHaveURL(/\/utme\/result\?exam=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Your UTME mock result' })).toBeVisible();
  // The sitting handed its result over: the page did not have to read it again.
  expect(fetches).not.toContain('/api/v1/exam/utme/result');
  const table = page.getByRole('table', { name: 'Scores by subject' });
  const rights: number[] = [];
  for (const [index, subject] of SUBJECTS.entries()) {
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: subject, exact: true }) });
    const cells = row.getByRole('cell');
    await expect(cells.nth(0)).toHaveText(/^\d+ \/ 100$/);
    await expect(cells.nth(1)).toHaveText(new RegExp(`^\\d+ of ${QUESTIONS[index]}$`));
    const right = Number(((await cells.nth(1).textContent()) ?? '').split(' ')[0]);
    const answered = picked.filter((entry) => entry.subject === index).length;
    expect(right).toBeLessThanOrEqual(answered);
    await expect(cells.nth(0)).toHaveText(`${Math.round((right / (QUESTIONS[index] ?? 1)) * 100)} / 100`);
    rights.push(right);
  }
  await expect(table.getByRole('row').last()).toContainText(
    `${rights.reduce((sum, right) => sum + right, 0)} of 180`,
  );

  // The review, subject by subject (its tabs by keyboard too): every answer picked, including those sent
  // after the connection came back, is the student's answer there.
  const review = page.getByRole('region', { name: 'Review by subject' });
  for (const [index, subject] of SUBJECTS.entries()) {
    const tab = review.getByRole('tab', { name: new RegExp(`^${subject}`) });
    if (index === 0) await tabTo(page, tab, 80);
    else await page.keyboard.press('ArrowRight');
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = review.getByRole('tabpanel');
    const items = panel.locator('.review-item');
    await expect(items).toHaveCount(QUESTIONS[index] ?? 0);
    const mine = picked.filter((entry) => entry.subject === index);
    await expect(panel.getByText('Not answered', { exact: true })).toHaveCount(
      (QUESTIONS[index] ?? 0) - mine.length,
    );
    await expect(panel.getByText('Correct', { exact: true })).toHaveCount(rights[index] ?? -1);
    for (const { n, text } of mine) {
      const yours = items
        .nth(n - 1)
        .locator('.review-row')
        .filter({ hasText: 'Your Answer:' });
      await expect(yours).toContainText(text);
    }
  }

  // Back does not reopen the submitted sitting.
  await page.goBack();
  await expect(page).toHaveURL(/\/utme$/);
  expect(errors).toEqual([]);
});

test('the sitting screen sends a wrong address back to /utme, explains refused subjects, and needs a plan', async ({
  page,
  baseURL,
  student,
}) => {
  await signIn(page, student);
  // No subjects, or not three different ones: back to the picker.
  await page.goto('/utme/sitting');
  await expect(page).toHaveURL(/\/utme$/);
  await page.goto('/utme/sitting?subjects=physics,chemistry');
  await expect(page).toHaveURL(/\/utme$/);

  // Well-formed ids the bank does not have: the server's reason, and the way back.
  const unknown = '5f0c2a8e-4b1d-4c3e-9f2a-1b2c3d4e5f60';
  await page.goto(
    `/utme/sitting?subjects=${unknown},6a1d3b9f-5c2e-4d4f-8a3b-2c3d4e5f6071,7b2e4cae-6d3f-4e5a-9b4c-3d4e5f607182`,
  );
  const refused = page.getByRole('alert').filter({ hasText: 'This mock cannot start' });
  await expect(refused).toContainText(`There is no JAMB subject with the id ${unknown}.`);
  await expectNoSeriousViolations(page);
  await refused.getByRole('link', { name: 'Choose your subjects again' }).click();
  await expect(page).toHaveURL(/\/utme$/);

  // Without a plan or the trial, and the email not yet confirmed: confirming starts the trial, so the
  // sitting asks for that first, and offers the plans as the other way in.
  const unconfirmed = await createStudent(baseURL ?? '', {}, { confirmEmail: false });
  const other = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 360, height: 740 } });
  if (!other) throw new Error('no browser');
  const guestPage = await other.newPage();
  await signIn(guestPage, unconfirmed);
  await guestPage.goto(
    `/utme/sitting?subjects=${unknown},6a1d3b9f-5c2e-4d4f-8a3b-2c3d4e5f6071,7b2e4cae-6d3f-4e5a-9b4c-3d4e5f607182`,
  );
  const confirmFirst = guestPage
    .getByRole('alert')
    .filter({ hasText: 'Confirm your email to start your free trial' });
  await expect(confirmFirst).toBeVisible();
  await expect(confirmFirst.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  await other.close();
});
