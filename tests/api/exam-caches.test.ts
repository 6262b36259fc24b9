import { and, eq, gt, isNotNull, lt, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogueApi, examApi, userApi } from '../../src/lib/api/endpoints.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  attemptAnswers,
  attempts,
  examTypes,
  papers,
  subjects,
  subscriptions,
  users,
  years,
} from '../../src/server/db/schema.ts';
import { parseNativeJson } from '../../src/server/services/bank/formats/native-json.ts';
import { importParsedFiles } from '../../src/server/services/bank/import.ts';
import { upsertPlan } from '../../src/server/services/payments/plans.ts';
import { startSession } from '../../src/server/services/sessions.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { createTestApp, examQuery, examUrl, subscribedStudent } from '../support/test-app.ts';
import { testDatabaseKind } from '../support/test-database.ts';

// What each instance keeps in memory (papers, the leaderboard, the catalogue lists) must never show a
// student something older than the rules allow, and the one-statement answer save must never lose an
// answer it acknowledged.
const t = await createTestApp();

interface BankQuestion {
  id: string;
  question: string;
  options: string[];
  answer: string;
}

async function importPaper(
  db: Database,
  paper: { examType: string; subject: string; year: number; examTypeImage?: string },
  questions: BankQuestion[],
) {
  const file = parseNativeJson(
    JSON.stringify({
      ...paper,
      questions: questions.map((question) => ({
        ...question,
        options: question.options.map((option) => ({ option })),
      })),
    }),
    'paper.json',
  );
  await importParsedFiles(db, [file]);
  const [row] = await db
    .select({ examType: papers.examTypeId, subject: papers.subjectId, year: papers.yearId })
    .from(papers)
    .innerJoin(examTypes, eq(examTypes.id, papers.examTypeId))
    .innerJoin(subjects, eq(subjects.id, papers.subjectId))
    .innerJoin(years, eq(years.id, papers.yearId))
    .where(
      and(eq(examTypes.title, paper.examType), eq(subjects.title, paper.subject), eq(years.year, paper.year)),
    );
  if (!row) throw new Error('the imported paper is missing');
  return row;
}

interface Shown {
  _id: string;
  question: string;
  options: { _id: string; option: string }[];
}

const stripTags = (html: string) => html.replace(/<[^>]+>/g, '');
const texts = (questions: Shown[]) => questions.map((question) => stripTags(question.question));

