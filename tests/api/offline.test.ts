import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { summaryOf } from '../../src/islands/offline/offline-download.ts';
import { examApi, offlineApi } from '../../src/lib/api/endpoints.ts';
import type { QuizResult } from '../../src/lib/api/exam.ts';
import type { OfflineAttemptUpload } from '../../src/lib/api/offline.ts';
import {
  attemptAnswers,
  attempts,
  options,
  paperDownloads,
  questions,
  subscriptions,
  users,
} from '../../src/server/db/schema.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import { databaseFingerprint, expectErrorShape } from '../support/api-probe.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { createTestApp, signUpStudent, subscribedStudent, type TestApp } from '../support/test-app.ts';
import { testDatabaseKind } from '../support/test-database.ts';

// Offline practice, the server's side: a paper downloaded for offline practice (its size first, then the
// paper with its key), the leaderboard rule for a paper whose key the student holds, and attempts taken on
// the phone and uploaded later: checked, scored by the same rules, stored once, and never counted.

const t = await createTestApp();
const MINUTE = 60_000;
const DAY = 86_400_000;
const DIAGRAM = '/bank/diagrams/bece-mathematics-2022-parallel-lines.svg';

type Paper = Awaited<ReturnType<typeof createPaper>>;
type Ids = Paper['ids'];

/** The query that names a paper, for its size and its download. */
const paperQuery = (ids: Ids) => ({ examType: ids.examType, subject: ids.subject, year: ids.year });

async function download(token: string, paper: Paper, app: TestApp = t) {
  const response = await app.call(offlineApi.download, { query: paperQuery(paper.ids), token });
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

function upload(token: string, body: unknown, app: TestApp = t) {
  return app.request<QuizResult>('POST', '/api/v1/exam/offline', { token, body });
}

async function totals(userId: string, app: TestApp = t) {
  const [row] = await app.db
    .select({ totalScore: users.totalScore, scoredAttempts: users.scoredAttempts })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Takes the paper online (GET /exam, then POST /exam/answer with every answer right). */
async function takeOnline(token: string, paper: Paper, app: TestApp = t) {
  const started = await app.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
  expect(started.status, started.text).toBe(200);
  const answers = paper.questions.map((question) => ({ question: question.id, option: question.right }));
  const submitted = await app.call(examApi.submit, { token, body: { exam: started.json.data._id, answers } });
  expect(submitted.status, submitted.text).toBe(200);
  return submitted.json.data;
}

function question(paper: Paper, index: number) {
  const found = paper.questions[index];
  if (!found) throw new Error(`the fixture paper has no question ${index}`);
  return found;
}

describe('GET /api/v1/exam/download/size', () => {
  it('reports the questions, the images, the gzipped download and what the phone will keep, with the images the site serves', async () => {
    const paper = await createPaper(t.db, { count: 3 });
    // One diagram used twice (stored once on the phone) and one image kept elsewhere (not measurable).
    await t.db
      .update(questions)
      .set({ fileUrl: DIAGRAM })
      .where(eq(questions.id, question(paper, 0).id));
    await t.db
      .update(options)
      .set({ fileUrl: DIAGRAM, optionType: 'image' })
      .where(eq(options.id, question(paper, 1).wrong[0] ?? ''));
    await t.db
      .update(questions)
      .set({ fileUrl: 'https://images.example.com/map.png' })
      .where(eq(questions.id, question(paper, 2).id));
    const { token, user } = await subscribedStudent(t);

    const response = await t.call(offlineApi.size, { query: paperQuery(paper.ids), token });
    expect(response.status, response.text).toBe(200);
    const size = response.json.data;
    expect(size).toMatchObject({
      paperId: paper.paperId,
      examType: { _id: paper.ids.examType },
      subject: { _id: paper.ids.subject },
      year: { _id: paper.ids.year },
      questions: 3,
      images: 2,
    });
    expect(size.examType.title).toMatch(/^EXAM /);
    expect(await t.db.$count(paperDownloads, eq(paperDownloads.paperId, paper.paperId))).toBe(0);

    // The download itself, gzipped as the server sends it, plus the diagram's bytes on disk.
    const downloaded = await t.call(offlineApi.download, { query: paperQuery(paper.ids), token });
    const diagramBytes = statSync(`public${DIAGRAM}`).size;
    const expected = gzipSync(downloaded.text).byteLength + diagramBytes;
    // Only the two times differ between the measured body and the sent one (same length, other digits).
    expect(Math.abs(size.bytes - expected)).toBeLessThanOrEqual(8);
    expect(size.bytes).toBeGreaterThan(diagramBytes);

    // What the phone will say it keeps, measured as its list of downloads measures it: the same figure.
    const diagram = new Blob([new Uint8Array(diagramBytes)]);
    const stored = summaryOf(downloaded.json.data, user._id, { [DIAGRAM]: diagram });
    expect(Math.abs(size.storedBytes - stored.bytes)).toBeLessThanOrEqual(8);
    expect(size.storedBytes).toBeGreaterThan(size.bytes);
  });

  it('needs only a signed-in student, not a plan, and answers 404 for no paper and 400 for bad ids', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const { token, user } = await signUpStudent(t);
    await t.db.delete(subscriptions).where(eq(subscriptions.userId, user._id));
    const response = await t.call(offlineApi.size, { query: paperQuery(paper.ids), token });
    expect(response.status).toBe(200);
    expect(response.json.data).toMatchObject({ questions: 2, images: 0 });

    const missing = '00000000-0000-4000-8000-000000000000';
    const none = await t.call(offlineApi.size, {
      query: paperQuery({ examType: missing, subject: missing, year: missing }),
      token,
    });
    expect(none.status).toBe(404);
    expect(none.json.message).toBe('There is no paper for this exam type, subject and year yet.');
    const bad = await t.request('GET', '/api/v1/exam/download/size?examType=x', { token });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((error: { path: string[] }) => error.path[0])).toEqual(
      expect.arrayContaining(['examType', 'subject', 'year']),
    );
    expect((await t.call(offlineApi.size, { query: paperQuery(paper.ids) })).status).toBe(401);
  });
});

