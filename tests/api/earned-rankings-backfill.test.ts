import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { examApi, offlineApi, reviewApi } from '../../src/lib/api/endpoints.ts';
import { attempts, shownKeys, users } from '../../src/server/db/schema.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, subscribedStudent } from '../support/test-app.ts';
import { createTopicBank } from '../support/topic-bank.ts';

// The migration that brought in the ranking rule fills shown_keys and attempts.credit from what students had
// been shown before it. Run again on a history the app recorded itself, it must rebuild the same record, so
// that the rule treats old and new history alike, and it leaves every total as it was.

const MINUTE = 60_000;
const migration = readFileSync(
  new URL('../../src/server/db/migrations/0017_earned-rankings.sql', import.meta.url),
  'utf8',
);
// The last two statements are the backfill: shown keys, then the credit of attempts counted so far.
const backfill = migration
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .slice(-2);

it('rebuilds the shown keys and credits the app records, and leaves every total alone', async () => {
  const app = await createTestApp();
  app.clock.set(new Date('2026-03-02T09:00:00Z'));
  const bank = await createTopicBank(app.db, { papers: [['Indices', 'Surds', 'Surds']] });
  const [paper] = bank.papers;
  const other = await createPaper(app.db, { count: 3 });
  if (!paper) throw new Error('fixture');
  const student = await subscribedStudent(app);
  const token = student.token;
  const submit = async (exam: string, answers: { question: string; option: string }[]) => {
    const response = await app.call(examApi.submit, { token, body: { exam, answers } });
    expect(response.status, response.text).toBe(200);
    app.clock.advance(MINUTE);
    return response.json.data;
  };

  // A counted paper, then its retake (practice).
  for (let round = 0; round < 2; round += 1) {
    const open = await app.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
    await submit(
      open.json.data._id,
      paper.questions.map((q) => ({ question: q.id, option: q.right })),
    );
  }
  // A daily test of the other subject, counted.
  const daily = await app.call(examApi.daily, { query: { subject: other.ids.subject }, token });
  expect(daily.status).toBe(200);
  const dailyResult = await app.call(examApi.submitDaily, {
    token,
    body: {
      subject: other.ids.subject,
      answers: other.questions.map((q) => ({ question: q.id, option: q.wrong[0] ?? '' })),
    },
  });
  expect(dailyResult.status).toBe(200);
  app.clock.advance(MINUTE);
  // A download of the other paper, and an answer in the review deck the day after.
  const download = await app.call(offlineApi.download, {
    query: { examType: other.ids.examType, subject: other.ids.subject, year: other.ids.year },
    token,
  });
  expect(download.status, download.text).toBe(200);
  app.clock.set(new Date('2026-03-03T12:00:00Z'));
  const due = await app.call(reviewApi.due, { token });
  const card = due.json.data.questions[0]?._id;
  expect(card).toBeDefined();
  const reviewed = await app.call(reviewApi.answer, {
    token,
    body: { question: defined(card, 'card in the review deck'), option: null },
  });
  expect(reviewed.status, reviewed.text).toBe(200);

  const read = async () => ({
    shown: await app.db.select().from(shownKeys).orderBy(shownKeys.userId, shownKeys.questionId),
    credits: await app.db
      .select({ id: attempts.id, credit: attempts.credit })
      .from(attempts)
      .orderBy(attempts.id),
    totals: await app.db.select({ id: users.id, total: users.totalScore }).from(users).orderBy(users.id),
  });
  const recorded = await read();
  expect(recorded.shown.length).toBe(6);
  expect(recorded.credits.filter((row) => row.credit !== null)).toHaveLength(2);

  await app.db.delete(shownKeys);
  await app.db.update(attempts).set({ credit: null });
  for (const statement of backfill) await app.db.execute(sql.raw(statement));
  expect(await read()).toEqual(recorded);
}, 90_000);