describe('the paper cache', () => {
  const paper = { examType: 'Cache Mock', subject: 'Chemistry', year: 2030 };
  const q = (n: number, text: string, answer = 'A', options = ['Neon', 'Oxygen', 'Iron', 'Salt']) => ({
    id: `cache-mock-${n}`,
    question: text,
    options,
    answer,
  });

  it('serves a re-imported paper’s new content at once, and scores on its new key', async () => {
    const ids = await importPaper(t.db, paper, [
      q(1, 'Which is a noble gas?'),
      q(2, 'Which is a metal?', 'C'),
      q(3, 'Which is a compound?', 'D'),
    ]);
    const ada = await subscribedStudent(t);
    const first = (await t.call(examApi.paper, { query: { exam: 'new', ...ids }, token: ada.token })).json
      .data;
    expect(texts(first.questions)).toEqual([
      'Which is a noble gas?',
      'Which is a metal?',
      'Which is a compound?',
    ]);

    // The editor reorders the paper, rewords a question, changes an option and the right answer of another,
    // and adds a fourth question.
    await importPaper(t.db, paper, [
      q(2, 'Which of these is a metal?', 'C'),
      q(1, 'Which is a noble gas?', 'A', ['Argon', 'Oxygen', 'Iron', 'Salt']),
      q(3, 'Which is a compound?', 'B', ['Neon', 'Water', 'Iron', 'Gold']),
      q(4, 'Which is an acid?', 'A', ['Vinegar', 'Soap', 'Chalk', 'Sand']),
    ]);
    const ben = await subscribedStudent(t);
    const response = await t.call(examApi.paper, { query: { exam: 'new', ...ids }, token: ben.token });
    // The questions of a new attempt are spliced in as JSON made once per paper: the body is still exactly
    // what JSON.stringify writes for it, as for every other answer.
    expect(response.text).toBe(JSON.stringify(response.json));
    expect(response.headers.get('content-type')).toBe('application/json');
    const fresh = response.json.data;
    expect(texts(fresh.questions)).toEqual([
      'Which of these is a metal?',
      'Which is a noble gas?',
      'Which is a compound?',
      'Which is an acid?',
    ]);
    expect(fresh.questions[1]?.options.map((option) => stripTags(option.option))).toEqual([
      'Argon',
      'Oxygen',
      'Iron',
      'Salt',
    ]);

    // Ada's attempt keeps its three questions in its own order, shown as they read now.
    const resumed = (await t.call(examApi.paper, { query: { exam: 'new', ...ids }, token: ada.token })).json
      .data;
    expect(resumed._id).toBe(first._id);
    expect(texts(resumed.questions)).toEqual([
      'Which is a noble gas?',
      'Which of these is a metal?',
      'Which is a compound?',
    ]);
    const compound = resumed.questions[2] as Shown;
    const water = compound.options[1];
    if (!water) throw new Error('the option is missing');
    const submitted = await t.call(examApi.submit, {
      token: ada.token,
      body: { exam: first._id, answers: [{ question: compound._id, option: water._id }] },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.json.data).toMatchObject({ score: 5, correctAnswer: 1, wrongAnswer: 0, unanswered: 2 });
  });

  it('still shows and scores a question that an import moved to another paper', async () => {
    const moving = { ...paper, subject: 'Biology', year: 2031 };
    const ids = await importPaper(t.db, moving, [
      q(11, 'Which organ pumps blood?', 'B', ['Lung', 'Heart', 'Liver', 'Skin']),
      q(12, 'Which cell carries oxygen?', 'A', ['Red cell', 'White cell', 'Platelet', 'Neuron']),
    ]);
    const ada = await subscribedStudent(t);
    const started = (await t.call(examApi.paper, { query: { exam: 'new', ...ids }, token: ada.token })).json
      .data;
    await importPaper(t.db, { ...moving, year: 2032 }, [
      q(12, 'Which cell carries oxygen?', 'A', ['Red cell', 'White cell', 'Platelet', 'Neuron']),
    ]);
    // A new attempt at the first paper has one question left; Ada's still has both.
    const ben = await subscribedStudent(t);
    const response = await t.call(examApi.paper, { query: { exam: 'new', ...ids }, token: ben.token });
    // The questions of a new attempt are spliced in as JSON made once per paper: the body is still exactly
    // what JSON.stringify writes for it, as for every other answer.
    expect(response.text).toBe(JSON.stringify(response.json));
    expect(response.headers.get('content-type')).toBe('application/json');
    const fresh = response.json.data;
    expect(texts(fresh.questions)).toEqual(['Which organ pumps blood?']);
    const resumed = (await t.call(examApi.paper, { query: { exam: 'new', ...ids }, token: ada.token })).json
      .data;
    expect(texts(resumed.questions)).toEqual(['Which organ pumps blood?', 'Which cell carries oxygen?']);
    const moved = started.questions[1] as Shown;
    const redCell = moved.options[0];
    if (!redCell) throw new Error('the option is missing');
    const submitted = await t.call(examApi.submit, {
      token: ada.token,
      body: { exam: started._id, answers: [{ question: moved._id, option: redCell._id }] },
    });
    expect(submitted.json.data).toMatchObject({ score: 5, correctAnswer: 1, unanswered: 1 });
  });
});

describe('GET /api/v1/exam reads the session in the statement that starts the attempt', () => {
  it('answers 401 for an unknown or revoked token and 403 for an admin from the web app, before 400, and starts nothing', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const good = examUrl(paper.ids);
    const goodQuery = examQuery(paper.ids);
    const bad = '/api/v1/exam?exam=old&examType=x';
    const unknown = 'a'.repeat(43);
    expect((await t.call(examApi.paper, { query: goodQuery, token: unknown })).status).toBe(401);
    expect((await t.request('GET', bad, { token: unknown })).status).toBe(401);
    expect((await t.request('GET', bad)).status).toBe(401);

    const student = await subscribedStudent(t);
    expect((await t.request('GET', bad, { token: student.token })).status).toBe(400);
    expect((await t.call(userApi.signOut, { token: student.token })).status).toBe(200);
    expect((await t.call(examApi.paper, { query: goodQuery, token: student.token })).status).toBe(401);
    expect((await t.request('GET', bad, { token: student.token })).status).toBe(401);

    const admin = await subscribedStudent(t);
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user._id));
    for (const path of [good, bad]) {
      const refused = await t.request('GET', path, { token: admin.token });
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe('Unauthorized User, Access denied');
    }
    const another = await t.call(examApi.paper, {
      query: goodQuery,
      token: admin.token,
      headers: { 'frontend-source': 'admin-console' },
    });
    expect(another.status).toBe(200);
    const started = await t.db
      .select({ id: attempts.id, userId: attempts.userId })
      .from(attempts)
      .where(eq(attempts.paperId, paper.paperId));
    expect(started.map((row) => row.userId)).toEqual([admin.user._id]);

    // A submission of that attempt gets the same answers too: 401 and 403 come before 400 and 404.
    const exam = started[0]?.id ?? '';
    const submit = (token: string, body: unknown, headers?: Record<string, string>) =>
      t.request('POST', '/api/v1/exam/answer', { token, body, headers });
    expect((await submit(unknown, { exam })).status).toBe(401);
    expect((await submit(unknown, { exam: 'nope' })).status).toBe(401);
    expect((await submit(student.token, { exam })).status).toBe(401);
    expect((await submit(admin.token, { exam })).status).toBe(403);
    expect((await submit(admin.token, { exam: 'nope' })).status).toBe(403);
    const stranger = await subscribedStudent(t);
    expect((await submit(stranger.token, { exam: 'nope' })).status).toBe(400);
    expect((await submit(stranger.token, { exam })).status).toBe(404);
    const [open] = await t.db
      .select({ submittedAt: attempts.submittedAt })
      .from(attempts)
      .where(eq(attempts.id, exam));
    expect(open?.submittedAt).toBeNull();
    const own = await submit(admin.token, { exam }, { 'frontend-source': 'admin-console' });
    expect(own.status).toBe(200);
  });
});

