import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  newPaperQuery,
  type Student,
  signIn,
  startPaper,
  test,
} from './fixtures.ts';

// The review deck on a 360 px phone (docs/learning.md, "The review deck"): a paper's mistakes reviewed by
// keyboard from /award to the empty deck, a lost connection, and the home page's reminder.
test.use({ viewport: { width: 360, height: 740 } });

const PAPER = { file: 'waec/mathematics-2019.json', examType: 'WAEC', subject: 'Mathematics', year: '2019' };

/** The right answers (A, B, C, D) of the sample-bank paper, in question order. */
async function rightLetters(): Promise<string[]> {
  const paper = JSON.parse(await readFile(`content/bank/${PAPER.file}`, 'utf8')) as {
    questions: { answer: string }[];
  };
  return paper.questions.map((question) => question.answer);
}

const wrongLetter = (right: string) => (right === 'A' ? 'B' : 'A');

/** Collects the page's console errors, to check that there are none. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Takes the paper through the API, its first `wrong` questions answered wrong and the rest right. */
async function takePaperByApi(request: APIRequestContext, student: Student, wrong: number) {
  const right = await rightLetters();
  const headers = { authorization: `Bearer ${student.token}`, 'frontend-source': 'webuser' };
  const started = await request.get('/api/v1/exam', {
    headers,
    params: await newPaperQuery(request, PAPER.examType, PAPER.subject, PAPER.year),
  });
  expect(started.ok()).toBe(true);
  const exam = (await started.json()) as {
    data: { _id: string; questions: { _id: string; options: { _id: string }[] }[] };
  };
  const answers = exam.data.questions.map((question, index) => {
    const letter = index < wrong ? wrongLetter(right[index] ?? 'A') : (right[index] ?? 'A');
    return { question: question._id, option: question.options[letter.charCodeAt(0) - 65]?._id };
  });
  const submitted = await request.post('/api/v1/exam/answer', {
    headers,
    data: { exam: exam.data._id, answers },
  });
  expect(submitted.ok()).toBe(true);
}

const deckHeading = (page: Page, n: number, total: number) =>
  page.getByRole('heading', { name: `Question ${n} of ${total}`, exact: true });

test('a student reviews a paper’s mistakes by keyboard from /award to the empty deck', async ({
  page,
  context,
  student,
}) => {
  test.setTimeout(150_000);
  const right = await rightLetters();
  const errors = consoleErrors(page);
  await signIn(page, student);

  // The paper, by keyboard: the first three questions wrong, the rest right.
  await startPaper(page, PAPER.examType, PAPER.subject, PAPER.year);
  for (let index = 0; index < 20; index++) {
    await expect(page.getByRole('heading', { name: `Question ${index + 1}/20`, exact: true })).toBeVisible();
    const letter = index < 3 ? wrongLetter(right[index] ?? 'A') : (right[index] ?? 'A');
    await page.keyboard.press(letter.toLowerCase());
    if (index < 19) await page.keyboard.press('n');
  }
  await page.keyboard.press('s');
  await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/award$/);

  // /award links to the deck with the number due.
  const link = page.getByRole('link', { name: 'Review your mistakes (3 due)' });
  await expect(link).toBeVisible();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/review-deck$/);

  // Question 1: the right letter, and the verdict at once with the explanation.
  await expect(deckHeading(page, 1, 3)).toBeFocused();
  await expect(page.getByText(`${PAPER.subject} ›`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.keyboard.press((right[0] ?? 'A').toLowerCase());
  const verdict = page.locator('.review-verdict');
  await expect(verdict).toHaveAttribute('aria-live', 'polite');
  await expect(verdict.getByText('Right.')).toBeVisible();
  await expect(verdict.getByText('Explanation:')).toBeVisible();
  await expect(verdict.getByText(/This question comes back (tomorrow|on )/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeFocused();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('n');

  // Question 2: a wrong letter; the right option is marked in words.
  await expect(deckHeading(page, 2, 3)).toBeFocused();
  await page.keyboard.press(wrongLetter(right[1] ?? 'A').toLowerCase());
  await expect(verdict.getByText(`Not quite. The answer is ${right[1]}.`)).toBeVisible();
  await expect(page.getByText('(the right answer)')).toBeVisible();
  await expect(page.getByText('(your answer)')).toBeVisible();
  // Ten minutes on: later today, unless the test runs just before midnight in Lagos.
  await expect(verdict.getByText(/This question comes back (today at \d\d:\d\d|tomorrow)/)).toBeVisible();
  await page.keyboard.press('Enter');

  // Question 3: arrows reach "I don't know"; offline, the answer waits for Try again.
  await expect(deckHeading(page, 3, 3)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^A\b/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: 'I don’t know' })).toBeFocused();
  await context.setOffline(true);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/You are offline, so this answer was not recorded/);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(verdict.getByText(`Not quite. The answer is ${right[2]}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The summary, then the deck is empty until the two mistakes come back later today.
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeFocused();
  await expect(page.getByText('You reviewed 3 questions and got 1 right.')).toBeVisible();
  await expect(page.getByText(/Your next review is due (today at \d\d:\d\d|tomorrow)/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No reviews due' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Practise a paper' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  expect(errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});

test('the home page reminds a student with reviews due, and the deck says when it cannot connect', async ({
  page,
  request,
  student,
}) => {
  await signIn(page, student);
  // Nothing due yet: no reminder.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/questions? to review today/)).toBeHidden();

  await takePaperByApi(request, student, 2);
  await page.goto('/');
  const reminder = page.getByRole('region', { name: 'You have 2 questions to review today.' });
  await expect(reminder).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The deck cannot be reached: it says reviews need a connection, and Retry loads it.
  await page.route('**/api/v1/review/due*', (route) => route.abort('internetdisconnected'));
  await reminder.getByRole('link', { name: 'Review now' }).click();
  await expect(page).toHaveURL(/\/review-deck$/);
  await expect(page.getByRole('alert')).toContainText('Reviews need a connection');
  await page.unroute('**/api/v1/review/due*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(deckHeading(page, 1, 2)).toBeVisible();

  // The profile links to the deck too.
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: 'Review your mistakes (2 due)' })).toBeVisible();
});
