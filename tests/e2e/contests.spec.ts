import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import {
  expect as baseExpect,
  confirmationLinkFor,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  type Student,
  signIn,
  studentDetails,
  test,
} from './fixtures.ts';

// A contest from end to end on a phone: a student enters, waits for the start, plays both levels (one
// lifeline), sees their place, and finds the prize in their coin history. The contest is scheduled the way
// an editor does it (npm run contests -- create) into a server of this test's own: the embedded database
// takes one process at a time, so the command runs while that server is stopped, and the suite's shared
// server is left alone. Levels last a whole minute at least, so the test waits for the contest's end.

test.use({ viewport: { width: 360, height: 740 } });
/** Each step's wait; the waits for the start and for the prizes say their own. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(360_000);

const run = promisify(execFile);
const dataDir = `tests/.tmp/e2e-contests-${process.pid}`;
const title = `Phone Maths Contest ${Date.now() % 1_000_000}`;
/** How long after the command the contest starts: the server's restart and the entry fit well inside. */
const LEAD_MS = 60_000;
const ENTRY_FEE = 10;
const PRIZE = 25;

/** Each question's text and its right option's, by which the test answers in the student's own order. */
const QUESTIONS = [
  ['Contest check one: what is 6 × 7?', '42', ['48', '36', '54']],
  ['Contest check two: what is 15 − 9?', '6', ['7', '5', '24']],
  ['Contest check three: what is 81 ÷ 9?', '9', ['8', '7', '72']],
  ['Contest check four: what is 2 to the power 5?', '32', ['10', '25', '64']],
  ['Contest check five: what is half of 50?', '25', ['20', '100', '15']],
  ['Contest check six: what is 11 + 14?', '25 exactly', ['24', '26', '35']],
] as const;
const RIGHT = new Map<string, string>(QUESTIONS.map(([question, right]) => [question, right]));

function contestFile(startsAt: Date) {
  const level = (from: number) => ({
    minutes: 1,
    questions: QUESTIONS.slice(from, from + 3).map(([question, right, wrong], index) => ({
      id: `phone-contest-${from + index}`,
      question,
      topic: 'Number and numeration',
      options: [{ option: right }, ...wrong.map((option) => ({ option }))],
      answer: 'A',
      explanation: `The answer is ${right}.`,
    })),
  });
  return {
    title,
    description: 'Two one-minute levels of quick sums, for the end-to-end test.',
    startsAt: startsAt.toISOString(),
    entryFee: ENTRY_FEE,
    examType: 'WAEC',
    subject: 'Mathematics',
    maxEntrants: 100,
    levels: [level(0), level(3)],
    prizes: [{ place: 1, coins: PRIZE }],
  };
}

const environment = { DATA_DIR: dataDir, TRUST_PROXY: 'true', LOG_LEVEL: 'warn', SEED_SAMPLE_DATA: 'true' };
let server: ServerProcess | undefined;