describe('GET /api/v1/exam/download', () => {
  it('sends every question with its options, key and explanation, usable until the plan ends, and records it', async () => {
    const paper = await createPaper(t.db, { count: 3, duration: 7, rightIndex: 2 });
    const { token, user } = await subscribedStudent(t);
    // The year's plan, not the trial that ends tomorrow.
    const [plan] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user._id), eq(subscriptions.source, 'admin')));
    const downloadedAt = t.clock.now();

    const offline = await download(token, paper);
    expect(offline).toMatchObject({
      paperId: paper.paperId,
      examType: { _id: paper.ids.examType },
      subject: { _id: paper.ids.subject },
      year: { _id: paper.ids.year },
      duration: 7,
      downloadedAt: downloadedAt.toISOString(),
      usableUntil: plan?.endsAt.toISOString(),
    });
    expect(offline.version).toMatch(/^3:\d+$/);
    expect(offline.questions.map((q) => q._id)).toEqual(paper.questions.map((q) => q.id));
    offline.questions.forEach((q, index) => {
      const fixture = question(paper, index);
      expect(q.options.map((option) => option._id)).toEqual(fixture.optionIds);
      expect(q.answer).toBe(fixture.right);
      expect(q.answer).toBe(fixture.optionIds[2]);
      expect(q.explanation).toBe(`<p>Because of rule ${index + 1}.</p>`);
      expect(q.question).toMatch(new RegExp(`^<p>Question ${index + 1} of `));
    });

    const recorded = await t.db.select().from(paperDownloads).where(eq(paperDownloads.userId, user._id));
    expect(recorded).toEqual([
      {
        userId: user._id,
        paperId: paper.paperId,
        downloadedAt,
        firstDownloadedAt: downloadedAt,
        version: offline.version,
      },
    ]);

    // A new download moves the latest time and keeps the first: still one row.
    t.clock.advance(30 * MINUTE);
    const again = await download(token, paper);
    expect(again.downloadedAt).toBe(t.clock.now().toISOString());
    const rows = await t.db.select().from(paperDownloads).where(eq(paperDownloads.userId, user._id));
    expect(rows).toEqual([
      {
        userId: user._id,
        paperId: paper.paperId,
        downloadedAt: t.clock.now(),
        firstDownloadedAt: downloadedAt,
        version: offline.version,
      },
    ]);
  });

  it('gives one minute a question when the paper sets no duration', async () => {
    const paper = await createPaper(t.db, { count: 4, duration: null });
    const { token } = await subscribedStudent(t);
    expect((await download(token, paper)).duration).toBe(4);
  });

  it('lets the trial download, usable until the trial ends, then answers 402 as GET /exam does', async () => {
    const app = await createTestApp();
    const paper = await createPaper(app.db, { count: 2 });
    const { token, user } = await signUpStudent(app);
    const [trial] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, user._id));
    expect(trial?.source).toBe('trial');
    expect((await download(token, paper, app)).usableUntil).toBe(trial?.endsAt.toISOString());

    app.clock.advance(DAY + 1);
    const before = await databaseFingerprint(app.db);
    const expired = await app.call(offlineApi.download, { query: paperQuery(paper.ids), token });
    expect(expired.status).toBe(402);
    expect(expired.json).toMatchObject({
      code: 'SUBSCRIPTION_EXPIRED',
      message: 'Your subscription has expired',
    });
    const online = await app.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
    expect(online.status).toBe(402);
    expect(online.json.code).toBe(expired.json.code);
    expect(await databaseFingerprint(app.db)).toEqual(before);
  });

  it('answers 402 SUBSCRIPTION_REQUIRED with no plan, and 404 for no paper, recording nothing', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const { token, user } = await signUpStudent(t);
    await t.db.delete(subscriptions).where(eq(subscriptions.userId, user._id));
    const before = await databaseFingerprint(t.db);
    const refused = await t.call(offlineApi.download, { query: paperQuery(paper.ids), token });
    expect(refused.status).toBe(402);
    expect(refused.json.code).toBe('SUBSCRIPTION_REQUIRED');
    expect(refused.text).not.toMatch(/Because of rule/);

    const subscribed = await subscribedStudent(t);
    const after = await databaseFingerprint(t.db);
    const missing = '00000000-0000-4000-8000-000000000000';
    const none = await t.call(offlineApi.download, {
      query: paperQuery({ ...paper.ids, year: missing }),
      token: subscribed.token,
    });
    expect(none.status).toBe(404);
    expect(await databaseFingerprint(t.db)).toEqual(after);
    expect(after.paper_downloads).toBe(before.paper_downloads);
  });

  it(`allows ${RATE_LIMIT_POLICY.paperDownloadAccount.points} downloads an hour per account; refusals do not count`, async () => {
    const app = await createTestApp();
    const paper = await createPaper(app.db, { count: 1 });
    const { token } = await subscribedStudent(app);
    const missing = '00000000-0000-4000-8000-000000000000';
    // A refused download costs nothing.
    for (let tries = 0; tries < 5; tries++) {
      const none = await app.call(offlineApi.download, {
        query: paperQuery({ ...paper.ids, year: missing }),
        token,
      });
      expect(none.status).toBe(404);
    }
    for (let count = 0; count < RATE_LIMIT_POLICY.paperDownloadAccount.points; count++) {
      expect((await app.call(offlineApi.download, { query: paperQuery(paper.ids), token })).status).toBe(200);
    }
    const limited = await app.call(offlineApi.download, { query: paperQuery(paper.ids), token });
    expect(limited.status).toBe(429);
    expect(limited.text).toMatch(/^You have downloaded many papers this hour\. Try again in/);
    // Another student is not limited by this one.
    const other = await subscribedStudent(app);
    expect(
      (await app.call(offlineApi.download, { query: paperQuery(paper.ids), token: other.token })).status,
    ).toBe(200);
  });
});

