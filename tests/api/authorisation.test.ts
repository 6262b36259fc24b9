import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  attemptHistoryApi,
  coinHistoryApi,
  contestApi,
  examApi,
  masteryApi,
  offlineApi,
  paymentApi,
  predictionApi,
  userApi,
  utmeApi,
} from '../../src/lib/api/endpoints.ts';
import type { ExamPayload } from '../../src/lib/api/exam.ts';
import { UNAUTHORIZED_MESSAGE } from '../../src/lib/errors.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  attemptAnswers,
  attempts,
  coinLedger,
  contestEntries,
  contests,
  lifelineUses,
  payments,
  questions,
  subjects,
  users,
  utmeSections,
} from '../../src/server/db/schema.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import { runContestJob } from '../../src/server/services/contests/finish.ts';
import { DEFAULT_PLANS, upsertPlan } from '../../src/server/services/payments/plans.ts';
import {
  databaseFingerprint,
  expectErrorShape,
  fillPathParams,
  listEndpoints,
  sendRaw,
} from '../support/api-probe.ts';
import { createJambBank, createPaper } from '../support/bank-fixture.ts';
import { scheduleFixtureContest, seedContestCatalogue } from '../support/contest-file-fixture.ts';
import { enter, openLevel, rightAnswers, rightOption } from '../support/contest-play.ts';
import { defined } from '../support/defined.ts';
import {
  confirmationTokenFor,
  createTestApp,
  signUpStudent,
  signUpUnconfirmedStudent,
} from '../support/test-app.ts';

const t = await createTestApp();
for (const plan of DEFAULT_PLANS) await upsertPlan(t.db, plan);
const paper = await createPaper(t.db, { count: 4 });
const DAY = 86_400_000;
// Each endpoint the fixture opens, as the query its binding takes, and as the address the route table sends.
const addressOf = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;
const paperIds = { examType: paper.ids.examType, subject: paper.ids.subject, year: paper.ids.year };
const examQuery = { exam: 'new' as const, ...paperIds };
const examUrl = addressOf(examApi.paper.path, examQuery);
const dailyQuery = { subject: paper.ids.subject };
const dailyUrl = addressOf(examApi.daily.path, dailyQuery);
const jamb = await createJambBank(t.db);
const utmeSubjects = [jamb.subjects.mathematics, jamb.subjects.physics, jamb.subjects.biology];
const utmeQuery = { subjects: utmeSubjects.map((subject) => subject.id).join(',') };
const utmeUrl = addressOf(utmeApi.sitting.path, utmeQuery);
const downloadUrl = addressOf(offlineApi.download.path, paperIds);
// The paper's questions share one topic, for the topic practice and topic mastery.
await t.db.update(questions).set({ topic: 'Fractions' }).where(eq(questions.paperId, paper.paperId));
const [paperSubject] = await t.db
  .select({ slug: subjects.slug })
  .from(subjects)
  .where(eq(subjects.id, paper.ids.subject));
const topicQuery = { subject: defined(paperSubject?.slug, 'subject of the paper'), topic: 'Fractions' };
const topicUrl = addressOf(masteryApi.topic.path, topicQuery);
await seedContestCatalogue(t.db);
let contestCount = 0;

/** The fixture contest, free, under a title of its own (the title and start name a contest). */
function scheduleContest() {
  contestCount += 1;
  return scheduleFixtureContest(t.db, t.clock.now(), {
    title: `Authorisation Challenge ${contestCount}`,
    entryFee: 0,
  });
}

// A contest open to entries that no student enters but the one sent to POST /contest/:id/entry.
const openContest = await scheduleContest();

/**
 * A contest that each student entered and that started a minute ago, with each one's level 1 open (in the
 * students' order). It is scheduled an hour ahead, entered, and then its times moved an hour back, so that
 * the app's clock, which the other tests share, stays where it is.
 */
async function liveContest(students: { token: string }[]) {
  const contest = await scheduleContest();
  for (const student of students) {
    const entered = await enter(t, student.token, contest.id);
    if (entered.status !== 200) throw new Error(`fixture entry failed: ${entered.text}`);
  }
  const back = sql`interval '61 minutes'`;
  await t.db
    .update(contests)
    .set({ startsAt: sql`${contests.startsAt} - ${back}`, endsAt: sql`${contests.endsAt} - ${back}` })
    .where(eq(contests.id, contest.id));
  const levels: ExamPayload[] = [];
  for (const student of students) {
    const level = await openLevel(t, student.token, contest.id);
    if (level.status !== 200) throw new Error(`fixture level failed: ${level.text}`);
    levels.push(level.json.data);
  }
  return { id: contest.id, levels };
}

/** The endpoints that need a signed-in student, as they must stay: a new one is added here on purpose. */
const NEEDS_A_USER = [
  'GET /api/v1/user',
  'PUT /api/v1/user',
  'DELETE /api/v1/user',
  'POST /api/v1/user/logout',
  'POST /api/v1/user/verify-email/resend',
  'GET /api/v1/history',
  'GET /api/v1/exam/daily',
  'GET /api/v1/exam/daily/taken',
  'GET /api/v1/exam',
  'PATCH /api/v1/exam/answer',
  'POST /api/v1/exam/answer/daily',
  'POST /api/v1/exam/answer',
  'POST /api/v1/exam/lifeline',
  'GET /api/v1/exam/result',
  'GET /api/v1/exam/leaderboard',
  'GET /api/v1/exam/history',
  'GET /api/v1/exam/utme/subjects',
  'GET /api/v1/exam/utme',
  'POST /api/v1/exam/answer/utme',
  'GET /api/v1/exam/utme/result',
  'GET /api/v1/exam/utme/ranking',
  'GET /api/v1/exam/download/size',
  'GET /api/v1/exam/download',
  'POST /api/v1/exam/offline',
  'GET /api/v1/exam/topic',
  'GET /api/v1/mastery',
  'POST /api/v1/subscription',
  'POST /api/v1/coins',
  'POST /api/v1/test-checkout',
  'POST /api/v1/question/report',
  'GET /api/v1/review/due',
  'POST /api/v1/review/answer',
  'POST /api/v1/contest/:id/entry',
  'GET /api/v1/contest/:id/level',
  'GET /api/v1/contest/:id/review',
  'POST /api/v1/contest/:id/level',
  'POST /api/v1/contest/:id/claim',
  'GET /api/v1/prediction',
  'GET /api/v1/prediction/plan',
  'PUT /api/v1/prediction/plan',
  'GET /api/v1/prediction/today',
].sort();