test.describe('a contest scheduled by an editor', () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    // The first start seeds the sample bank, whose catalogue (WAEC, Mathematics) the contest file names.
    server = await startServer(environment);
    await server.stop();
    const file = join(dataDir, 'contest.json');
    writeFileSync(file, JSON.stringify(contestFile(new Date(Date.now() + LEAD_MS))));
    const created = await run('npx', ['tsx', 'src/cli/contests.ts', 'create', file], {
      env: { ...process.env, ...environment, NODE_ENV: 'test' },
    });
    expect(created.stdout).toContain('Contest created');
    server = await startServer(environment);
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A confirmed student of this test's server (the suite's fixtures mail through the shared server). */
  async function confirmedStudent(origin: string): Promise<Student> {
    const details = studentDetails();
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': '198.19.7.7' };
    const signUp = await fetch(`${origin}/api/v1/user`, {
      method: 'POST',
      headers,
      body: JSON.stringify(details),
    });
    const body = (await signUp.json()) as { data: { token: string; user: Student['user'] } };
    expect(signUp.status, JSON.stringify(body)).toBe(201);
    const link = await confirmationLinkFor(details.email as string, dataDir);
    const confirmed = await fetch(`${origin}/api/v1/user/verify-email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token: link.searchParams.get('token') }),
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    return { token: body.data.token, user: body.data.user, details };
  }

  /** The right option of the question on screen, found by the question's text (the order is the student's own). */
  async function answerRight(page: Page) {
    const text = ((await page.locator('.question-text').textContent()) ?? '').trim();
    const right = RIGHT.get(text);
    expect(right, text).toBeDefined();
    await page
      .getByRole('list', { name: /^Options for question/ })
      .getByRole('button', { name: new RegExp(`^[A-E]\\s*${right}$`) })
      .click();
  }

  /**
   * Axe on the page once its animations have finished: a toast fading in is measured half transparent, and
   * its text then fails the contrast check it passes when shown.
   */
  async function expectAccessible(page: Page) {
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page);
  }

  async function handIn(page: Page) {
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Alert' }).getByRole('button', { name: 'Confirm' }).click();
  }

  test('a student enters, waits for the start, plays two levels with a lifeline, and is paid the prize', async ({
    page,
  }) => {
    const origin = server?.origin ?? '';
    const student = await confirmedStudent(origin);
    await signIn(page, student);

    // The list: the contest is upcoming, with its fee, prize and countdown; a guest-free page passes axe.
    await page.goto(`${origin}/contests`);
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card).toContainText(`${ENTRY_FEE} coins`);
    await expect(card).toContainText(`1st place: ${PRIZE} coins`);
    await expect(card.getByRole('timer')).toBeVisible();
    await expectAccessible(page);

    await card.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Level 1: 3 questions, 1 minute')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Rules and ranking' })).toBeVisible();
    await page.getByRole('button', { name: `Enter (${ENTRY_FEE} coins)` }).click({ timeout: 20_000 });
    await expect(page.getByText('You have entered. Level 1 opens at the start.')).toBeVisible();
    await expectAccessible(page);

    // The start comes while the page is open: Play appears by itself.
    await page.getByRole('link', { name: 'Play level 1' }).click({ timeout: LEAD_MS + 30_000 });
    await expect(page.getByRole('heading', { name: `${title}: Level 1 of 2` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Question 1/3' })).toBeVisible();

    // One lifeline in the level: 50-50 on the first question, then the bar is off and says why.
    await page.getByRole('button', { name: /^50-50/ }).click();
    await expect(page.getByText('50-50 used on this question.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Options for question 1' }).getByRole('button')).toHaveCount(
      2,
    );
    await answerRight(page);
    await expect(page.getByRole('heading', { name: 'Question 2/3' })).toBeVisible();
    await expect(page.getByText('You have used this level’s lifeline')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Skip/ })).toBeDisabled();
    await expectAccessible(page);
    await answerRight(page);
    await expect(page.getByRole('heading', { name: 'Question 3/3' })).toBeVisible();
    await answerRight(page);
    await handIn(page);

    // Level 2 opens at once, its lifeline bar fresh.
    await expect(page.getByRole('heading', { name: `${title}: Level 2 of 2` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Skip/ })).toBeEnabled();
    for (const n of [1, 2, 3]) {
      await expect(page.getByRole('heading', { name: `Question ${n}/3` })).toBeVisible();
      await answerRight(page);
    }
    await handIn(page);

    // Back on the contest's page with every level handed in; after the end, the final place and the prize.
    await expect(page).toHaveURL(/\/contest\?id=/);
    await expect(page.getByText('Every level you can play is handed in')).toBeVisible();
    await expect(page.getByText(`You finished 1st with 30 points. You won ${PRIZE} coins.`)).toBeVisible({
      timeout: 180_000,
    });
    await expect(page.getByRole('heading', { name: 'Final board' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: '(you)' })).toContainText('1st');
    // Once the contest is over, the answers open, each with its key.
    await page.getByRole('button', { name: 'Review my answers' }).click();
    await expect(
      page.getByText('Level 1: 15 points · 3 right answers, 0 wrong answers, 0 blank'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Question 1' })).toHaveCount(2);
    await expectAccessible(page);

    // The prize is a row of the coin history, and the contest is among My contests.
    await page.goto(`${origin}/profile`);
    await expect(page.getByText(`Contest prize: ${title}, 1st place`)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'My contests' }).getByRole('link', { name: title }),
    ).toBeVisible();
  });
});

test('a guest finds the contests, the rules and a prompt to sign in to enter', async ({ page }) => {
  // The suite's server schedules the sample contest on its first start (free, a few minutes later).
  await page.goto('/contests');
  await expect(page.getByRole('heading', { level: 1, name: 'Contests' })).toBeVisible();
  await expect(page.getByText('to enter a contest.')).toBeVisible();
  const sample = page.getByRole('link', { name: 'Welcome Maths Challenge' });
  await expect(sample).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  await sample.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Maths Challenge' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rules and ranking' })).toBeVisible();
  await expect(page.getByText('Ties go to the shorter total time', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
});
