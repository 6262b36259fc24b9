import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi, reportApi } from '../../src/lib/api/endpoints.ts';
import {
  ALREADY_REPORTED_MESSAGE,
  REPORT_NOTE_MAX,
  REPORT_SENT_MESSAGE,
  REPORT_UNSEEN_MESSAGE,
} from '../../src/lib/api/reports.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/lib/validation/fields.ts';
import type { QuestionReportInput } from '../../src/lib/validation/reports.ts';
import { questionReports, questions, reviewCards } from '../../src/server/db/schema.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import { listOpenReports, resolveReports } from '../../src/server/services/question-reports.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { createTestApp, subscribedStudent } from '../support/test-app.ts';

const t = await createTestApp();
const REPORT = '/api/v1/question/report';

type Paper = Awaited<ReturnType<typeof createPaper>>;

/** A subscribed student who has taken `paper` and submitted it, so that every question in it is seen. */
async function studentWhoTook(paper: Paper) {
  const student = await subscribedStudent(t);
  const exam = await t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token: student.token });
  expect(exam.status, exam.text).toBe(200);
  const submitted = await t.call(examApi.submit, {
    token: student.token,
    body: { exam: exam.json.data._id, answers: [] },
  });
  expect(submitted.status, submitted.text).toBe(200);
  return { ...student, id: student.user._id as string };
}

function question(paper: Paper, index = 0): string {
  const found = paper.questions[index];
  if (!found) throw new Error(`the paper has no question ${index}`);
  return found.id;
}

async function reportsOf(userId: string) {
  return t.db.select().from(questionReports).where(eq(questionReports.userId, userId));
}

