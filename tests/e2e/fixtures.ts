import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { confirmationLinkIn, mailBody } from '../support/outbox.ts';

export { mailBody };

let counter = 0;

/** A unique sign-up body: phone numbers and emails must not clash between tests and workers. */
export function studentDetails(overrides: Partial<Record<string, string | boolean>> = {}) {
  counter += 1;
  const unique = `${process.pid % 10_000}${counter}${Date.now() % 1000}`.padStart(8, '0').slice(-8);
  return {
    firstName: 'Aisha',
    lastName: 'Bello',
    email: `aisha.${unique}@example.com`,
    telephone: `081${unique}`,
    password: 'exam-pass-1',
    confirmPassword: 'exam-pass-1',
    agreeTerms: true,
    ...overrides,
  };
}

/** A fresh address per fixture request, honoured because the test server trusts X-Forwarded-For. */
function fixtureAddress() {
  counter += 1;
  return `198.18.${(process.pid + counter) % 250}.${counter % 250}`;
}

export interface Student {
  token: string;
  details: ReturnType<typeof studentDetails>;
  user: { _id: string; firstName: string; lastName: string };
}

/**
 * Signs a student up through the API. By default the student then opens the confirmation link from the
 * outbox, as most tests expect the trial and the welcome coins; `{ confirmEmail: false }` leaves the
 * address unconfirmed.
 */
export async function createStudent(
  baseURL: string,
  overrides: Partial<Record<string, string | boolean>> = {},
  options: { confirmEmail?: boolean } = {},
) {
  const details = studentDetails(overrides);
  const response = await fetch(`${baseURL}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': fixtureAddress() },
    body: JSON.stringify(details),
  });
  const body = (await response.json()) as { data: { token: string; user: Student['user'] } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  const student = { token: body.data.token, user: body.data.user, details } satisfies Student;
  if (options.confirmEmail !== false) await confirmEmailOf(baseURL, details.email as string);
  return student;
}

/** The confirmation link mailed to an address, from this suite's server's outbox. */
export function confirmationLinkFor(
  address: string,
  dataDir = `tests/.tmp/e2e-${process.env.E2E_PORT ?? 4410}`,
) {
  return confirmationLinkIn(join(dataDir, 'outbox'), address);
}

/** Opens the newest confirmation link mailed to an address through the API. */
export async function confirmEmailOf(baseURL: string, address: string) {
  const link = await confirmationLinkFor(address);
  const response = await fetch(`${baseURL}/api/v1/user/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': fixtureAddress() },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Opens the app already signed in as this student. */
export async function signIn(page: Page, student: Student) {
  // Once per tab, as a sign-in would: a token put back on every load would sign a student in again after
  // a logout, and a page that then meets the revoked session (401: clear and reload) would reload forever.
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('e2e:signed-in')) return;
    sessionStorage.setItem('e2e:signed-in', 'yes');
    if (!localStorage.getItem('AUTH_TOKEN')) localStorage.setItem('AUTH_TOKEN', token);
  }, student.token);
}

/**
 * The newest email in the test server's outbox that was sent to an address (and whose decoded body holds
 * `containing`, when given: a student's inbox also holds the confirmation email), as raw text.
 */
export async function latestMailTo(
  address: string,
  containing?: string,
  dataDir = `tests/.tmp/e2e-${process.env.E2E_PORT ?? 4410}`,
) {
  const outbox = join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const text = await readFile(join(outbox, name), 'utf8');
      if (!text.includes(`To: ${address}`)) continue;
      if (containing === undefined || mailBody(text).includes(containing)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No email to ${address} in ${outbox}`);
}

/**
 * Opens a page and waits until every island on it has hydrated: text typed before that would be lost when
 * React takes over the pre-rendered inputs.
 */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
}

/** Waits until Astro has hydrated every island on the current page. */
export async function waitForIslands(page: Page) {
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}

/** Fails on any serious or critical axe-core violation on the page as it is now. */
export async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** Tests get a signed-up student that is theirs alone. */
/** The id of a catalogue item (an exam type, a subject, a year) by its title, as the API lists it. */
export async function catalogueId(request: APIRequestContext, path: string, title: string): Promise<string> {
  const response = await request.get(path, { params: { limit: 100 } });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { docs: { _id: string; title: string }[] } };
  const id = data.docs.find((doc) => doc.title === title)?._id;
  expect(id, `${title} in ${path}`).toBeDefined();
  return id ?? '';
}

/** The query of GET /api/v1/exam that starts a new attempt at the paper named by its titles. */
export async function newPaperQuery(
  request: APIRequestContext,
  examType: string,
  subject: string,
  year: string,
) {
  return {
    exam: 'new',
    examType: await catalogueId(request, '/api/v1/examType', examType),
    subject: await catalogueId(request, '/api/v1/subject', subject),
    year: await catalogueId(request, '/api/v1/year', year),
  };
}

/** Chooses an exam type and a subject the way a student does, from /select-exam to /select-year. */
export async function chooseSubject(page: Page, examType: string, subject: string) {
  await page.goto('/select-exam');
  await page.getByRole('button', { name: examType, exact: true }).click();
  await page.getByRole('button', { name: subject, exact: true }).click();
  await expect(page).toHaveURL(/\/select-year$/);
  await waitForIslands(page);
}

/** Starts a paper the way a student does: /select-exam, the exam type, the subject, the year, Start. */
export async function startPaper(page: Page, examType: string, subject: string, year: string) {
  await chooseSubject(page, examType, subject);
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: year, exact: true }).click();
  await page.getByRole('button', { name: 'Start' }).click();
}

/** Nothing on the page scrolls sideways at its viewport's width. */
export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

export const test = base.extend<{ student: Student }>({
  student: async ({ baseURL }, use) => {
    await use(await createStudent(baseURL ?? ''));
  },
});

export { expect };

/**
 * Pays for a plan through the local test checkout and grants it, as a card payment does: the account then
 * holds the plan (after any it already has) and a payment to keep.
 */
export async function buyPlan(baseURL: string, student: Student, planId: string, naira: number) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${student.token}` };
  const reference = `test-${randomUUID()}`;
  const checkout = await fetch(`${baseURL}/api/v1/test-checkout`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      reference,
      amount: naira * 100,
      email: student.details.email,
      metadata: { userId: student.user._id, purpose: 'subscription', planId },
    }),
  });
  expect(checkout.status, await checkout.clone().text()).toBe(201);
  const granted = await fetch(`${baseURL}/api/v1/subscription`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ reference, channel: 'paystack', planId }),
  });
  expect(granted.status, await granted.clone().text()).toBe(200);
  return (await granted.json()) as { data: { subscription: { startsAt: string; endsAt: string } } };
}
