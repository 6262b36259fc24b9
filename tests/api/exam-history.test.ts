import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attemptHistoryApi, examApi, masteryApi, offlineApi, utmeApi } from '../../src/lib/api/endpoints.ts';
import { LIST_DEPTH } from '../../src/lib/api/paged.ts';
import { questions, subjects } from '../../src/server/db/schema.ts';
import { expectErrorShape } from '../support/api-probe.ts';
import { createJambBank, createPaper } from '../support/bank-fixture.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, subscribedStudent } from '../support/test-app.ts';

// GET /api/v1/exam/history: the caller's submitted attempts of every kind, newest submitted first, paged;
// an attempt taken offline and uploaded (POST /exam/offline) is listed once, with the phone's times.

const t = await createTestApp();
const MINUTE = 60_000;

type Paper = Awaited<ReturnType<typeof createPaper>>;

/** Downloads the paper for offline practice, as the phone does. */
const download = ({ ids }: Paper, token: string) =>
  t.call(offlineApi.download, {
    query: { examType: ids.examType, subject: ids.subject, year: ids.year },
    token,
  });

async function history(token: string, query?: { page: number; limit: number }) {
  const response = await t.call(attemptHistoryApi.list, { query, token });
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

/** Starts the paper online and submits it with its first `right` questions right and the rest blank. */
async function takeOnline(token: string, paper: Paper, right = paper.questions.length) {
  const started = await t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
  expect(started.status, started.text).toBe(200);
  const answers = paper.questions.slice(0, right).map((q) => ({ question: q.id, option: q.right }));
  const submitted = await t.call(examApi.submit, { token, body: { exam: started.json.data._id, answers } });
  expect(submitted.status, submitted.text).toBe(200);
  return submitted.json.data._id as string;
}

/** A test app response in the shape expectErrorShape reads. */
function asProbe(response: { status: number; headers: Headers; text: string }) {
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: response.text,
  };
}

/** The titles of a fixture paper's exam type, subject and year. */
async function paperTitles(paper: Paper) {
  const paperTitle = await t.db.execute(
    sql`select e.title as "examType", s.title as subject, y.title as year
        from exam_types e, subjects s, years y
        where e.id = ${paper.ids.examType} and s.id = ${paper.ids.subject} and y.id = ${paper.ids.year}`,
  );
  const row = (paperTitle as unknown as { rows: { examType: string; subject: string; year: string }[] })
    .rows[0];
  if (!row) throw new Error('no such paper');
  return row;
}