describe('POST /api/v1/question/report', () => {
  it.each([
    ['a right-to-left override', 'B is right\u202e, not C', 'B is right, not C'],
    [
      'every bidirectional control',
      '\u061cA\u200eB\u200fC\u202aD\u202bE\u202cF\u202dG\u202eH\u2066I\u2067J\u2068K\u2069L',
      'ABCDEFGHIJKL',
    ],
    ['carriage returns', 'line one\r\nline two\rline three', 'line one\nline two\nline three'],
    ['only bidirectional controls', '\u202e\u2066', ''],
  ])('stores the note without %s, so that a listing shows it as written', async (_label, note, stored) => {
    const paper = await createPaper(t.db, { count: 1 });
    const student = await studentWhoTook(paper);
    const response = await t.call(reportApi.send, {
      token: student.token,
      body: { question: question(paper), reason: 'wrong-key', note },
    });
    expect(response.status, response.text).toBe(201);
    const [report] = await reportsOf(student.id);
    expect(report?.note).toBe(stored);
    const listed = (await listOpenReports(t.db)).find((open) => open.id === response.json.data._id);
    expect(listed?.note).toBe(stored);
  });

  it('stores a report of a question from a finished test, with its note trimmed', async () => {
    const paper = await createPaper(t.db, { count: 3 });
    const student = await studentWhoTook(paper);
    const response = await t.call(reportApi.send, {
      token: student.token,
      body: { question: question(paper, 1), reason: 'wrong-key', note: '  B is right, not C.\n' },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.json.message).toBe(REPORT_SENT_MESSAGE);
    expect(response.json.data).toEqual({
      _id: expect.any(String),
      reason: 'wrong-key',
      createdAt: t.clock.now().toISOString(),
    });
    expect(await reportsOf(student.id)).toEqual([
      {
        id: response.json.data._id,
        userId: student.id,
        questionId: question(paper, 1),
        reason: 'wrong-key',
        note: 'B is right, not C.',
        createdAt: t.clock.now(),
        resolvedAt: null,
      },
    ]);
  });

  it('takes a report without a note, and of a question the student meets only in the review deck', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const student = await subscribedStudent(t);
    const id = student.user._id as string;
    await t.db
      .insert(reviewCards)
      .values({ userId: id, questionId: question(paper), due: t.clock.now(), addedAt: t.clock.now() });
    const response = await t.call(reportApi.send, {
      token: student.token,
      body: { question: question(paper), reason: 'missing-diagram' },
    });
    expect(response.status, response.text).toBe(201);
    expect((await reportsOf(id)).map((row) => [row.reason, row.note])).toEqual([['missing-diagram', '']]);
  });

  it('answers 404 alike for an unknown question, one never met, and one of a test not yet finished', async () => {
    const taken = await createPaper(t.db, { count: 2 });
    const student = await studentWhoTook(taken);
    const never = await createPaper(t.db, { count: 2 });
    const unfinished = await createPaper(t.db, { count: 2 });
    const open = await t.call(examApi.paper, {
      query: { exam: 'new', ...unfinished.ids },
      token: student.token,
    });
    expect(open.status).toBe(200);
    for (const unseen of [randomUUID(), question(never), question(unfinished)]) {
      const response = await t.call(reportApi.send, {
        token: student.token,
        body: { question: unseen, reason: 'typo' },
      });
      expect(response.status, unseen).toBe(404);
      expect(response.json).toEqual({ success: false, message: REPORT_UNSEEN_MESSAGE });
    }
    expect(await reportsOf(student.id)).toEqual([]);
  });

  it('refuses a second report while the first is open, and takes a new one once it is resolved', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const student = await studentWhoTook(paper);
    const body: QuestionReportInput = { question: question(paper), reason: 'unclear' };
    const first = await t.call(reportApi.send, { token: student.token, body });
    expect(first.status).toBe(201);
    const again = await t.call(reportApi.send, {
      token: student.token,
      body: { ...body, reason: 'typo', note: 'Also a typo' },
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false, message: ALREADY_REPORTED_MESSAGE });
    expect(await reportsOf(student.id)).toHaveLength(1);

    await t.db
      .update(questionReports)
      .set({ resolvedAt: t.clock.now() })
      .where(eq(questionReports.id, first.json.data._id));
    const afterFix = await t.call(reportApi.send, { token: student.token, body });
    expect(afterFix.status, afterFix.text).toBe(201);
    const rows = await reportsOf(student.id);
    expect(rows.map((row) => row.resolvedAt === null).sort()).toEqual([false, true]);
  });

  it('stores one report when the same report arrives twice at once', async () => {
    const paper = await createPaper(t.db, { count: 1 });
    const student = await studentWhoTook(paper);
    const body: QuestionReportInput = { question: question(paper), reason: 'other', note: 'Double tap' };
    const responses = await Promise.all([
      t.call(reportApi.send, { token: student.token, body }),
      t.call(reportApi.send, { token: student.token, body }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await reportsOf(student.id)).toHaveLength(1);
  });

  it("keeps each student's reports apart", async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const a = await studentWhoTook(paper);
    const b = await studentWhoTook(paper);
    const outsider = await subscribedStudent(t);
    const body: QuestionReportInput = { question: question(paper), reason: 'wrong-key' };
    expect((await t.call(reportApi.send, { token: a.token, body })).status).toBe(201);
    // A's open report does not block B, who met the same question.
    expect((await t.call(reportApi.send, { token: b.token, body })).status).toBe(201);
    // Nor does it let a student who never met the question report it.
    const refused = await t.call(reportApi.send, { token: outsider.token, body });
    expect(refused.status).toBe(404);
    const stored = await t.db
      .select({ userId: questionReports.userId })
      .from(questionReports)
      .where(eq(questionReports.questionId, question(paper)));
    expect(stored.map((row) => row.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it.each([
    ['an unknown reason', { reason: 'boring' }, ['reason'], 'Choose what is wrong with the question'],
    ['no reason', { reason: undefined }, ['reason'], 'Choose what is wrong with the question'],
    [
      'a note too long',
      { note: 'x'.repeat(REPORT_NOTE_MAX + 1) },
      ['note'],
      'Keep the note to 500 characters',
    ],
    ['a note that is not text', { note: 42 }, ['note'], 'The note must be text'],
    ['a control character', { note: 'see \u001b[2J' }, ['note'], UNSTORABLE_TEXT_MESSAGE],
    ['a NUL', { note: 'B is right\u0000' }, ['note'], UNSTORABLE_TEXT_MESSAGE],
    ['a question that is no id', { question: 'q1' }, ['question'], 'question must be the id of a question'],
    ['an extra field', { userId: randomUUID() }, [], 'Unrecognized key: "userId"'],
  ])('answers 400 for %s and stores nothing', async (_label, change, path, message) => {
    const paper = await createPaper(t.db, { count: 1 });
    const student = await studentWhoTook(paper);
    const body = { question: question(paper), reason: 'typo', ...change };
    const response = await t.request('POST', REPORT, { token: student.token, body });
    expect(response.status).toBe(400);
    expect(response.json.errors?.[0]).toEqual({ path, message });
    expect(await reportsOf(student.id)).toEqual([]);
  });

  it('takes a note of exactly the longest length, line breaks included', async () => {
    const paper = await createPaper(t.db, { count: 1 });
    const student = await studentWhoTook(paper);
    const note = `${'a'.repeat(REPORT_NOTE_MAX - 2)}\nb`;
    const response = await t.call(reportApi.send, {
      token: student.token,
      body: { question: question(paper), reason: 'other', note },
    });
    expect(response.status, response.text).toBe(201);
    expect((await reportsOf(student.id))[0]?.note).toBe(note);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const paper = await createPaper(t.db, { count: 1 });
    const student = await studentWhoTook(paper);
    const response = await t.request('POST', REPORT, { token: student.token, body: '{"question":' });
    expect(response.status).toBe(400);
    expect(await reportsOf(student.id)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const response = await t.call(reportApi.send, { body: { question: randomUUID(), reason: 'typo' } });
    expect(response.status).toBe(401);
  });

  it('limits each student to 10 reports an hour, counting refusals but not invalid bodies', async () => {
    const limit = RATE_LIMIT_POLICY.questionReportAccount.points;
    const paper = await createPaper(t.db, { count: limit + 1 });
    const student = await studentWhoTook(paper);
    const report = (index: number, reason = 'typo') =>
      t.request('POST', REPORT, { token: student.token, body: { question: question(paper, index), reason } });
    // Invalid bodies cost nothing.
    for (let index = 0; index < 3; index++) expect((await report(index, 'nope')).status).toBe(400);
    // A refused duplicate and an unseen question count, as each asked the database.
    expect((await report(0)).status).toBe(201);
    expect((await report(0)).status).toBe(409);
    const unseen = await t.call(reportApi.send, {
      token: student.token,
      body: { question: randomUUID(), reason: 'typo' },
    });
    expect(unseen.status).toBe(404);
    for (let index = 1; index < limit - 2; index++) expect((await report(index)).status).toBe(201);
    const refused = await report(limit);
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(
      /^You have sent many reports this hour\. Try again in (an hour|\d+ minutes)\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await reportsOf(student.id)).toHaveLength(limit - 2);

    // Another student is not held back by this one's limit.
    const other = await studentWhoTook(paper);
    const theirs = await t.call(reportApi.send, {
      token: other.token,
      body: { question: question(paper, limit), reason: 'typo' },
    });
    expect(theirs.status).toBe(201);
  });
});

describe('resolving reports (npm run reports:resolve)', () => {
  it('resolves one report by its id, or every open report of a question by its key', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const a = await studentWhoTook(paper);
    const b = await studentWhoTook(paper);
    const send = (token: string, index: number) =>
      t.call(reportApi.send, { token, body: { question: question(paper, index), reason: 'typo' } });
    const aFirst = await send(a.token, 0);
    await send(b.token, 0);
    await send(a.token, 1);
    const [firstQuestion] = await t.db
      .select({ key: questions.key })
      .from(questions)
      .where(eq(questions.id, question(paper, 0)));
    // The fixture keys a paper's questions `<tag>-<position>`.
    const keyPrefix = firstQuestion?.key.replace(/-0$/, '') ?? '';
    const openOfPaper = async () =>
      (await listOpenReports(t.db))
        .filter((report) => report.questionKey.startsWith(`${keyPrefix}-`))
        .map((report) => report.questionKey)
        .sort();
    expect(await openOfPaper()).toEqual([`${keyPrefix}-0`, `${keyPrefix}-0`, `${keyPrefix}-1`]);

    const later = new Date(t.clock.now().getTime() + 60_000);
    expect(await resolveReports(t.db, aFirst.json.data._id, later)).toBe(1);
    expect(await openOfPaper()).toEqual([`${keyPrefix}-0`, `${keyPrefix}-1`]);
    expect(await resolveReports(t.db, `${keyPrefix}-0`, later)).toBe(1);
    expect(await resolveReports(t.db, `${keyPrefix}-0`, later)).toBe(0);
    expect(await openOfPaper()).toEqual([`${keyPrefix}-1`]);
    const [resolved] = await t.db
      .select({ resolvedAt: questionReports.resolvedAt })
      .from(questionReports)
      .where(and(eq(questionReports.userId, b.id), eq(questionReports.questionId, question(paper, 0))));
    expect(resolved?.resolvedAt).toEqual(later);
    expect(await resolveReports(t.db, randomUUID(), later)).toBe(0);
  });
});