describe('a downloaded paper on the leaderboard', () => {
  it('never counts for the student who downloaded it, and still counts for another', async () => {
    const paper = await createPaper(t.db, { count: 3 });
    const holder = await subscribedStudent(t);
    const other = await subscribedStudent(t);
    await download(holder.token, paper);

    const held = await takeOnline(holder.token, paper);
    expect(held).toMatchObject({ counted: false, score: 15, correctAnswer: 3 });
    expect(await totals(holder.user._id)).toEqual({ totalScore: 0, scoredAttempts: 0 });

    const fair = await takeOnline(other.token, paper);
    expect(fair).toMatchObject({ counted: true, score: 15 });
    expect(await totals(other.user._id)).toEqual({ totalScore: 15, scoredAttempts: 1 });

    const board = await t.call(examApi.leaderboard, { token: holder.token });
    expect(board.status).toBe(200);
    expect(board.json.data.me).toBeNull();
  });

  it('refuses to download a paper while an attempt at it is open, which then counts in full', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const student = await subscribedStudent(t);
    const started = await t.call(examApi.paper, {
      query: { exam: 'new', ...paper.ids },
      token: student.token,
    });
    expect(started.status).toBe(200);
    const refused = await t.call(offlineApi.download, { query: paperQuery(paper.ids), token: student.token });
    expect(refused.status).toBe(409);
    for (const question of paper.questions) expect(refused.text).not.toContain(question.right);
    const submitted = await t.call(examApi.submit, {
      token: student.token,
      body: {
        exam: started.json.data._id,
        answers: paper.questions.map((q) => ({ question: q.id, option: q.right })),
      },
    });
    expect(submitted.json.data).toMatchObject({ counted: true, score: 10 });
    expect(await totals(student.user._id)).toEqual({ totalScore: 10, scoredAttempts: 1 });
    // Handed in, the paper can be downloaded.
    await download(student.token, paper);
  });

  it('keeps counted an attempt counted before the download; retakes after it are practice', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const student = await subscribedStudent(t);
    const first = await takeOnline(student.token, paper);
    expect(first.counted).toBe(true);
    await download(student.token, paper);
    expect((await takeOnline(student.token, paper)).counted).toBe(false);
    const [row] = await t.db.select().from(attempts).where(eq(attempts.id, first._id));
    expect(row?.counted).toBe(true);
    expect(await totals(student.user._id)).toEqual({ totalScore: 10, scoredAttempts: 1 });
  });
});