/**
 * A student with an open exam attempt, an open daily test and an open UTME sitting, the paper downloaded
 * for offline use, a card payment not yet granted, and level 1 open in a live contest only they entered.
 */
async function preparedStudent() {
  const student = await signUpStudent(t);
  // Downloaded first: a paper whose questions sit in an open test cannot be downloaded.
  const downloadedAt = t.clock.now();
  const offline = await t.call(offlineApi.download, { query: paperIds, token: student.token });
  const exam = await t.call(examApi.paper, { query: examQuery, token: student.token });
  const daily = await t.call(examApi.daily, { query: dailyQuery, token: student.token });
  const utme = await t.call(utmeApi.sitting, { query: utmeQuery, token: student.token });
  if (exam.status !== 200 || daily.status !== 200 || utme.status !== 200 || offline.status !== 200)
    throw new Error(`fixture failed: ${exam.text} ${daily.text} ${utme.text} ${offline.text}`);
  const reference = `ref-${randomUUID()}`;
  const paid = await t.call(paymentApi.testCheckout, {
    token: student.token,
    body: {
      reference,
      amount: 500 * 100,
      email: student.body.email,
      metadata: { userId: student.user._id, purpose: 'subscription', planId: 'weekly' },
    },
  });
  if (paid.status !== 201) throw new Error(`fixture payment failed: ${paid.text}`);
  const contest = await liveContest([student]);
  return {
    ...student,
    id: student.user._id as string,
    attemptId: exam.json.data._id as string,
    utmeId: utme.json.data._id as string,
    downloadedAt,
    reference,
    contestId: contest.id,
    levelId: contest.levels[0]?._id as string,
  };
}

type Student = Awaited<ReturnType<typeof preparedStudent>>;

/** A request each endpoint would accept from `owner`, so that a refusal can only come from the token. */
function validRequest(key: string, owner: Student): { path: string; body?: unknown } {
  const [question] = paper.questions;
  if (!question) throw new Error('no question');
  const requests: Record<string, { path: string; body?: unknown }> = {
    'GET /api/v1/user': { path: '/api/v1/user' },
    'PUT /api/v1/user': { path: '/api/v1/user', body: { firstName: 'Changed' } },
    'DELETE /api/v1/user': { path: '/api/v1/user', body: { password: owner.body.password } },
    'POST /api/v1/user/logout': { path: '/api/v1/user/logout' },
    'POST /api/v1/user/verify-email/resend': { path: '/api/v1/user/verify-email/resend' },
    'GET /api/v1/history': { path: '/api/v1/history' },
    'GET /api/v1/exam/daily': { path: dailyUrl },
    'GET /api/v1/exam/daily/taken': { path: '/api/v1/exam/daily/taken' },
    'GET /api/v1/exam': { path: examUrl },
    'PATCH /api/v1/exam/answer': {
      path: '/api/v1/exam/answer',
      body: { exam: owner.attemptId, question: question.id, option: question.right },
    },
    'POST /api/v1/exam/answer/daily': {
      path: '/api/v1/exam/answer/daily',
      body: { subject: paper.ids.subject },
    },
    'POST /api/v1/exam/answer': { path: '/api/v1/exam/answer', body: { exam: owner.attemptId } },
    'POST /api/v1/exam/lifeline': {
      path: '/api/v1/exam/lifeline',
      body: { exam: owner.attemptId, question: question.id, kind: 'skip' },
    },
    // The owner's own attempt (still open, so the owner would get 409 rather than the result).
    'GET /api/v1/exam/result': { path: `/api/v1/exam/result?exam=${owner.attemptId}` },
    'GET /api/v1/exam/leaderboard': { path: '/api/v1/exam/leaderboard' },
    'GET /api/v1/exam/history': { path: '/api/v1/exam/history?page=1&limit=5' },
    'GET /api/v1/exam/utme/subjects': { path: '/api/v1/exam/utme/subjects' },
    // The owner's open sitting, resumed.
    'GET /api/v1/exam/utme': { path: utmeUrl },
    'POST /api/v1/exam/answer/utme': { path: '/api/v1/exam/answer/utme', body: { exam: owner.utmeId } },
    // Still open, as for GET /exam/result: the owner would get 409.
    'GET /api/v1/exam/utme/result': { path: `/api/v1/exam/utme/result?exam=${owner.utmeId}` },
    'GET /api/v1/exam/utme/ranking': { path: '/api/v1/exam/utme/ranking' },
    'GET /api/v1/exam/download/size': { path: addressOf(offlineApi.size.path, paperIds) },
    'GET /api/v1/exam/download': { path: downloadUrl },
    // An attempt at the paper the owner downloaded, taken in the minute after the download.
    'POST /api/v1/exam/offline': {
      path: '/api/v1/exam/offline',
      body: {
        clientId: randomUUID(),
        paperId: paper.paperId,
        startedAt: new Date(owner.downloadedAt.getTime() + 1000).toISOString(),
        finishedAt: new Date(owner.downloadedAt.getTime() + 61_000).toISOString(),
        answers: [{ question: question.id, option: question.right }],
      },
    },
    'GET /api/v1/exam/topic': { path: topicUrl },
    'GET /api/v1/mastery': { path: '/api/v1/mastery' },
    'POST /api/v1/subscription': {
      path: '/api/v1/subscription',
      body: { reference: owner.reference, channel: 'paystack', planId: 'weekly' },
    },
    'POST /api/v1/coins': { path: '/api/v1/coins', body: { reference: owner.reference, pack: 1000 } },
    'POST /api/v1/test-checkout': {
      path: '/api/v1/test-checkout',
      body: {
        reference: `ref-${randomUUID()}`,
        amount: 100_000,
        email: owner.body.email,
        metadata: { userId: owner.id, purpose: 'coins', pack: 1000 },
      },
    },
    // A question of the owner's exam: accepted once the owner has submitted it (the test below does).
    'POST /api/v1/question/report': {
      path: '/api/v1/question/report',
      body: { question: question.id, reason: 'wrong-key', note: 'B should be the answer' },
    },
    'GET /api/v1/review/due': { path: '/api/v1/review/due' },
    'GET /api/v1/prediction': { path: '/api/v1/prediction' },
    'GET /api/v1/prediction/plan': { path: '/api/v1/prediction/plan' },
    'PUT /api/v1/prediction/plan': {
      path: '/api/v1/prediction/plan',
      body: { examDate: '2026-06-20', subjects: utmeSubjects.map((subject) => subject.id) },
    },
    'GET /api/v1/prediction/today': { path: '/api/v1/prediction/today' },
    // A question of the owner's exam: in the owner's review deck once they have submitted it wrong.
    'POST /api/v1/review/answer': {
      path: '/api/v1/review/answer',
      body: { question: question.id, option: question.right },
    },
    // A contest the owner has not entered yet, before its start.
    'POST /api/v1/contest/:id/entry': { path: `/api/v1/contest/${openContest.id}/entry` },
    'GET /api/v1/contest/:id/level': { path: `/api/v1/contest/${owner.contestId}/level` },
    'POST /api/v1/contest/:id/level': {
      path: `/api/v1/contest/${owner.contestId}/level`,
      body: { exam: owner.levelId, answers: [] },
    },
    // The owner's contest is still running, so the owner would get 409 rather than the review or the prize.
    'GET /api/v1/contest/:id/review': { path: `/api/v1/contest/${owner.contestId}/review` },
    'POST /api/v1/contest/:id/claim': {
      path: `/api/v1/contest/${owner.contestId}/claim`,
      body: { adult: true },
    },
  };
  const request = requests[key];
  if (!request) throw new Error(`no valid request for ${key}: add one`);
  return request;
}

