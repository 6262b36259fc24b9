import { randomUUID } from 'node:crypto';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  contestApi,
  examApi,
  offlineApi,
  predictionApi,
  reportApi,
  reviewApi,
  userApi,
  utmeApi,
} from '../../src/lib/api/endpoints.ts';
import type { Database } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { KEPT_AFTER_DELETION } from '../../src/server/services/account-deletion.ts';
import { createJambBank, createPaper } from '../support/bank-fixture.ts';
import { scheduleFixtureContest, seedContestCatalogue } from '../support/contest-file-fixture.ts';
import { createTestApp, signUpStudent } from '../support/test-app.ts';

// Deleting an account leaves none of the student's rows in any table but those kept on purpose (the
// payments): every one is first filled through the API as a student would, then checked empty.

const t = await createTestApp();
const paper = await createPaper(t.db, { count: 4 });
// A topic, so that the scored answers also reach the per-topic mastery rows.
await t.db
  .update(schema.questions)
  .set({ topic: 'Algebra' })
  .where(eq(schema.questions.paperId, paper.paperId));
const bank = await createJambBank(t.db);
await seedContestCatalogue(t.db);
const MINUTE = 60_000;

// Each table's own column types make it unassignable to the bare PgTable; only identity and config are read.
const tables = Object.values(schema).filter((value) => is(value, PgTable)) as unknown as PgTable[];
/** Every table with a user_id that points to users, and those whose rows hang off one of them. */
const owned = tables.filter((table) =>
  getTableConfig(table).foreignKeys.some((key) => key.reference().foreignTable === (schema.users as object)),
);
const erased = owned.filter((table) => !KEPT_AFTER_DELETION.has(table));

/** The rows of a raw query, from PGlite (`{ rows }`) or postgres.js (an array). */
async function rawRows<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/** How many rows of the student each table holds: its own, and those of its attempts. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of erased) {
    const [row] = await rawRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(getTableName(table))} where user_id = ${userId}`,
    );
    counts[getTableName(table)] = row?.n ?? -1;
  }
  for (const child of ['attempt_answers', 'lifeline_uses', 'utme_sections']) {
    const [row] = await rawRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(child)} c
          join attempts a on a.id = c.attempt_id where a.user_id = ${userId}`,
    );
    counts[child] = row?.n ?? -1;
  }
  return counts;
}

async function ok(response: Promise<{ status: number; text: string }>, status = 200) {
  const answer = await response;
  expect(answer.status, answer.text).toBe(status);
  return answer;
}

/** A student who has used every part of the site that stores something of theirs. */
async function busyStudent() {
  const student = await signUpStudent(t);
  const { token } = student;
  const userId = student.user._id as string;
  const [first, second] = paper.questions;
  if (!first || !second) throw new Error('the paper has too few questions');

  // A full exam with a saved answer, a lifeline and wrong answers (which enter the review deck).
  const exam = await ok(t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token }));
  const examId = JSON.parse(exam.text).data._id as string;
  await ok(
    t.call(examApi.saveAnswer, { token, body: { exam: examId, question: first.id, option: first.right } }),
  );
  await ok(
    t.call(examApi.lifeline, { token, body: { exam: examId, question: second.id, kind: 'fifty-fifty' } }),
  );
  const wrong = paper.questions.map((q) => ({ question: q.id, option: q.wrong[0] ?? q.right }));
  await ok(t.call(examApi.submit, { token, body: { exam: examId, answers: wrong } }));
  // The daily test.
  await ok(t.call(examApi.daily, { query: { subject: paper.ids.subject }, token }));
  await ok(t.call(examApi.submitDaily, { token, body: { subject: paper.ids.subject, answers: [] } }));
  // The review deck, and an answer in it.
  t.clock.advance(MINUTE);
  await ok(t.call(reviewApi.due, { token }));
  await ok(t.call(reviewApi.answer, { token, body: { question: first.id, option: first.right } }));
  // A report whose note names the student.
  await ok(
    t.call(reportApi.send, {
      token,
      body: {
        question: second.id,
        reason: 'wrong-key',
        note: `My name is ${student.body.lastName}, call me on ${student.body.telephone}`,
      },
    }),
    201,
  );
  // A paper downloaded, and an attempt at it taken offline.
  const downloadedAt = t.clock.now().getTime();
  const query = { examType: paper.ids.examType, subject: paper.ids.subject, year: paper.ids.year };
  await ok(t.call(offlineApi.download, { query, token }));
  await ok(
    t.call(offlineApi.upload, {
      token,
      body: {
        clientId: randomUUID(),
        paperId: paper.paperId,
        startedAt: new Date(downloadedAt + MINUTE).toISOString(),
        finishedAt: new Date(downloadedAt + 3 * MINUTE).toISOString(),
        answers: [{ question: first.id, option: first.right }],
      },
    }),
  );
  t.clock.advance(5 * MINUTE);
  // A UTME sitting.
  const { mathematics, physics, biology } = bank.subjects;
  await ok(
    t.call(utmeApi.sitting, {
      query: { subjects: [mathematics.id, physics.id, biology.id].join(',') },
      token,
    }),
  );
  // An exam plan: a date and three subjects.
  await ok(
    t.call(predictionApi.setPlan, {
      token,
      body: { examDate: '2026-06-20', subjects: [mathematics.id, physics.id, biology.id] },
    }),
  );
  // A contest entered.
  const contest = await scheduleFixtureContest(t.db, t.clock.now(), { title: `Contest of ${userId}` });
  await ok(t.call(contestApi.enter, { params: { id: contest.id }, token }));
  // A second device, a pending change of email and a reset link.
  await ok(
    t.call(userApi.signIn, { body: { telephone: student.body.telephone, password: student.body.password } }),
  );
  await ok(
    t.call(userApi.update, {
      token,
      body: { email: `new.${student.body.email}`, currentPassword: student.body.password },
    }),
  );
  await ok(t.call(userApi.requestReset, { body: { email: student.body.email } }));
  // The reset link is made after the answer.
  for (let wait = 0; wait < 100 && (await rowsOf(userId)).password_resets === 0; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ...student, userId };
}

describe('DELETE /api/v1/user erases every table of the student', () => {
  it('leaves no row of the student in any table but the payments', async () => {
    const student = await busyStudent();
    const before = await rowsOf(student.userId);
    // Each table was filled, so that its emptiness afterwards means something.
    for (const [table, count] of Object.entries(before)) expect(count, table).toBeGreaterThan(0);

    const deleted = await t.call(userApi.delete, {
      token: student.token,
      body: { password: student.body.password },
    });
    expect(deleted.status, deleted.text).toBe(200);

    const after = await rowsOf(student.userId);
    expect(after).toEqual(Object.fromEntries(Object.keys(before).map((table) => [table, 0])));
  });
});