describe('the leaderboard copy', () => {
  /** The rank by counting, as the API computed it before it kept a copy of the board. */
  async function countedRank(db: Database, userId: string) {
    const onBoard = and(
      gt(users.scoredAttempts, 0),
      eq(users.isAdmin, false),
      isNotNull(users.emailVerifiedAt),
    );
    const [me] = await db
      .select({ totalScore: users.totalScore, at: users.totalScoreAt, id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), onBoard));
    if (!me) return null;
    const ahead = await db.$count(
      users,
      and(
        onBoard,
        or(
          gt(users.totalScore, me.totalScore),
          and(eq(users.totalScore, me.totalScore), lt(users.totalScoreAt, me.at)),
          and(eq(users.totalScore, me.totalScore), eq(users.totalScoreAt, me.at), lt(users.id, me.id)),
        ),
      ),
    );
    return { rank: ahead + 1, totalScore: me.totalScore };
  }

  it('gives every student the rank that counting gives, through ties, and places a total scored since', async () => {
    const app = await createTestApp();
    const base = app.clock.now().getTime() - 3_600_000;
    const students: { id: string; token: string }[] = [];
    // Few distinct totals and times, so most students tie with others on both; a few are off the board.
    for (let n = 0; n < 40; n++) {
      const [row] = await app.db
        .insert(users)
        .values({
          firstName: `Board${n}`,
          lastName: 'Student',
          email: `board.${n}@example.com`,
          telephone: `0701${String(n).padStart(7, '0')}`,
          passwordHash: 'not used',
          totalScore: (n % 7) * 5 - 10,
          totalScoreAt: new Date(base + (n % 3) * 1000),
          scoredAttempts: n % 10 === 9 ? 0 : 1,
          isAdmin: n === 20,
          emailVerifiedAt: n % 13 === 5 ? null : new Date(base),
        })
        .returning({ id: users.id });
      if (!row) throw new Error('insert failed');
      students.push({ id: row.id, token: await startSession(app.db, row.id, app.clock.now()) });
    }
    for (const [n, student] of students.entries()) {
      const board = await app.call(examApi.leaderboard, { token: student.token });
      // The board is for students: an admin signed in to the web app is refused, as everywhere.
      if (n === 20) expect(board.status).toBe(403);
      else expect(board.json.data.me).toEqual(await countedRank(app.db, student.id));
    }

    // Right after the copy was taken, one student loses points, and then a newcomer scores for the first
    // time; each sees their own new total placed among the others. (Neither passes the other, so the
    // copy's order of everyone else is still the true one.)
    const paper = await createPaper(app.db, { count: 5 });
    const play = async (token: string, right: number) => {
      const exam = (await app.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token })).json.data;
      const answers = paper.questions.map((question, index) => ({
        question: question.id,
        option: index < right ? question.right : (question.wrong[0] ?? ''),
      }));
      await app.call(examApi.submit, { token, body: { exam: exam._id, answers } });
      app.clock.advance(1000);
    };
    const expectCountedRank = async (student: { id: string; token: string }) => {
      const board = await app.call(examApi.leaderboard, { token: student.token });
      const counted = await countedRank(app.db, student.id);
      expect(counted).not.toBeNull();
      expect(board.json.data.me).toEqual(counted);
      // The top list shows them as they stand now too, though the copy was taken before their result.
      const own = board.json.data.docs.filter((entry) => entry.isMe);
      expect(own.map(({ rank, totalScore }) => ({ rank, totalScore }))).toEqual([counted]);
    };
    const loser = students[6];
    if (!loser) throw new Error('fixture');
    await app.db.insert(subscriptions).values({
      userId: loser.id,
      source: 'admin',
      startsAt: app.clock.now(),
      endsAt: new Date(app.clock.now().getTime() + 86_400_000),
    });
    // From 20 points, the top total, to 10.
    await play(loser.token, 0);
    await expectCountedRank(loser);
    // From nothing to 5 - 8 = -3 points.
    const newcomer = await subscribedStudent(app);
    await play(newcomer.token, 1);
    await expectCountedRank({ id: newcomer.user._id, token: newcomer.token });
  });
});