async function send(key: string, request: { path: string; body?: unknown }, token?: string) {
  const [method = 'GET'] = key.split(' ');
  return sendRaw(t.app, method, request.path, {
    headers: {
      'frontend-source': 'webuser',
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: request.body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(request.body)),
  });
}

/** Sends every user endpoint a valid request with `token`; each must be a 401 that changes nothing. */
async function expectAllRefused(token: string | undefined, owner: Student) {
  for (const key of NEEDS_A_USER) {
    const before = await databaseFingerprint(t.db);
    const response = await send(key, validRequest(key, owner), token);
    expect(response.status, `${key}: ${response.text}`).toBe(401);
    expectErrorShape(response, key);
    expect(JSON.parse(response.text).message).toBe(UNAUTHORIZED_MESSAGE);
    expect(await databaseFingerprint(t.db), `${key} changed the database`).toEqual(before);
  }
}

describe('endpoints that need a user', () => {
  it('are found by calling every endpoint without a token', async () => {
    const found: string[] = [];
    for (const endpoint of listEndpoints(t.app)) {
      const body = endpoint.method === 'GET' ? undefined : new TextEncoder().encode('{}');
      const response = await sendRaw(t.app, endpoint.method, fillPathParams(endpoint.path, randomUUID()), {
        headers: body ? { 'content-type': 'application/json' } : {},
        body,
      });
      // The webhook's 401 is about its signature, not a user.
      if (response.status === 401 && JSON.parse(response.text).message === UNAUTHORIZED_MESSAGE) {
        found.push(endpoint.key);
      }
    }
    expect(found.sort()).toEqual(NEEDS_A_USER);
  });

  // One test a kind of token: each walks every endpoint, which together outlast one test's time on a busy machine.
  it.each([
    ['without a token', () => undefined],
    ['with a malformed token', () => 'not-a-token'],
    ['with an unknown token', (token: string) => `${token.slice(0, -2)}AA`],
  ])('answer 401 %s', async (_kind, tokenFrom) => {
    const owner = await preparedStudent();
    await expectAllRefused(tokenFrom(owner.token), owner);
  });

  it('answer 401 with a token older than 30 days', async () => {
    const owner = await preparedStudent();
    try {
      t.clock.advance(30 * DAY - 60_000);
      const stillValid = await t.call(userApi.current, { token: owner.token });
      expect(stillValid.status).toBe(200);
      t.clock.advance(60_001);
      await expectAllRefused(owner.token, owner);
    } finally {
      t.clock.advance(-(30 * DAY + 1));
    }
  });

  it('answer 401 with a token revoked by logging out', async () => {
    const owner = await preparedStudent();
    const loggedOut = await t.call(userApi.signOut, { token: owner.token });
    expect(loggedOut.status).toBe(200);
    await expectAllRefused(owner.token, owner);
  });

  it('answer 401 with the token of an account deleted since', async () => {
    const owner = await preparedStudent();
    const deleted = await t.call(userApi.delete, {
      token: owner.token,
      body: { password: owner.body.password },
    });
    expect(deleted.status).toBe(200);
    await expectAllRefused(owner.token, owner);
  });
});