describe('GET /api/v1/exam/history', () => {
  it("lists only the caller's submitted attempts of every kind, titled, scored and labelled", async () => {
    const paper = await createPaper(t.db, { count: 4 });
    const other = await createPaper(t.db, { count: 3 });
    const me = await subscribedStudent(t);
    const someoneElse = await subscribedStudent(t);
    await takeOnline(someoneElse.token, paper);

    const first = await takeOnline(me.token, paper, 3);
    t.clock.advance(MINUTE);
    const retake = await takeOnline(me.token, paper, 4);
    t.clock.advance(MINUTE);
    // Started and never submitted: not in the history.
    const open = await t.call(examApi.paper, { query: { exam: 'new', ...other.ids }, token: me.token });
    expect(open.status).toBe(200);
    const daily = await t.call(examApi.daily, { query: { subject: paper.ids.subject }, token: me.token });
    expect(daily.status, daily.text).toBe(200);
    const dailyScored = await t.call(examApi.submitDaily, {
      token: me.token,
      body: { subject: paper.ids.subject },
    });
    expect(dailyScored.status, dailyScored.text).toBe(200);
    t.clock.advance(MINUTE);
    await t.db.update(questions).set({ topic: 'Fractions' }).where(eq(questions.paperId, paper.paperId));
    const [subject] = await t.db.select().from(subjects).where(eq(subjects.id, paper.ids.subject));
    const practice = await t.call(masteryApi.topic, {
      query: { subject: defined(subject?.slug, 'subject of the paper'), topic: 'Fractions' },
      token: me.token,
    });
    expect(practice.status, practice.text).toBe(200);
    const practiced = await t.call(examApi.submit, {
      token: me.token,
      body: { exam: practice.json.data._id },
    });
    expect(practiced.status, practiced.text).toBe(200);
    t.clock.advance(MINUTE);
    const jamb = await createJambBank(t.db);
    const { mathematics, physics, biology } = jamb.subjects;
    const sitting = await t.call(utmeApi.sitting, {
      query: { subjects: [mathematics.id, physics.id, biology.id].join(',') },
      token: me.token,
    });
    expect(sitting.status, sitting.text).toBe(200);
    const english = defined(sitting.json.data.sections[0]?.questions[0], 'English question in the sitting');
    const key = defined(
      jamb.subjects.english.questions.find((q) => q.id === english._id),
      'key of the English question',
    );
    const sat = await t.call(utmeApi.submit, {
      token: me.token,
      body: { exam: sitting.json.data._id, answers: [{ question: english._id, option: key.right }] },
    });
    expect(sat.status, sat.text).toBe(200);

    const page = await history(me.token);
    const titles = await paperTitles(paper);
    const paperTitle = `${titles.examType} · ${titles.subject} · ${titles.year}`;
    expect(page).toMatchObject({ totalDocs: 5, page: 1, limit: 20, totalPages: 1 });
    expect(page.docs.map(({ startedAt: _s, submittedAt: _t, ...entry }) => entry)).toEqual([
      {
        _id: sitting.json.data._id,
        kind: 'utme',
        title: 'UTME mock · Use of English, Mathematics, Physics, Biology',
        // One Use of English question right of 60: round(100 / 60) = 2 out of 400.
        score: 2,
        maxScore: 400,
        correctAnswer: 1,
        totalQuestions: 180,
        counted: false,
        offline: false,
      },
      {
        _id: practice.json.data._id,
        kind: 'topic',
        title: `Topic practice · ${titles.subject} · Fractions`,
        score: 0,
        maxScore: 20,
        correctAnswer: 0,
        totalQuestions: 4,
        counted: false,
        offline: false,
      },
      {
        _id: dailyScored.json.data._id,
        kind: 'daily',
        title: `Daily test · ${titles.subject} · 2 Mar 2026`,
        score: 0,
        maxScore: 20,
        correctAnswer: 0,
        totalQuestions: 4,
        // The paper's results had shown every key of this subject: the daily test is practice.
        counted: false,
        offline: false,
      },
      {
        _id: retake,
        kind: 'exam',
        title: paperTitle,
        score: 20,
        maxScore: 20,
        correctAnswer: 4,
        totalQuestions: 4,
        counted: false,
        offline: false,
      },
      {
        _id: first,
        kind: 'exam',
        title: paperTitle,
        score: 15,
        maxScore: 20,
        correctAnswer: 3,
        totalQuestions: 4,
        counted: true,
        offline: false,
      },
    ]);
    expect(page.docs.map((entry) => entry._id)).not.toContain(open.json.data._id);

    const theirs = await history(someoneElse.token);
    expect(theirs.totalDocs).toBe(1);
    expect(theirs.docs[0]?._id).not.toBe(first);
  });

  it('lists an offline upload once, with the phone’s times, however often it is sent', async () => {
    const paper = await createPaper(t.db, { count: 3 });
    const me = await subscribedStudent(t);
    const downloaded = await download(paper, me.token);
    expect(downloaded.status, downloaded.text).toBe(200);
    const downloadedAt = t.clock.now().getTime();
    const q1 = defined(paper.questions[0], 'first question');
    const q2 = defined(paper.questions[1], 'second question');
    const body = {
      clientId: randomUUID(),
      paperId: paper.paperId,
      startedAt: new Date(downloadedAt + 2 * MINUTE).toISOString(),
      finishedAt: new Date(downloadedAt + 4 * MINUTE).toISOString(),
      answers: [
        { question: q1.id, option: q1.right },
        { question: q2.id, option: defined(q2.wrong[0], 'wrong option of the second question') },
      ],
    };
    // The phone comes back online an hour later, sends the attempt twice at once, then once more.
    t.clock.advance(60 * MINUTE);
    const sent = await Promise.all([1, 2].map(() => t.call(offlineApi.upload, { token: me.token, body })));
    const again = await t.call(offlineApi.upload, { token: me.token, body });
    for (const response of [...sent, again]) expect(response.status, response.text).toBe(200);

    const page = await history(me.token);
    expect(page.totalDocs).toBe(1);
    expect(page.docs).toEqual([
      {
        _id: again.json.data._id,
        kind: 'exam',
        title: expect.stringContaining(' · '),
        score: 3,
        maxScore: 15,
        correctAnswer: 1,
        totalQuestions: 3,
        counted: false,
        offline: true,
        startedAt: body.startedAt,
        submittedAt: body.finishedAt,
      },
    ]);
  });

  it('orders by submission, an upload by its phone time, and pages without overlap', async () => {
    const papers = await Promise.all([1, 2, 3, 4].map(() => createPaper(t.db, { count: 2 })));
    const [offlinePaper, ...onlinePapers] = papers;
    if (!offlinePaper) throw new Error('no paper');
    const me = await subscribedStudent(t);
    await download(offlinePaper, me.token);
    const takenOfflineAt = t.clock.now().getTime();
    t.clock.advance(10 * MINUTE);
    const online: string[] = [];
    for (const paper of onlinePapers) {
      online.push(await takeOnline(me.token, paper));
      t.clock.advance(MINUTE);
    }
    // Uploaded last, but finished on the phone before any of the online ones.
    const uploaded = await t.call(offlineApi.upload, {
      token: me.token,
      body: {
        clientId: randomUUID(),
        paperId: offlinePaper.paperId,
        startedAt: new Date(takenOfflineAt + MINUTE).toISOString(),
        finishedAt: new Date(takenOfflineAt + 2 * MINUTE).toISOString(),
        answers: [],
      },
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const newestFirst = [...online].reverse().concat(uploaded.json.data._id);

    const all = await history(me.token);
    expect(all.docs.map((entry) => entry._id)).toEqual(newestFirst);
    const submitted = all.docs.map((entry) => Date.parse(entry.submittedAt));
    expect(submitted).toEqual([...submitted].sort((a, b) => b - a));

    const first = await history(me.token, { page: 1, limit: 3 });
    const second = await history(me.token, { page: 2, limit: 3 });
    expect(first).toMatchObject({ totalDocs: 4, page: 1, limit: 3, totalPages: 2 });
    expect(second).toMatchObject({ totalDocs: 4, page: 2, limit: 3, totalPages: 2 });
    expect([...first.docs, ...second.docs].map((entry) => entry._id)).toEqual(newestFirst);
    expect(await history(me.token, { page: 3, limit: 3 })).toMatchObject({ docs: [], totalDocs: 4, page: 3 });
  });

  it(`pages only the newest ${LIST_DEPTH} attempts, however many there are`, async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const { token, user } = await subscribedStudent(t);
    // More submitted attempts than the list reaches, one a minute, the newest a minute ago.
    await t.db.execute(sql`insert into attempts (user_id, kind, paper_id, subject_id, question_ids,
        duration_minutes, started_at, ends_at, submitted_at, score, counted)
      select ${user._id}::uuid, 'exam', ${paper.paperId}::uuid, ${paper.ids.subject}::uuid,
        array[${paper.questions[0]?.id}::uuid], 1, now() - make_interval(mins => g + 1),
        now() - make_interval(mins => g), now() - make_interval(mins => g), g, false
      from generate_series(1, ${LIST_DEPTH + 25}) as g`);
    const first = await history(token, { page: 1, limit: 20 });
    expect(first.totalDocs).toBe(LIST_DEPTH);
    expect(first.totalPages).toBe(LIST_DEPTH / 20);
    expect(first.docs.map((doc) => doc.score)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const last = await history(token, { page: LIST_DEPTH / 20, limit: 20 });
    expect(last.docs.map((doc) => doc.score).at(-1)).toBe(LIST_DEPTH);
    // A page that straddles the end stops at it; past it, pages are empty rather than read.
    const straddling = await history(token, { page: Math.ceil(LIST_DEPTH / 30), limit: 30 });
    expect(straddling.docs).toHaveLength(LIST_DEPTH % 30 || 30);
    expect((await history(token, { page: LIST_DEPTH / 20 + 1, limit: 20 })).docs).toEqual([]);
    expect((await history(token, { page: 100000, limit: 100 })).docs).toEqual([]);
  });

  it('answers an empty first page to a student with no tests', async () => {
    const me = await subscribedStudent(t);
    expect(await history(me.token)).toEqual({ docs: [], totalDocs: 0, limit: 20, page: 1, totalPages: 1 });
  });

  it('refuses a bad page or limit with a 400 that names it', async () => {
    const me = await subscribedStudent(t);
    const cases: [string, string, string][] = [
      ['?page=0', 'page', 'page starts at 1'],
      ['?page=abc', 'page', 'page must be a number'],
      ['?page=1.5', 'page', ''],
      ['?limit=0', 'limit', 'limit must be at least 1'],
      ['?limit=101', 'limit', 'limit is at most 100'],
      ['?limit=-3', 'limit', 'limit must be at least 1'],
      ['?page=1e300', 'page', ''],
    ];
    for (const [query, field, message] of cases) {
      const response = await t.request('GET', `/api/v1/exam/history${query}`, { token: me.token });
      expect(response.status, `${query}: ${response.text}`).toBe(400);
      expectErrorShape(asProbe(response), query);
      const named = response.json.errors?.find((item: { path: unknown[] }) => item.path[0] === field);
      expect(named, query).toBeDefined();
      if (message) expect(named?.message).toBe(message);
    }
  });

  it('answers 401 without a token', async () => {
    const response = await t.call(attemptHistoryApi.list);
    expect(response.status).toBe(401);
    expectErrorShape(asProbe(response));
  });
});