describe('the catalogue lists', () => {
  it('answer each request from the kept list with its own request id, and 304 as before', async () => {
    const app = await createTestApp();
    await importPaper(app.db, { examType: 'Header Mock', subject: 'Music', year: 2042 }, [
      {
        id: 'header-mock-1',
        question: 'How many lines has a stave?',
        options: ['5', '4', '6', '3'],
        answer: 'A',
      },
    ]);
    const first = await app.call(catalogueApi.examTypes);
    const second = await app.call(catalogueApi.examTypes);
    expect(second.text).toBe(first.text);
    for (const name of ['etag', 'cache-control', 'content-type', 'content-security-policy']) {
      expect(second.headers.get(name)).toBe(first.headers.get(name));
    }
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const revalidated = await app.call(catalogueApi.examTypes, {
      headers: { 'If-None-Match': first.headers.get('etag') ?? '' },
    });
    expect(revalidated.status).toBe(304);
  });

  it('show an added paper, subject, exam-type image and plan price at once', async () => {
    const app = await createTestApp();
    const exam = { examType: 'Catalogue Mock', subject: 'Physics', year: 2040 };
    const question = {
      id: 'catalogue-mock-1',
      question: 'What is 2 + 2?',
      options: ['4', '3', '5', '6'],
      answer: 'A',
    };
    const ids = await importPaper(app.db, exam, [question]);
    const list = async (path: string) => (await app.request('GET', path)).json.data.docs;
    const yearPath = `/api/v1/year?examType=${ids.examType}&subject=${ids.subject}`;
    const subjectPath = `/api/v1/subject?examType=${ids.examType}`;
    expect((await list(yearPath)).map((doc: { title: string }) => doc.title)).toEqual(['2040']);
    expect((await list(subjectPath)).map((doc: { title: string }) => doc.title)).toEqual(['Physics']);
    const [before] = await list('/api/v1/examType');
    expect(before.image).toBeNull();

    await importPaper(app.db, { ...exam, year: 2041 }, [{ ...question, id: 'catalogue-mock-2' }]);
    expect((await list(yearPath)).map((doc: { title: string }) => doc.title)).toEqual(['2041', '2040']);
    await importPaper(app.db, { ...exam, subject: 'Agriculture' }, [{ ...question, id: 'catalogue-mock-3' }]);
    expect((await list(subjectPath)).map((doc: { title: string }) => doc.title)).toEqual([
      'Agriculture',
      'Physics',
    ]);
    // Only the exam type's row changes here: no count does.
    expect((await list('/api/v1/examType'))[0].image).toBeNull();
    await importPaper(app.db, { ...exam, examTypeImage: '/bank/catalogue-mock.svg' }, [question]);
    expect((await list('/api/v1/examType'))[0].image).toEqual({ url: '/bank/catalogue-mock.svg' });
    const weekly = {
      planId: 'weekly',
      title: 'Weekly',
      amount: 500,
      perAmount: 'per week',
      frequency: 'week' as const,
      lengthOfFrequency: 1,
    };
    const weeklyAmount = async () =>
      (await list('/api/v1/plan')).find((plan: { planId: string }) => plan.planId === 'weekly')?.amount;
    await upsertPlan(app.db, weekly);
    expect(await weeklyAmount()).toBe(500);
    await upsertPlan(app.db, { ...weekly, amount: 650 });
    expect(await weeklyAmount()).toBe(650);
  });
});