/** Every row that belongs to a user, directly or through their attempts, as one comparable value. */
async function rowsOf(db: Database, userId: string) {
  const owned = [
    'users',
    'sessions',
    'coin_ledger',
    'subscriptions',
    'payments',
    'attempts',
    'contest_entries',
    'email_confirmations',
    'paper_downloads',
    'question_reports',
    'review_cards',
    'review_answers',
  ];
  const result: Record<string, unknown> = {};
  for (const table of owned) {
    const column = table === 'users' ? 'id' : 'user_id';
    result[table] = await db.execute(
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print, count(*)::int as n
          from ${sql.identifier(table)} t where ${sql.identifier(column)} = ${userId}`,
    );
  }
  const mine = db.select({ id: attempts.id }).from(attempts).where(eq(attempts.userId, userId));
  result.answers = await db.select().from(attemptAnswers).where(inArray(attemptAnswers.attemptId, mine));
  result.lifelines = await db.select().from(lifelineUses).where(inArray(lifelineUses.attemptId, mine));
  result.utmeSections = await db.select().from(utmeSections).where(inArray(utmeSections.attemptId, mine));
  return JSON.stringify(result);
}

describe('one student cannot read or change another student’s data', () => {
  async function pair() {
    const a = await preparedStudent();
    const b = await preparedStudent();
    return { a, b, aBefore: await rowsOf(t.db, a.id) };
  }

  it('B cannot save an answer in A’s attempt', async () => {
    const { a, b, aBefore } = await pair();
    const response = await send(
      'PATCH /api/v1/exam/answer',
      validRequest('PATCH /api/v1/exam/answer', a),
      b.token,
    );
    expect(response.status).toBe(404);
    expectErrorShape(response);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
  });

  it('B cannot submit A’s attempt, with or without answers', async () => {
    const { a, b, aBefore } = await pair();
    const [question] = paper.questions;
    for (const answers of [[], [{ question: question?.id, option: question?.right }]]) {
      const response = await send(
        'POST /api/v1/exam/answer',
        { path: '/api/v1/exam/answer', body: { exam: a.attemptId, answers } },
        b.token,
      );
      expect(response.status).toBe(404);
      expectErrorShape(response);
    }
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
    const [attempt] = await t.db.select().from(attempts).where(eq(attempts.id, a.attemptId));
    expect(attempt?.submittedAt).toBeNull();
  });

  it('B cannot use a lifeline on A’s attempt, and pays nothing for trying', async () => {
    const { a, b, aBefore } = await pair();
    const bBefore = await rowsOf(t.db, b.id);
    for (const kind of ['skip', 'fifty-fifty']) {
      const response = await send(
        'POST /api/v1/exam/lifeline',
        {
          path: '/api/v1/exam/lifeline',
          body: { exam: a.attemptId, question: paper.questions[0]?.id, kind },
        },
        b.token,
      );
      expect(response.status).toBe(404);
      expectErrorShape(response);
    }
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
    expect(await rowsOf(t.db, b.id)).toBe(bBefore);
  });

  it('B submitting the daily test submits B’s own, never A’s', async () => {
    const { a, b, aBefore } = await pair();
    const response = await send(
      'POST /api/v1/exam/answer/daily',
      validRequest('POST /api/v1/exam/answer/daily', a),
      b.token,
    );
    expect(response.status).toBe(200);
    const [bDaily] = await t.db
      .select()
      .from(attempts)
      .where(eq(attempts.id, JSON.parse(response.text).data._id));
    expect(bDaily?.userId).toBe(b.id);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
  });

  it('a student with no daily test cannot reach another student’s by subject', async () => {
    const a = await preparedStudent();
    const aBefore = await rowsOf(t.db, a.id);
    const stranger = await signUpStudent(t);
    const response = await send(
      'POST /api/v1/exam/answer/daily',
      validRequest('POST /api/v1/exam/answer/daily', a),
      stranger.token,
    );
    expect(response.status).toBe(404);
    expectErrorShape(response);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
  });

  it('B fetching the same paper or daily test gets B’s own attempt, never A’s answers', async () => {
    const { a, b, aBefore } = await pair();
    const question = defined(paper.questions[0], 'first question');
    await t.call(examApi.saveAnswer, {
      token: a.token,
      body: { exam: a.attemptId, question: question.id, option: question.right },
    });
    const aAfterAnswer = await rowsOf(t.db, a.id);
    expect(aAfterAnswer).not.toBe(aBefore);
    const exam = await t.call(examApi.paper, { query: examQuery, token: b.token });
    expect(exam.status).toBe(200);
    expect(exam.json.data._id).toBe(b.attemptId);
    expect(exam.json.data.answers).toEqual([]);
    const daily = await t.call(examApi.daily, { query: dailyQuery, token: b.token });
    const [dailyRow] = await t.db.select().from(attempts).where(eq(attempts.id, daily.json.data._id));
    expect(dailyRow?.userId).toBe(b.id);
    expect(await rowsOf(t.db, a.id)).toBe(aAfterAnswer);
  });

  it('B’s topic mastery holds only B’s answers, and B asking for A’s topic practice gets B’s own', async () => {
    const { a, b } = await pair();
    const answers = paper.questions.map((question) => ({ question: question.id, option: question.right }));
    const scored = await t.call(examApi.submit, { token: a.token, body: { exam: a.attemptId, answers } });
    expect(scored.status).toBe(200);
    const aMastery = await t.call(masteryApi.overview, { token: a.token });
    expect(aMastery.json.data.subjects[0]?.topics[0]).toMatchObject({
      topic: 'Fractions',
      answers: 4,
      right: 4,
    });
    const bMastery = await t.call(masteryApi.overview, { token: b.token });
    expect(bMastery.status).toBe(200);
    expect(bMastery.json.data.subjects).toEqual([]);

    // Topic practice leaves out the questions of a student's open tests: both hand theirs in first.
    for (const student of [a, b]) {
      const daily = await t.call(examApi.submitDaily, {
        token: student.token,
        body: { subject: paper.ids.subject },
      });
      expect(daily.status).toBe(200);
    }
    expect((await t.call(examApi.submit, { token: b.token, body: { exam: b.attemptId } })).status).toBe(200);
    const practice = await t.call(masteryApi.topic, { query: topicQuery, token: a.token });
    expect(practice.status, practice.text).toBe(200);
    const question = defined(practice.json.data.questions[0], 'question in the practice');
    const right = defined(
      paper.questions.find((candidate) => candidate.id === question._id)?.right,
      'key of the practised question',
    );
    await t.call(examApi.saveAnswer, {
      token: a.token,
      body: { exam: practice.json.data._id, question: question._id, option: right },
    });
    const aBefore = await rowsOf(t.db, a.id);
    const own = await t.call(masteryApi.topic, { query: topicQuery, token: b.token });
    expect(own.status).toBe(200);
    expect(own.json.data._id).not.toBe(practice.json.data._id);
    expect(own.json.data.answers).toEqual([]);
    const stolen = await send(
      'POST /api/v1/exam/answer',
      { path: '/api/v1/exam/answer', body: { exam: practice.json.data._id } },
      b.token,
    );
    expect(stolen.status).toBe(404);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
  });

  it('B cannot report a question only A has met, and A’s open report does not stand in B’s way', async () => {
    const { a, b } = await pair();
    const report = validRequest('POST /api/v1/question/report', a);
    const submitted = await t.call(examApi.submit, { token: a.token, body: { exam: a.attemptId } });
    expect(submitted.status).toBe(200);
    const mine = await send('POST /api/v1/question/report', report, a.token);
    expect(mine.status, mine.text).toBe(201);
    const aBefore = await rowsOf(t.db, a.id);
    const bBefore = await rowsOf(t.db, b.id);

    // B's attempt at the same paper is still open: B has not met the question in a finished test.
    const refused = await send('POST /api/v1/question/report', report, b.token);
    expect(refused.status).toBe(404);
    expectErrorShape(refused);
    expect(await rowsOf(t.db, b.id)).toBe(bBefore);

    const bSubmitted = await t.call(examApi.submit, { token: b.token, body: { exam: b.attemptId } });
    expect(bSubmitted.status).toBe(200);
    const theirs = await send('POST /api/v1/question/report', report, b.token);
    expect(theirs.status, theirs.text).toBe(201);
    expect(JSON.parse(theirs.text).data._id).not.toBe(JSON.parse(mine.text).data._id);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
  });

  it('B can neither read nor answer A’s review deck, and reading B’s own adds nothing of A’s', async () => {
    const { a, b } = await pair();
    const [question] = paper.questions;
    if (!question) throw new Error('no question');
    // A leaves every question blank: all four enter A's deck when A reads it.
    const submitted = await t.call(examApi.submit, { token: a.token, body: { exam: a.attemptId } });
    expect(submitted.status).toBe(200);
    // The deck holds back the questions of an open test: A hands in the open daily test too.
    const daily = await t.call(examApi.submitDaily, { token: a.token, body: { subject: paper.ids.subject } });
    expect(daily.status).toBe(200);
    const aDeck = await send('GET /api/v1/review/due', validRequest('GET /api/v1/review/due', a), a.token);
    expect(JSON.parse(aDeck.text).data.counts.dueNow).toBe(4);
    const aBefore = await rowsOf(t.db, a.id);

    const bDeck = await send('GET /api/v1/review/due', validRequest('GET /api/v1/review/due', a), b.token);
    expect(bDeck.status).toBe(200);
    expect(JSON.parse(bDeck.text).data).toEqual({
      questions: [],
      counts: { dueNow: 0, dueLaterToday: 0, waiting: 0, nextDue: null },
    });
    const refused = await send(
      'POST /api/v1/review/answer',
      validRequest('POST /api/v1/review/answer', a),
      b.token,
    );
    expect(refused.status).toBe(404);
    expectErrorShape(refused);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);

    const mine = await send(
      'POST /api/v1/review/answer',
      validRequest('POST /api/v1/review/answer', a),
      a.token,
    );
    expect(mine.status, mine.text).toBe(200);
    expect(JSON.parse(mine.text).data).toMatchObject({ question: question.id, correct: true });
  });

  it('B’s coin history holds only B’s entries', async () => {
    const { a, b } = await pair();
    // A spends coins, so A's history has an entry B's does not.
    await t.call(examApi.lifeline, {
      token: a.token,
      body: { exam: a.attemptId, question: defined(paper.questions[1], 'second question').id, kind: 'skip' },
    });
    const history = await t.call(coinHistoryApi.list, { query: { limit: 100 }, token: b.token });
    expect(history.status).toBe(200);
    const ids = history.json.data.docs.map((entry: { _id: string }) => entry._id);
    const owners = await t.db
      .selectDistinct({ userId: coinLedger.userId })
      .from(coinLedger)
      .where(inArray(coinLedger.id, ids));
    expect(owners).toEqual([{ userId: b.id }]);
    expect(history.json.data.docs.map((entry: { description: string }) => entry.description)).toEqual([
      'Welcome bonus',
    ]);
  });

  it('B’s exam plan, prediction and Today card are B’s own, and setting B’s plan leaves A’s', async () => {
    const electives = utmeSubjects.map((subject) => subject.id);
    const a = await signUpStudent(t);
    const b = await signUpStudent(t);
    const setA = await t.call(predictionApi.setPlan, {
      token: a.token,
      body: { examDate: '2026-06-20', subjects: electives },
    });
    expect(setA.status, setA.text).toBe(200);
    expect((await t.call(predictionApi.plan, { token: b.token })).json.data).toEqual({
      examDate: null,
      subjects: [],
    });
    expect((await t.call(predictionApi.prediction, { token: b.token })).json.data.chosenFrom).toBe('none');
    expect((await t.call(predictionApi.today, { token: b.token })).json.data.daysLeft).toBeNull();
    const reversed = [...electives].reverse();
    await t.call(predictionApi.setPlan, { token: b.token, body: { examDate: null, subjects: reversed } });
    expect((await t.call(predictionApi.plan, { token: a.token })).json.data).toEqual({
      examDate: '2026-06-20',
      subjects: electives,
    });
  });

  it('B’s test history holds only B’s attempts', async () => {
    const { a, b } = await pair();
    const submitted = await t.call(examApi.submit, { token: a.token, body: { exam: a.attemptId } });
    expect(submitted.status).toBe(200);
    const aHistory = await t.call(attemptHistoryApi.list, { token: a.token });
    expect(aHistory.json.data.docs.map((entry: { _id: string }) => entry._id)).toEqual([a.attemptId]);
    const bHistory = await t.call(attemptHistoryApi.list, { token: b.token });
    expect(bHistory.status).toBe(200);
    expect(bHistory.json.data).toMatchObject({ docs: [], totalDocs: 0 });
  });

  it('B reads and edits only B’s own profile', async () => {
    const { a, b, aBefore } = await pair();
    const profile = await t.call(userApi.current, { token: b.token });
    expect(profile.json.data.user._id).toBe(b.id);
    expect(profile.text).not.toContain(a.body.email);
    const edit = await t.call(userApi.update, {
      token: b.token,
      body: { email: a.body.email, currentPassword: b.body.password },
    });
    // Answered as for a free address (no oracle); A's email stays A's, and A is told, with no link.
    expect(edit.status).toBe(200);
    expect(edit.json.data._id).toBe(b.id);
    const [aEmail] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, a.id));
    expect(aEmail?.email).toBe(a.body.email);
    expect(t.mailer.sent.at(-1)).toMatchObject({
      to: a.body.email,
      subject: 'Someone tried to use your email address',
    });
    const rename = await t.call(userApi.update, { token: b.token, body: { firstName: 'Bola' } });
    expect(rename.json.data._id).toBe(b.id);
    const [aRow] = await t.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, a.id));
    expect(aRow?.firstName).toBe(a.body.firstName);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
  });

  it('B can neither resend A’s confirmation link nor get A’s account by opening it', async () => {
    const a = await signUpUnconfirmedStudent(t);
    const b = await preparedStudent();
    const sentToA = t.mailer.sent.filter((message) => message.to === a.body.email).length;
    const resend = await send(
      'POST /api/v1/user/verify-email/resend',
      validRequest('POST /api/v1/user/verify-email/resend', b),
      b.token,
    );
    // B's own email is confirmed: nothing is sent to anyone.
    expect(resend.status).toBe(409);
    expect(t.mailer.sent.filter((message) => message.to === a.body.email)).toHaveLength(sentToA);
    const bBefore = await rowsOf(t.db, b.id);
    const opened = await t.call(userApi.confirmEmail, {
      token: b.token,
      body: { token: confirmationTokenFor(t, a.body.email) },
    });
    expect(opened.status).toBe(200);
    expect(opened.json.data.account).toBeNull();
    expect(opened.text).not.toContain(a.body.telephone);
    expect(await rowsOf(t.db, b.id)).toBe(bBefore);
  });

  it('B deleting an account deletes only B’s, even with the same password as A', async () => {
    const { a, b, aBefore } = await pair();
    expect(a.body.password).toBe(b.body.password);
    const response = await send('DELETE /api/v1/user', validRequest('DELETE /api/v1/user', a), b.token);
    expect(response.status).toBe(200);
    const [bRow] = await t.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, b.id));
    expect(bRow?.deletedAt).not.toBeNull();
    expect((await t.call(userApi.current, { token: a.token })).status).toBe(200);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
  });

  it('B logging out revokes only B’s session', async () => {
    const { a, b, aBefore } = await pair();
    expect((await t.call(userApi.signOut, { token: b.token })).status).toBe(200);
    expect((await t.call(userApi.current, { token: a.token })).status).toBe(200);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
  });

  it('B cannot claim A’s payment for a subscription or for coins', async () => {
    const { a, b, aBefore } = await pair();
    const bBefore = await rowsOf(t.db, b.id);
    for (const key of ['POST /api/v1/subscription', 'POST /api/v1/coins']) {
      const response = await send(key, validRequest(key, a), b.token);
      expect(response.status, response.text).toBe(403);
      expectErrorShape(response);
      expect(JSON.parse(response.text).message).toBe('This payment belongs to another account.');
    }
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
    expect(await rowsOf(t.db, b.id)).toBe(bBefore);
  });

  it('B cannot claim A’s payment once A has been granted it', async () => {
    const { a, b } = await pair();
    const granted = await send(
      'POST /api/v1/subscription',
      validRequest('POST /api/v1/subscription', a),
      a.token,
    );
    expect(granted.status).toBe(200);
    const aBefore = await rowsOf(t.db, a.id);
    const bBefore = await rowsOf(t.db, b.id);
    const response = await send(
      'POST /api/v1/subscription',
      validRequest('POST /api/v1/subscription', a),
      b.token,
    );
    expect(response.status).toBe(409);
    expectErrorShape(response);
    const grants = await t.db.select().from(payments).where(eq(payments.reference, a.reference));
    expect(grants.map((grant) => grant.userId)).toEqual([a.id]);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
    expect(await rowsOf(t.db, b.id)).toBe(bBefore);
  });

  it('B can neither hand in nor read A’s contest level: B gets B’s own, or a 409 where B did not enter', async () => {
    const { a, b } = await pair();
    const shared = await liveContest([a, b]);
    const [aLevel, bLevel] = shared.levels;
    const [first] = aLevel?.questions ?? [];
    if (!aLevel || !bLevel || !first) throw new Error('the contest has no level open');
    const answer = { question: first._id, option: await rightOption(t.db, first._id) };
    const saved = await t.call(examApi.saveAnswer, { token: a.token, body: { exam: aLevel._id, ...answer } });
    expect(saved.status, saved.text).toBe(200);
    const aBefore = await rowsOf(t.db, a.id);
    const bBefore = await rowsOf(t.db, b.id);

    for (const answers of [[], [answer]]) {
      // In the contest both entered, A's level is not B's: as for any attempt of A's, a 404.
      const inShared = await send(
        'POST /api/v1/contest/:id/level',
        { path: `/api/v1/contest/${shared.id}/level`, body: { exam: aLevel._id, answers } },
        b.token,
      );
      expect(inShared.status, inShared.text).toBe(404);
      expectErrorShape(inShared);
      // In the contest only A entered, B is no entrant.
      const inA = await send(
        'POST /api/v1/contest/:id/level',
        { path: `/api/v1/contest/${a.contestId}/level`, body: { exam: a.levelId, answers } },
        b.token,
      );
      expect(inA.status, inA.text).toBe(409);
      expectErrorShape(inA);
    }
    const aLevels = await t.db
      .select({ submittedAt: attempts.submittedAt })
      .from(attempts)
      .where(inArray(attempts.id, [aLevel._id, a.levelId]));
    expect(aLevels).toEqual([{ submittedAt: null }, { submittedAt: null }]);

    const own = await openLevel(t, b.token, shared.id);
    expect(own.status).toBe(200);
    expect(own.json.data._id).toBe(bLevel._id);
    expect(own.json.data.answers).toEqual([]);
    const none = await send(
      'GET /api/v1/contest/:id/level',
      validRequest('GET /api/v1/contest/:id/level', a),
      b.token,
    );
    expect(none.status).toBe(409);
    expectErrorShape(none);
    expect(none.text).not.toContain(a.levelId);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);
    expect(await rowsOf(t.db, b.id)).toBe(bBefore);
  });

  it('B can neither claim the sponsored prize A won nor read A’s answers in the review', async () => {
    const { a, b } = await pair();
    const contest = await scheduleContest();
    for (const student of [a, b]) expect((await enter(t, student.token, contest.id)).status).toBe(200);
    const before = t.clock.now();
    try {
      t.clock.set(new Date(contest.startsAt.getTime() + 1000));
      const level = (await openLevel(t, a.token, contest.id)).json.data;
      const handedIn = await t.call(contestApi.handIn, {
        params: { id: contest.id },
        token: a.token,
        body: { exam: level._id, answers: await rightAnswers(t.db, level) },
      });
      expect(handedIn.status, handedIn.text).toBe(200);
      // Past the end (15 minutes) and the hand-ins' grace; every run finishes at most a few contests.
      t.clock.set(new Date(contest.startsAt.getTime() + 16 * 60_000));
      let run = { scored: 1, finished: 1 };
      while (run.scored + run.finished > 0) run = await runContestJob(t.db, t.clock.now());
      const won = await t.call(contestApi.one, { params: { id: contest.id }, token: a.token });
      expect(won.json.data.entry).toMatchObject({
        place: 1,
        sponsored: { claimedAt: null, blockedBy: 'age' },
      });
      const aBefore = await rowsOf(t.db, a.id);
      const bBefore = await rowsOf(t.db, b.id);

      const claimed = await send(
        'POST /api/v1/contest/:id/claim',
        { path: `/api/v1/contest/${contest.id}/claim`, body: { adult: true } },
        b.token,
      );
      expect(claimed.status, claimed.text).toBe(409);
      expectErrorShape(claimed);
      expect(JSON.parse(claimed.text).message).toBe('Only this contest’s winner can claim its prize.');
      expect(await rowsOf(t.db, a.id)).toBe(aBefore);
      // B's rows stay as they were: not even B's age is recorded.
      expect(await rowsOf(t.db, b.id)).toBe(bBefore);

      const aReview = await t.call(contestApi.review, { params: { id: contest.id }, token: a.token });
      expect(aReview.json.data.levels.map((row: { correctAnswer: number }) => row.correctAnswer)).toEqual([
        6,
      ]);
      // B opened no level: B's review has none, and nothing of A's.
      const bReview = await t.call(contestApi.review, { params: { id: contest.id }, token: b.token });
      expect(bReview.status).toBe(200);
      expect(bReview.json.data.levels).toEqual([]);
      expect(bReview.text).not.toContain(level._id);
    } finally {
      t.clock.set(before);
    }
  });

  it('the contest board shows B’s own full name, and every other entrant as a first name and initial', async () => {
    const { a, b } = await pair();
    const names = {
      a: { firstName: 'Amaka', lastName: 'Eze' },
      b: { firstName: 'Bola', lastName: 'Adeyemi' },
    };
    for (const [student, name] of [
      [a, names.a],
      [b, names.b],
    ] as const) {
      // The profile takes one field a change.
      for (const field of [{ firstName: name.firstName }, { lastName: name.lastName }]) {
        const renamed = await t.call(userApi.update, { token: student.token, body: field });
        expect(renamed.status, renamed.text).toBe(200);
      }
    }
    const shared = await liveContest([a, b]);
    const [aLevel] = shared.levels;
    if (!aLevel) throw new Error('the contest has no level open');
    const handedIn = await t.call(contestApi.handIn, {
      params: { id: shared.id },
      token: a.token,
      body: { exam: aLevel._id, answers: await rightAnswers(t.db, aLevel) },
    });
    expect(handedIn.status).toBe(200);

    const board = await t.call(contestApi.board, { params: { id: shared.id }, token: b.token });
    expect(board.status).toBe(200);
    expect(board.json.data.docs).toEqual([
      expect.objectContaining({ place: 1, name: 'Amaka E.', points: 30, isMe: false }),
      expect.objectContaining({ place: 2, name: 'Bola Adeyemi', points: 0, isMe: true }),
    ]);
    expect(board.json.data.me).toMatchObject({ place: 2, name: 'Bola Adeyemi', isMe: true });
    for (const secret of ['Eze', a.id, a.body.email, a.body.telephone])
      expect(board.text).not.toContain(secret);
    const theirs = await t.call(contestApi.board, { params: { id: shared.id }, token: a.token });
    expect(theirs.json.data.docs.map((row) => row.name)).toEqual(['Amaka Eze', 'Bola A.']);
    const anonymous = await t.call(contestApi.board, { params: { id: shared.id } });
    expect(anonymous.json.data.docs.map((row) => row.name)).toEqual(['Amaka E.', 'Bola A.']);
    expect(anonymous.json.data.me).toBeNull();
  });

  it('B’s entry in a contest is B’s own, and none in a contest only A entered', async () => {
    const { a, b } = await pair();
    const shared = await liveContest([a, b]);
    const [aLevel] = shared.levels;
    if (!aLevel) throw new Error('the contest has no level open');
    const handedIn = await t.call(contestApi.handIn, {
      params: { id: shared.id },
      token: a.token,
      body: { exam: aLevel._id, answers: await rightAnswers(t.db, aLevel) },
    });
    expect(handedIn.status).toBe(200);
    const [bEntry] = await t.db
      .select({ enteredAt: contestEntries.enteredAt })
      .from(contestEntries)
      .where(and(eq(contestEntries.contestId, shared.id), eq(contestEntries.userId, b.id)));

    const mine = await t.call(contestApi.one, { params: { id: shared.id }, token: b.token });
    expect(mine.status).toBe(200);
    expect(mine.json.data.entrants).toBe(2);
    expect(mine.json.data.entry).toMatchObject({
      enteredAt: bEntry?.enteredAt.toISOString(),
      openLevel: 1,
      levelsDone: 0,
      points: 0,
    });
    const theirs = await t.call(contestApi.one, { params: { id: shared.id }, token: a.token });
    expect(theirs.json.data.entry).toMatchObject({ openLevel: 2, levelsDone: 1, points: 30 });
    const notEntered = await t.call(contestApi.one, { params: { id: a.contestId }, token: b.token });
    expect(notEntered.status).toBe(200);
    expect(notEntered.json.data).toMatchObject({ entrants: 1, entry: null });
  });

  it('the leaderboard tells B only B’s own rank', async () => {
    const { a, b } = await pair();
    await t.call(examApi.submit, { token: a.token, body: { exam: a.attemptId } });
    const board = await t.call(examApi.leaderboard, { token: b.token });
    expect(board.status).toBe(200);
    expect(board.json.data.me).toBeNull();
    expect(board.text).not.toContain(a.body.email);
    expect(board.text).not.toContain(a.body.telephone);
    expect(board.text).not.toContain(a.id);
  });

  it('B cannot read A’s result', async () => {
    const { a, b } = await pair();
    await t.call(examApi.submit, { token: a.token, body: { exam: a.attemptId } });
    const own = await t.call(examApi.result, { query: { exam: a.attemptId }, token: a.token });
    expect(own.status).toBe(200);
    const stolen = await t.call(examApi.result, { query: { exam: a.attemptId }, token: b.token });
    expect(stolen.status).toBe(404);
    expect(stolen.json).toMatchObject({ success: false, message: 'This test does not exist.' });
    expect(stolen.text).not.toContain('quizAnswers');
  });

  it('B can neither answer, submit nor read A’s UTME sitting, and asking for one gets B’s own', async () => {
    const { a, b, aBefore } = await pair();
    const [sitting] = await t.db.select().from(attempts).where(eq(attempts.id, a.utmeId));
    const questionId = sitting?.questionIds[0];
    const question = Object.values(jamb.subjects)
      .flatMap((subject) => subject.questions)
      .find((candidate) => candidate.id === questionId);
    if (!question) throw new Error('the sitting has no fixture question');
    const answer = { question: question.id, option: question.right };

    const saved = await send(
      'PATCH /api/v1/exam/answer',
      {
        path: '/api/v1/exam/answer',
        body: { exam: a.utmeId, ...answer },
      },
      b.token,
    );
    expect(saved.status).toBe(404);
    for (const answers of [[], [answer]]) {
      const submitted = await send(
        'POST /api/v1/exam/answer/utme',
        { path: '/api/v1/exam/answer/utme', body: { exam: a.utmeId, answers } },
        b.token,
      );
      expect(submitted.status).toBe(404);
      expectErrorShape(submitted);
    }
    const own = await t.call(utmeApi.sitting, { query: utmeQuery, token: b.token });
    expect(own.json.data._id).toBe(b.utmeId);
    expect(own.json.data.answers).toEqual([]);
    expect(await rowsOf(t.db, a.id)).toBe(aBefore);

    const scored = await t.call(utmeApi.submit, { token: a.token, body: { exam: a.utmeId } });
    expect(scored.status).toBe(200);
    const stolen = await t.call(utmeApi.result, { query: { exam: a.utmeId }, token: b.token });
    expect(stolen.status).toBe(404);
    expect(stolen.text).not.toContain('quizAnswers');
  });

  it('B’s offline attempt is B’s own even with A’s clientId, and B cannot send one at a paper only A downloaded', async () => {
    const { a, b } = await pair();
    const sent = validRequest('POST /api/v1/exam/offline', a);
    const mine = await send('POST /api/v1/exam/offline', sent, a.token);
    expect(mine.status, mine.text).toBe(200);
    const aBefore = await rowsOf(t.db, a.id);

    // The same clientId from B stores B's own attempt, never reads A's.
    const theirs = await send(
      'POST /api/v1/exam/offline',
      { ...sent, body: { ...(sent.body as object), answers: [] } },
      b.token,
    );
    expect(theirs.status, theirs.text).toBe(200);
    const [stored] = await t.db
      .select()
      .from(attempts)
      .where(eq(attempts.id, JSON.parse(theirs.text).data._id));
    expect(stored?.userId).toBe(b.id);
    expect(JSON.parse(theirs.text).data._id).not.toBe(JSON.parse(mine.text).data._id);

    // A paper only A downloaded.
    const onlyA = await createPaper(t.db, { count: 2 });
    const downloaded = await t.call(offlineApi.download, {
      query: { examType: onlyA.ids.examType, subject: onlyA.ids.subject, year: onlyA.ids.year },
      token: a.token,
    });
    expect(downloaded.status).toBe(200);
    const aWithDownload = await rowsOf(t.db, a.id);
    const bBefore = await rowsOf(t.db, b.id);
    const refused = await send(
      'POST /api/v1/exam/offline',
      {
        path: '/api/v1/exam/offline',
        body: { ...(sent.body as object), clientId: randomUUID(), paperId: onlyA.paperId, answers: [] },
      },
      b.token,
    );
    expect(refused.status).toBe(409);
    expectErrorShape(refused);
    expect(JSON.parse(refused.text).message).toBe('Download this paper before sending an attempt at it.');
    expect(await rowsOf(t.db, b.id)).toBe(bBefore);
    expect(await rowsOf(t.db, a.id)).toBe(aWithDownload);
    expect(aWithDownload).not.toBe(aBefore);
  });

  it('B’s device cookie opens no way past the sign-in limit on A’s number; A’s own does', async () => {
    const a = await signUpStudent(t);
    const b = await signUpStudent(t);
    const deviceOf = async (student: { body: { telephone: string; password: string } }) => {
      const signedIn = await t.call(userApi.signIn, {
        body: { telephone: student.body.telephone, password: student.body.password },
      });
      return (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    };
    const aDevice = await deviceOf(a);
    const bDevice = await deviceOf(b);
    const address = '198.51.100.77';
    const signIn = (password: string, cookie?: string) =>
      t.call(userApi.signIn, {
        body: { telephone: a.body.telephone, password },
        address,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    // B, on one address, spends the number's limit there (B's cookie does not count as A's device).
    for (let guess = 0; guess < RATE_LIMIT_POLICY.loginPhoneAddress.points; guess++) {
      expect((await signIn(`b-guess-${guess}`, bDevice)).status).toBe(401);
    }
    expect((await signIn(a.body.password, bDevice)).status).toBe(429);
    expect((await signIn(a.body.password)).status).toBe(429);
    const owner = await signIn(a.body.password, aDevice);
    expect(owner.status).toBe(200);
    expect(owner.json.data.user._id).toBe(a.user._id);
  }, 60_000);

  it('A spending the history-read limit leaves B’s reads open', async () => {
    const { a, b } = await pair();
    for (let count = 0; count < RATE_LIMIT_POLICY.historyReadAccount.points; count++) {
      expect(
        (await send('GET /api/v1/mastery', validRequest('GET /api/v1/mastery', a), a.token)).status,
      ).toBe(200);
    }
    expect((await send('GET /api/v1/mastery', validRequest('GET /api/v1/mastery', a), a.token)).status).toBe(
      429,
    );
    const theirs = await send('GET /api/v1/prediction', validRequest('GET /api/v1/prediction', b), b.token);
    expect(theirs.status, theirs.text).toBe(200);
  }, 60_000);

  it('A spending the upload limit at a paper leaves B’s uploads at it open', async () => {
    const { a, b } = await pair();
    const upload = (student: Student) => {
      const request = validRequest('POST /api/v1/exam/offline', student);
      return send(
        'POST /api/v1/exam/offline',
        { ...request, body: { ...(request.body as object), clientId: randomUUID() } },
        student.token,
      );
    };
    for (let count = 0; count < RATE_LIMIT_POLICY.offlineUploadPaper.points; count++) {
      expect((await upload(a)).status).toBe(200);
    }
    expect((await upload(a)).status).toBe(429);
    const bBefore = await rowsOf(t.db, b.id);
    const theirs = await upload(b);
    expect(theirs.status, theirs.text).toBe(200);
    expect(await rowsOf(t.db, b.id)).not.toBe(bBefore);
  }, 60_000);
});
