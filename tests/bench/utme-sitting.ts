// The data a whole UTME mock sitting costs, for bench:pages: a signed-in student opens /utme/sitting cold, the
// sitting's 180 questions arrive in one request, every question is answered from the keyboard (each pick saved
// by its own PATCH, as on a phone), and the sitting is submitted and its result opened. Every byte received
// and sent is counted with the DevTools Protocol (network-bytes.ts), under the part of the sitting it belongs to.
import type { Browser } from 'playwright-core';
import { UTME } from '../../src/lib/api/utme.ts';
import { type LabelBytes, recordNetworkBytes } from './network-bytes.ts';
import { formatNumber, median, table } from './support.ts';

/** The parts of a sitting that the report lists, in order. */
export const SITTING_PARTS = [
  'Start: the page (HTML, CSS, JavaScript, fonts)',
  'Start: the sitting (GET /api/v1/exam/utme)',
  `Answer all ${UTME.englishQuestions + UTME.electives * UTME.electiveQuestions} questions (one PATCH each)`,
  'Submit and open the result',
] as const;
type Part = (typeof SITTING_PARTS)[number];

/** The electives the benchmark sits: science, so that the calculator's subjects and KaTeX are in it. */
const ELECTIVES = ['Mathematics', 'Physics', 'Chemistry'];

export type SittingBytes = Map<Part, LabelBytes>;

interface Catalogue {
  electives: { _id: string; title: string; available: boolean }[];
}

/** The ids of the benchmark's three electives, from GET /api/v1/exam/utme/subjects. */
export async function sittingSubjects(origin: string, token: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/exam/utme/subjects`, {
    headers: { authorization: `Bearer ${token}`, 'frontend-source': 'webuser' },
  });
  const body = (await response.json()) as { data: Catalogue };
  if (!response.ok) throw new Error(`/api/v1/exam/utme/subjects answered ${response.status}`);
  const ids = ELECTIVES.map(
    (title) => body.data.electives.find((subject) => subject.title === title && subject.available)?._id,
  );
  if (ids.some((id) => id === undefined)) throw new Error(`The bank cannot fill ${ELECTIVES.join(', ')}`);
  return ids.join(',');
}

/** One whole sitting by `token`'s student in a fresh phone-sized context of `browser`. */
export async function utmeSitting(
  browser: Browser,
  origin: string,
  token: string,
  viewport: { width: number; height: number },
): Promise<SittingBytes> {
  const subjects = await sittingSubjects(origin, token);
  const context = await browser.newContext({
    viewport,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  await context.addInitScript(
    ({ at, value }) => {
      if (location.origin === at && !localStorage.getItem('AUTH_TOKEN'))
        localStorage.setItem('AUTH_TOKEN', value);
    },
    { at: origin, value: token },
  );
  const page = await context.newPage();
  let part: 'start' | 'answer' | 'submit' = 'start';
  const recorder = await recordNetworkBytes(context, page, ({ url, method }): Part => {
    if (part === 'start') {
      return url.pathname === '/api/v1/exam/utme' && method === 'GET' ? SITTING_PARTS[1] : SITTING_PARTS[0];
    }
    return part === 'answer' ? SITTING_PARTS[2] : SITTING_PARTS[3];
  });
  let totals = new Map<string, LabelBytes>();
  const questions = UTME.englishQuestions + UTME.electives * UTME.electiveQuestions;
  try {
    await page.goto(`${origin}/utme/sitting?subjects=${subjects}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: `Question 1/${UTME.englishQuestions}` }).waitFor();
    await page.waitForLoadState('networkidle');
    part = 'answer';
    // A, B, C, D in turn: the answers' rightness does not change what is sent.
    for (let index = 0; index < questions; index++) {
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/exam/answer') && response.request().method() === 'PATCH',
      );
      await page.keyboard.press('abcd'[index % 4] ?? 'a');
      if ((await saved).status() !== 200) throw new Error(`saving answer ${index + 1} failed`);
      if (index < questions - 1) await page.keyboard.press('n');
    }
    part = 'submit';
    await page.keyboard.press('s');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/utme/result?exam=*');
    await page.getByText(`out of ${UTME.maxTotal}`).first().waitFor();
    await page.waitForLoadState('networkidle');
  } catch (error) {
    throw new Error(`the UTME sitting stopped at ${page.url()}: ${(error as Error).message}`);
  } finally {
    totals = await recorder.stop();
    await context.close();
  }
  return totals as SittingBytes;
}

const KB = 1024;
const GB = 1024 ** 3;

/** The report's section on the sitting: medians of `sittings` part by part, and the whole sitting's cost. */
export function sittingReport(sittings: SittingBytes[], nairaPerGb: number): string {
  const kb = (bytes: number) => formatNumber(bytes / KB, 1);
  const pick = (part: Part, field: keyof LabelBytes) =>
    median(sittings.map((sitting) => sitting.get(part)?.[field] ?? 0));
  const whole = (sitting: SittingBytes) =>
    [...sitting.values()].reduce((sum, bytes) => sum + bytes.received + bytes.sent, 0);
  const rows = SITTING_PARTS.map((part) => [
    part,
    kb(pick(part, 'received')),
    kb(pick(part, 'sent')),
    formatNumber(pick(part, 'requests')),
  ]);
  const start = median(
    sittings.map((sitting) =>
      SITTING_PARTS.slice(0, 2).reduce((sum, part) => sum + (sitting.get(part)?.received ?? 0), 0),
    ),
  );
  const total = median(sittings.map(whole));
  const naira = formatNumber((total / GB) * nairaPerGb, 2);
  return `### Data spent on one UTME mock sitting

A new student (trial) opens \`/utme/sitting\` cold in a fresh browser context, signed in, with ${ELECTIVES.join(', ')}
beside Use of English. The whole sitting (${UTME.englishQuestions} + ${UTME.electives} × ${UTME.electiveQuestions} questions, no key) arrives in one request. The student answers
every question from the keyboard (a letter, then N; each pick saved at once by its own PATCH, as on a phone),
presses S, confirms, and the result opens. Counted as the practice session is (received: what came over the
wire, gzipped bodies and headers; sent: request lines, headers and bodies). Medians of ${sittings.length} sittings, each by a
new student.

${table(['part', 'received KB', 'sent KB', 'requests'], rows)}

- Starting a sitting (the page and the sitting): **${kb(start)} KB** received
- The whole sitting: **${kb(total)} KB** received and sent, **₦${naira}** at ₦${nairaPerGb} per GB`;
}