describe('POST /api/v1/exam/offline', () => {
  /** A subscribed student who downloaded a 4-question, 5-minute paper at `downloadedAt`. */
  async function downloaded(app: TestApp = t) {
    const paper = await createPaper(app.db, { count: 4, duration: 5 });
    const student = await subscribedStudent(app);
    const downloadedAt = app.clock.now();
    await download(student.token, paper, app);
    return { paper, student, downloadedAt };
  }

  /**
   * Started a minute after the download and finished three minutes later: question 1 right, question 2
   * wrong, question 3 right, question 4 blank.
   */
  function attemptAt(paper: Paper, downloadedAt: Date): OfflineAttemptUpload {
    const started = downloadedAt.getTime() + MINUTE;
    return {
      clientId: randomUUID(),
      paperId: paper.paperId,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(started + 3 * MINUTE).toISOString(),
      answers: [
        { question: question(paper, 0).id, option: question(paper, 0).right },
        { question: question(paper, 1).id, option: question(paper, 1).wrong[0] ?? '' },
        { question: question(paper, 2).id, option: question(paper, 2).right },
      ],
    };
  }

  it('scores the attempt +5/−2/0, stores it with its real times, never counts it, and reads it again', async () => {
    const { paper, student, downloadedAt } = await downloaded();
    const body = attemptAt(paper, downloadedAt);
    // The phone comes back online an hour later.
    t.clock.advance(60 * MINUTE);
    const response = await upload(student.token, body);
    expect(response.status, response.text).toBe(200);
    const result = response.json.data;
    // 2 right (+10), 1 wrong (−2), 1 blank (0).
    expect(result).toMatchObject({
      kind: 'exam',
      counted: false,
      answersOpenAt: null,
      score: 8,
      totalQuestions: 4,
      correctAnswer: 2,
      wrongAnswer: 1,
      unanswered: 1,
      scoreAccuracy: 50,
      timeSpent: 3,
    });
    expect(result.quizAnswers.map((answer) => [answer.isCorrect, answer.userAnswer])).toEqual([
      [true, '<p>Option B</p>'],
      [false, '<p>Option A</p>'],
      [true, '<p>Option B</p>'],
      [false, null],
    ]);
    expect(result.quizAnswers[1]).toMatchObject({
      correctAnswer: '<p>Option B</p>',
      explanation: '<p>Because of rule 2.</p>',
    });

    const [row] = await t.db.select().from(attempts).where(eq(attempts.id, result._id));
    expect(row).toMatchObject({
      userId: student.user._id,
      kind: 'exam',
      paperId: paper.paperId,
      clientId: body.clientId,
      startedAt: new Date(body.startedAt),
      endsAt: new Date(new Date(body.startedAt).getTime() + 5 * MINUTE),
      submittedAt: new Date(body.finishedAt),
      durationMinutes: 5,
      timeSpentSeconds: 180,
      score: 8,
      counted: false,
      questionIds: paper.questions.map((q) => q.id),
    });
    expect(await t.db.$count(attemptAnswers, eq(attemptAnswers.attemptId, result._id))).toBe(3);
    expect(await totals(student.user._id)).toEqual({ totalScore: 0, scoredAttempts: 0 });

    const reread = await t.call(examApi.result, { query: { exam: result._id }, token: student.token });
    expect(reread.status).toBe(200);
    expect(reread.json.data).toEqual(result);
  });

  it('stores an attempt once however often it is sent, and answers the stored result each time', async () => {
    const { paper, student, downloadedAt } = await downloaded();
    const body = attemptAt(paper, downloadedAt);
    t.clock.advance(10 * MINUTE);
    const first = await upload(student.token, body);
    expect(first.status, first.text).toBe(200);
    const before = await databaseFingerprint(t.db);

    const second = await upload(student.token, body);
    expect(second.status).toBe(200);
    expect(second.json.data).toEqual(first.json.data);
    // The same id with other answers is still the attempt stored first.
    const changed = await upload(student.token, { ...body, answers: [] });
    expect(changed.status).toBe(200);
    expect(changed.json.data).toEqual(first.json.data);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    const mine = and(eq(attempts.userId, student.user._id), eq(attempts.clientId, body.clientId));
    expect(await t.db.$count(attempts, mine)).toBe(1);

    // The same id for another paper is a client's mistake, refused.
    const otherPaper = await createPaper(t.db, { count: 1 });
    await download(student.token, otherPaper);
    const afterDownload = await databaseFingerprint(t.db);
    const reused = await upload(student.token, { ...body, paperId: otherPaper.paperId, answers: [] });
    expect(reused.status).toBe(409);
    expect(reused.json.errors?.[0]?.path).toEqual(['clientId']);
    expect(await databaseFingerprint(t.db)).toEqual(afterDownload);
  });

  it('keeps the same id apart for two students: each stores their own', async () => {
    const { paper, student, downloadedAt } = await downloaded();
    const other = await subscribedStudent(t);
    await download(other.token, paper);
    const body = attemptAt(paper, downloadedAt);
    t.clock.advance(10 * MINUTE);
    const mine = await upload(student.token, body);
    const theirs = await upload(other.token, { ...body, answers: [] });
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.json.data._id).not.toBe(mine.json.data._id);
    expect(theirs.json.data.score).toBe(0);
  });

  it('accepts the paper’s time plus the 30 s grace, a phone clock a little ahead, and no answers', async () => {
    const { paper, student, downloadedAt } = await downloaded();
    t.clock.advance(10 * MINUTE);
    const started = downloadedAt.getTime() + MINUTE;
    const longest = await upload(student.token, {
      ...attemptAt(paper, downloadedAt),
      finishedAt: new Date(started + 5 * MINUTE + 30_000).toISOString(),
    });
    expect(longest.status, longest.text).toBe(200);
    // Time spent stops at the paper's end, as it does online.
    expect(longest.json.data.timeSpent).toBe(5);

    const now = t.clock.now().getTime();
    const ahead = await upload(student.token, {
      clientId: randomUUID(),
      paperId: paper.paperId,
      startedAt: new Date(now).toISOString(),
      finishedAt: new Date(now + 4 * MINUTE).toISOString(),
      answers: [],
    });
    expect(ahead.status, ahead.text).toBe(200);
    expect(ahead.json.data).toMatchObject({ score: 0, unanswered: 4, counted: false });
  });

  it('refuses each bad upload with a clear 4xx and stores nothing', async () => {
    const { paper, student, downloadedAt } = await downloaded();
    const otherPaper = await createPaper(t.db, { count: 2 });
    t.clock.advance(10 * MINUTE);
    const good = () => attemptAt(paper, downloadedAt);
    const started = new Date(good().startedAt).getTime();
    const at = (milliseconds: number) => new Date(milliseconds).toISOString();
    const notDownloadedByMe = await createPaper(t.db, { count: 2 });
    const someoneElse = await subscribedStudent(t);
    await download(someoneElse.token, notDownloadedByMe);

    const cases: {
      name: string;
      body: unknown;
      status: number;
      path?: (string | number)[];
      message?: RegExp;
    }[] = [
      {
        name: 'an answer to another paper’s question',
        body: {
          ...good(),
          answers: [
            good().answers[0],
            { question: question(otherPaper, 0).id, option: question(otherPaper, 0).right },
          ],
        },
        status: 400,
        path: ['answers', 1, 'question'],
        message: /^Answer 2 is to a question that is not in this paper\.$/,
      },
      {
        name: 'an option of another question',
        body: {
          ...good(),
          answers: [{ question: question(paper, 0).id, option: question(paper, 1).right }],
        },
        status: 400,
        path: ['answers', 0, 'option'],
        message: /^Answer 1 picks an option that does not belong to its question\.$/,
      },
      {
        name: 'finished before it started',
        body: { ...good(), finishedAt: at(started - 1000) },
        status: 400,
        path: ['finishedAt'],
        message: /before startedAt/,
      },
      {
        name: 'longer than the paper’s time and the grace',
        body: { ...good(), finishedAt: at(started + 5 * MINUTE + 31_000) },
        status: 400,
        path: ['finishedAt'],
        message: /longer than the paper's 5 minutes/,
      },
      {
        name: 'finished in the future',
        body: {
          ...good(),
          startedAt: at(t.clock.now().getTime() + 2 * MINUTE),
          finishedAt: at(t.clock.now().getTime() + 6 * MINUTE),
        },
        status: 400,
        path: ['finishedAt'],
        message: /in the future/,
      },
      {
        name: 'started before the download',
        body: {
          ...good(),
          startedAt: at(downloadedAt.getTime() - 6 * MINUTE),
          finishedAt: at(downloadedAt.getTime() - 3 * MINUTE),
        },
        status: 400,
        path: ['startedAt'],
        message: /before the paper was downloaded/,
      },
      {
        name: 'a paper only another student downloaded',
        body: { ...good(), paperId: notDownloadedByMe.paperId, answers: [] },
        status: 409,
        path: ['paperId'],
        message: /^Download this paper before sending an attempt at it\.$/,
      },
      {
        name: 'an unknown paper',
        body: { ...good(), paperId: randomUUID(), answers: [] },
        status: 404,
        message: /^This paper does not exist\.$/,
      },
      { name: 'no clientId', body: { ...good(), clientId: undefined }, status: 400, path: ['clientId'] },
      { name: 'a clientId that is no UUID', body: { ...good(), clientId: 'attempt-1' }, status: 400 },
      { name: 'an unknown field', body: { ...good(), counted: true }, status: 400 },
      { name: 'no answers list', body: { ...good(), answers: undefined }, status: 400, path: ['answers'] },
      { name: 'answers not a list', body: { ...good(), answers: {} }, status: 400, path: ['answers'] },
      {
        name: 'an answer with an extra field',
        body: { ...good(), answers: [{ ...good().answers[0], correct: true }] },
        status: 400,
      },
      {
        name: 'one question answered twice',
        body: { ...good(), answers: [good().answers[0], good().answers[0]] },
        status: 400,
        path: ['answers', 1, 'question'],
      },
      { name: 'a time that is not ISO', body: { ...good(), startedAt: 'yesterday' }, status: 400 },
      {
        name: 'a time without its offset',
        body: { ...good(), startedAt: '2026-03-02T09:01:00' },
        status: 400,
        path: ['startedAt'],
      },
      { name: 'a time as a number', body: { ...good(), finishedAt: started }, status: 400 },
      { name: 'not an object', body: '[]', status: 400 },
      { name: 'broken JSON', body: '{"clientId":', status: 400 },
    ];

    const before = await databaseFingerprint(t.db);
    for (const { name, body, status, path, message } of cases) {
      const response = await t.request('POST', '/api/v1/exam/offline', { token: student.token, body });
      expect(response.status, `${name}: ${response.text}`).toBe(status);
      expectErrorShape({
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        text: response.text,
      });
      if (path) expect(response.json.errors?.[0]?.path, name).toEqual(path);
      if (message) expect(response.json.message, name).toMatch(message);
    }
    const unsigned = await t.call(offlineApi.upload, { body: good() });
    expect(unsigned.status).toBe(401);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    expect(await totals(student.user._id)).toEqual({ totalScore: 0, scoredAttempts: 0 });

    // The good attempt itself goes through.
    expect((await upload(student.token, good())).status).toBe(200);
  });

  const perPaper = RATE_LIMIT_POLICY.offlineUploadPaper.points;
  const perAccount = RATE_LIMIT_POLICY.offlineUploadAccount.points;
  it(`takes ${perPaper} attempts a day at one paper and ${perAccount} in all per account, then 429s storing nothing`, async () => {
    const app = await createTestApp();
    const student = await subscribedStudent(app);
    const downloadedAt = app.clock.now();
    const papersNeeded = Math.ceil(perAccount / perPaper) + 1;
    const papers: Paper[] = [];
    for (let index = 0; index < papersNeeded; index++) {
      const paper = await createPaper(app.db, { count: 4, duration: 5 });
      await download(student.token, paper, app);
      papers.push(paper);
    }
    app.clock.advance(10 * MINUTE);
    const send = (paper: Paper) => upload(student.token, attemptAt(paper, downloadedAt), app);
    const [first, second] = papers;
    if (!first || !second) throw new Error('the fixture needs two papers');

    // A phone syncing a week's queue at once: every attempt at one paper up to its limit is stored.
    const sendMany = async (paper: Paper, count: number) =>
      (await Promise.all(Array.from({ length: count }, () => send(paper)))).map(
        (response) => response.status,
      );
    expect(await sendMany(first, perPaper)).toEqual(Array(perPaper).fill(200));
    const before = await databaseFingerprint(app.db);
    const paperLimited = await send(first);
    expect(paperLimited.status).toBe(429);
    expect(paperLimited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(paperLimited.text).toMatch(
      /^You have sent many offline tests today\. The rest stay on this phone/,
    );
    expect(await databaseFingerprint(app.db)).toEqual(before);
    // Another paper is still open, and an invalid body still gets its own 400, uncounted.
    expect((await send(second)).status).toBe(200);
    expect((await upload(student.token, { paperId: second.paperId }, app)).status).toBe(400);

    // The second paper has one attempt already; the account's total is what stops the rest.
    let sent = perPaper + 1;
    for (const [index, paper] of papers.slice(1).entries()) {
      const count = Math.min(perPaper - (index === 0 ? 1 : 0), perAccount - sent);
      expect(await sendMany(paper, count)).toEqual(Array(count).fill(200));
      sent += count;
    }
    const last = papers.at(-1);
    if (!last) throw new Error('no paper');
    const accountLimited = await send(last);
    expect(accountLimited.status).toBe(429);
    const stored = await app.db.$count(attempts, eq(attempts.userId, student.user._id));
    expect(stored).toBe(perAccount);

    // Another student is not limited by this one.
    const other = await subscribedStudent(app);
    await download(other.token, first, app);
    expect((await upload(other.token, attemptAt(first, app.clock.now()), app)).status).toBe(200);
  }, 120_000);
});