// PGlite runs one query at a time, so these races need a real PostgreSQL server.
describe.runIf(testDatabaseKind === 'postgres')('saving answers while the attempt changes', () => {
  it('a save racing its submission is either counted or refused, never acknowledged and lost', async () => {
    for (let round = 0; round < 12; round++) {
      const paper = await createPaper(t.db, { count: 12 });
      const { token } = await subscribedStudent(t);
      const exam = (await t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token })).json.data;
      const save = (question: (typeof paper.questions)[number]) =>
        t.call(examApi.saveAnswer, {
          token,
          body: { exam: exam._id, question: question.id, option: question.right },
        });
      // The submission is sent among the saves, so some arrive before it and some after.
      const middle = (round % 11) + 1;
      const early = paper.questions.slice(0, middle).map(save);
      const submit = t.call(examApi.submit, { token, body: { exam: exam._id } });
      const late = paper.questions.slice(middle).map(save);
      const [result, ...saves] = await Promise.all([submit, ...early, ...late]);
      expect(result.status).toBe(200);

      const acknowledged = new Set<string>();
      saves.forEach((response, index) => {
        expect([200, 409]).toContain(response.status);
        if (response.status === 200) acknowledged.add(paper.questions[index]?.id ?? '');
      });
      const counted = new Set(
        result.json.data.quizAnswers
          .filter((answer: { userAnswer: string | null }) => answer.userAnswer !== null)
          .map((answer: { questionId: string }) => answer.questionId),
      );
      expect(counted).toEqual(acknowledged);
      expect(result.json.data.correctAnswer).toBe(acknowledged.size);
      const stored = await t.db
        .select({ question: attemptAnswers.questionId })
        .from(attemptAnswers)
        .where(eq(attemptAnswers.attemptId, exam._id));
      expect(new Set(stored.map((row) => row.question))).toEqual(acknowledged);
    }
  });

  it('a question skipped while its answer was being saved never counts', async () => {
    for (let round = 0; round < 6; round++) {
      const paper = await createPaper(t.db, { count: 10 });
      const { token } = await subscribedStudent(t);
      const exam = (await t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token })).json.data;
      const skips = await Promise.all(
        paper.questions.flatMap((question) => [
          t.call(examApi.lifeline, { token, body: { exam: exam._id, question: question.id, kind: 'skip' } }),
          t.call(examApi.saveAnswer, {
            token,
            body: { exam: exam._id, question: question.id, option: question.right },
          }),
        ]),
      );
      const skipped = new Set(
        paper.questions.filter((_, index) => skips[index * 2]?.status === 200).map((question) => question.id),
      );
      expect(skipped.size).toBe(10);

      const resumed = (await t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token })).json
        .data;
      expect(resumed.answers).toEqual([]);
      const result = await t.call(examApi.submit, { token, body: { exam: exam._id } });
      expect(result.json.data).toMatchObject({ score: 0, correctAnswer: 0, unanswered: 10 });
    }
  });
});