// PGlite runs one query at a time, so these races need PostgreSQL (the api-postgres project).
describe.runIf(testDatabaseKind === 'postgres')('offline uploads on PostgreSQL', () => {
  it('20 concurrent sends of one attempt store it once and all answer the same result', async () => {
    const paper = await createPaper(t.db, { count: 4, duration: 5 });
    const student = await subscribedStudent(t);
    const downloadedAt = t.clock.now();
    await download(student.token, paper);
    const started = downloadedAt.getTime() + MINUTE;
    const body: OfflineAttemptUpload = {
      clientId: randomUUID(),
      paperId: paper.paperId,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(started + 2 * MINUTE).toISOString(),
      answers: paper.questions.map((q) => ({ question: q.id, option: q.right })),
    };
    t.clock.advance(5 * MINUTE);
    const responses = await Promise.all(Array.from({ length: 20 }, () => upload(student.token, body)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => JSON.stringify(response.json.data))).size).toBe(1);
    expect(responses[0]?.json.data).toMatchObject({ score: 20, counted: false });
    expect(await t.db.$count(attempts, eq(attempts.userId, student.user._id))).toBe(1);
    const [stored] = await t.db.select().from(attempts).where(eq(attempts.userId, student.user._id));
    expect(await t.db.$count(attemptAnswers, eq(attemptAnswers.attemptId, stored?.id ?? ''))).toBe(4);
    expect(await totals(student.user._id)).toEqual({ totalScore: 0, scoredAttempts: 0 });
  });
});
