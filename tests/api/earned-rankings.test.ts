import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi, masteryApi, offlineApi, reviewApi, utmeApi } from '../../src/lib/api/endpoints.ts';
import { papers, users } from '../../src/server/db/schema.ts';
import {
  addFixtureQuestion,
  createJambBank,
  createPaper,
  type FixtureQuestion,
} from '../support/bank-fixture.ts';
import {
  createTestApp,
  signUpStudent,
  signUpUnconfirmedStudent,
  subscribedStudent,
  type TestApp,
} from '../support/test-app.ts';
import { createTopicBank } from '../support/topic-bank.ts';

// The ranking rule: a student earns ranking credit for a question only if they had not been shown its key
// before answering it, and at most once. Each test plays one way a determined student could read a key
// through another door of the product, and checks that no place or point comes of it.

type Ids = { examType: string; subject: string; year: string };
type Answer = { question: string; option: string };

// Each test signs several students up (argon2 hashing) and builds a bank: more than the default 20 s on a
// busy machine.
const SLOW = 90_000;

const allRight = (questions: FixtureQuestion[]): Answer[] =>
  questions.map((q) => ({ question: q.id, option: q.right }));

async function openPaper(app: TestApp, token: string, ids: Ids) {
  const started = await app.call(examApi.paper, { query: { exam: 'new', ...ids }, token });
  expect(started.status, started.text).toBe(200);
  return started.json.data;
}

async function submitExam(app: TestApp, token: string, exam: string, answers: Answer[]) {
  const submitted = await app.call(examApi.submit, { token, body: { exam, answers } });
  expect(submitted.status, submitted.text).toBe(200);
  return submitted.json.data;
}

async function takeDaily(
  app: TestApp,
  token: string,
  subject: string,
  answer: (id: string) => string | null,
) {
  const started = await app.call(examApi.daily, { query: { subject }, token });
  expect(started.status, started.text).toBe(200);
  const answers = started.json.data.questions.flatMap((q) => {
    const option = answer(q._id);
    return option ? [{ question: q._id, option }] : [];
  });
  const submitted = await app.call(examApi.submitDaily, { token, body: { subject, answers } });
  expect(submitted.status, submitted.text).toBe(200);
  return { questions: started.json.data.questions.map((q) => q._id), result: submitted.json.data };
}

async function totalOf(app: TestApp, userId: string) {
  const [row] = await app.db.select({ total: users.totalScore }).from(users).where(eq(users.id, userId));
  return row?.total;
}

/** The query that names a paper for its download. */
const paperQuery = (ids: Ids) => ({ examType: ids.examType, subject: ids.subject, year: ids.year });

describe('topic practice', () => {
  it(
    'never hands out a key of the open paper, and the keys it showed earn nothing later',
    async () => {
      const app = await createTestApp();
      // Two papers, each with four Indices questions.
      const bank = await createTopicBank(app.db, {
        papers: [Array(4).fill('Indices'), Array(4).fill('Indices')],
      });
      const [first, second] = bank.papers;
      if (!first || !second) throw new Error('fixture');
      const student = await subscribedStudent(app);
      const practiceQuery = { subject: bank.subject.slug, topic: 'Indices' };

      // The attack: a paper open, then blank topic practices to read its key in their results.
      const open = await openPaper(app, student.token, first.ids);
      for (let round = 0; round < 3; round += 1) {
        const practice = await app.call(masteryApi.topic, { query: practiceQuery, token: student.token });
        expect(practice.status, practice.text).toBe(200);
        const drawn = practice.json.data.questions.map((q) => q._id);
        expect(drawn.filter((id) => first.questions.some((q) => q.id === id))).toEqual([]);
        await submitExam(app, student.token, practice.json.data._id, []);
      }
      // The open paper still counts in full: nothing of it was shown.
      const counted = await submitExam(app, student.token, open._id, allRight(first.questions));
      expect(counted).toMatchObject({ counted: true, credit: { questions: 4, points: 20, seenBefore: 0 } });

      // The practices showed the second paper's keys: that paper, answered all right, adds nothing.
      const later = await openPaper(app, student.token, second.ids);
      const practised = await submitExam(app, student.token, later._id, allRight(second.questions));
      expect(practised).toMatchObject({ counted: false, score: 20 });
      expect(practised.credit).toEqual({ questions: 0, points: 0, seenBefore: 4, creditedBefore: 0 });
      expect(await totalOf(app, student.user._id)).toBe(20);
    },
    SLOW,
  );

  it(
    'does not punish practice: the questions new to the student earn full credit, and the result says so',
    async () => {
      const app = await createTestApp();
      const bank = await createTopicBank(app.db, {
        papers: [['Indices', 'Indices', 'Surds', 'Surds', 'Surds']],
      });
      const [paper] = bank.papers;
      if (!paper) throw new Error('fixture');
      const student = await subscribedStudent(app);
      const practice = await app.call(masteryApi.topic, {
        query: { subject: bank.subject.slug, topic: 'Indices' },
        token: student.token,
      });
      await submitExam(app, student.token, practice.json.data._id, []);

      const open = await openPaper(app, student.token, paper.ids);
      const result = await submitExam(app, student.token, open._id, allRight(paper.questions));
      expect(result).toMatchObject({ counted: true, score: 25, correctAnswer: 5 });
      expect(result.credit).toEqual({ questions: 3, points: 15, seenBefore: 2, creditedBefore: 0 });
      expect(await totalOf(app, student.user._id)).toBe(15);
      const reread = await app.call(examApi.result, { query: { exam: result._id }, token: student.token });
      expect(reread.json.data.credit).toEqual(result.credit);
    },
    SLOW,
  );
});

describe('the review deck', () => {
  it(
    'keeps back a card whose question sits in the open paper until that is handed in',
    async () => {
      const app = await createTestApp();
      const bank = await createTopicBank(app.db, { papers: [['Indices', 'Surds', 'Surds']] });
      const [paper] = bank.papers;
      const indices = bank.questions.find((q) => q.topic === 'Indices');
      if (!paper || !indices) throw new Error('fixture');
      const student = await subscribedStudent(app);
      const practice = await app.call(masteryApi.topic, {
        query: { subject: bank.subject.slug, topic: 'Indices' },
        token: student.token,
      });
      await submitExam(app, student.token, practice.json.data._id, []);

      const open = await openPaper(app, student.token, paper.ids);
      const due = await app.call(reviewApi.due, { token: student.token });
      expect(due.status, due.text).toBe(200);
      expect(JSON.stringify(due.json.data)).not.toContain(indices.id);
      const answered = await app.call(reviewApi.answer, {
        token: student.token,
        body: { question: indices.id, option: null },
      });
      expect(answered.status).toBe(409);

      const result = await submitExam(app, student.token, open._id, allRight(paper.questions));
      // The practice's result had shown that one key: the other two questions earn credit.
      expect(result.credit).toEqual({ questions: 2, points: 10, seenBefore: 1, creditedBefore: 0 });
      const after = await app.call(reviewApi.answer, {
        token: student.token,
        body: { question: indices.id, option: indices.right },
      });
      expect(after.status, after.text).toBe(200);
    },
    SLOW,
  );
});

describe('downloads', () => {
  it(
    'are refused while the paper is open, and a downloaded key earns nothing, not even in a daily test',
    async () => {
      const app = await createTestApp();
      app.clock.set(new Date('2026-03-02T10:00:00Z'));
      const paper = await createPaper(app.db, { count: 10 });
      const student = await subscribedStudent(app);

      const open = await openPaper(app, student.token, paper.ids);
      const refused = await app.call(offlineApi.download, {
        query: paperQuery(paper.ids),
        token: student.token,
      });
      expect(refused.status).toBe(409);
      expect(refused.text).not.toContain(paper.questions[0]?.right ?? 'none');
      await submitExam(app, student.token, open._id, []);

      // Another student downloads the paper, then takes the subject's daily test, whose questions it holds.
      const reader = await subscribedStudent(app);
      const downloaded = await app.call(offlineApi.download, {
        query: paperQuery(paper.ids),
        token: reader.token,
      });
      expect(downloaded.status, downloaded.text).toBe(200);
      const key = new Map(paper.questions.map((q) => [q.id, q.right]));
      const { result } = await takeDaily(app, reader.token, paper.ids.subject, (id) => key.get(id) ?? null);
      expect(result).toMatchObject({ kind: 'daily', score: 50, counted: false });
      expect(result.credit).toEqual({ questions: 0, points: 0, seenBefore: 10, creditedBefore: 0 });
      expect(await totalOf(app, reader.user._id)).toBe(0);
    },
    SLOW,
  );
});

/** A bank of one paper of four Indices questions, and a subscribed student. */
async function indicesPaper() {
  const app = await createTestApp();
  const bank = await createTopicBank(app.db, { papers: [Array(4).fill('Indices')] });
  const [paper] = bank.papers;
  if (!paper) throw new Error('fixture');
  return { app, bank, paper, student: await subscribedStudent(app) };
}

/** Opens a topic practice of Indices for the student. */
async function practiseIndices(app: TestApp, bank: { subject: { slug: string } }, token: string) {
  const query = { subject: bank.subject.slug, topic: 'Indices' };
  const practice = await app.call(masteryApi.topic, { query, token });
  expect(practice.status, practice.text).toBe(200);
  return practice.json.data;
}

describe('a topic practice opened before a test that can count', () => {
  it(
    'keeps back the keys it shares with the open test until that test closes, which earns them in full',
    async () => {
      const { app, bank, paper, student } = await indicesPaper();
      // The practice is drawn first, while no test is open: it holds the paper's four questions.
      const practice = await practiseIndices(app, bank, student.token);
      const exam = await openPaper(app, student.token, paper.ids);
      const handedIn = await submitExam(app, student.token, practice._id, []);
      expect(handedIn.answersOpenAt).not.toBeNull();
      expect(
        handedIn.quizAnswers.every((answer) => answer.correctAnswer === null && answer.isCorrect === null),
      ).toBe(true);
      const reread = await app.call(examApi.result, {
        query: { exam: practice._id },
        token: student.token,
      });
      expect(reread.json.data.quizAnswers.map((answer) => answer.correctAnswer)).toEqual([
        null,
        null,
        null,
        null,
      ]);

      // The open test, answered from what the student knows, earns in full.
      const counted = await submitExam(app, student.token, exam._id, allRight(paper.questions));
      expect(counted.credit).toEqual({ questions: 4, points: 20, seenBefore: 0, creditedBefore: 0 });
      // Now the practice's review shows its keys.
      const opened = await app.call(examApi.result, {
        query: { exam: practice._id },
        token: student.token,
      });
      expect(opened.json.data.answersOpenAt).toBeNull();
      expect(opened.json.data.quizAnswers.every((answer) => answer.correctAnswer !== null)).toBe(true);
    },
    SLOW,
  );
});

describe('an attempt scored after its deadline', () => {
  it(
    'earns credit for the answers saved in time, though a key was shown after the deadline',
    async () => {
      const { app, bank, paper, student } = await indicesPaper();
      const open = await openPaper(app, student.token, paper.ids);
      for (const answer of allRight(paper.questions)) {
        const saved = await app.call(examApi.saveAnswer, {
          token: student.token,
          body: { exam: open._id, ...answer },
        });
        expect(saved.status, saved.text).toBe(200);
      }
      // The phone dies. Past the deadline and its grace, a topic practice shows the paper's keys, and only
      // then is the attempt scored: its answers were final before any key was shown.
      app.clock.advance(open.duration * 60_000 + 60_000);
      const practice = await practiseIndices(app, bank, student.token);
      await submitExam(app, student.token, practice._id, []);
      const result = await submitExam(app, student.token, open._id, []);
      expect(result).toMatchObject({ score: 20, counted: true });
      expect(result.credit).toEqual({ questions: 4, points: 20, seenBefore: 0, creditedBefore: 0 });
      expect(await totalOf(app, student.user._id)).toBe(20);
    },
    SLOW,
  );
});

describe('offline attempts', () => {
  it(
    'record as shown a question added after the download, whose key the upload’s result shows',
    async () => {
      const app = await createTestApp();
      app.clock.set(new Date('2026-03-02T10:00:00Z'));
      const paper = await createPaper(app.db, { count: 3 });
      const student = await subscribedStudent(app);
      const downloaded = await app.call(offlineApi.download, {
        query: paperQuery(paper.ids),
        token: student.token,
      });
      expect(downloaded.status, downloaded.text).toBe(200);

      // An editor's import adds a fourth question to the paper after the download.
      app.clock.advance(60_000);
      const added = await addFixtureQuestion(app.db, { paperId: paper.paperId, position: 3 });

      const started = app.clock.now().getTime();
      app.clock.advance(5 * 60_000);
      const uploaded = await app.call(offlineApi.upload, {
        token: student.token,
        body: {
          clientId: randomUUID(),
          paperId: paper.paperId,
          startedAt: new Date(started).toISOString(),
          finishedAt: new Date(started + 3 * 60_000).toISOString(),
          answers: [],
        },
      });
      expect(uploaded.status, uploaded.text).toBe(200);
      const shown = uploaded.json.data.quizAnswers.find((answer) => answer.questionId === added.id);
      expect(shown?.correctAnswer).toBeTruthy();

      // The subject's daily test draws all four questions: the added one's key was shown by the upload,
      // so it earns nothing, like the three the download showed.
      const key = new Map([...paper.questions, added].map((q) => [q.id, q.right]));
      const { questions, result } = await takeDaily(
        app,
        student.token,
        paper.ids.subject,
        (id) => key.get(id) ?? null,
      );
      expect(questions).toContain(added.id);
      expect(result.credit).toEqual({ questions: 0, points: 0, seenBefore: 4, creditedBefore: 0 });
      expect(await totalOf(app, student.user._id)).toBe(0);
    },
    SLOW,
  );
});

describe('the daily test', () => {
  it(
    'gives throwaway accounts no flags, no points and not the main account’s set',
    async () => {
      const app = await createTestApp();
      app.clock.set(new Date('2026-03-02T10:00:00Z'));
      const paper = await createPaper(app.db, { count: 60 });
      const key = new Map(paper.questions.map((q) => [q.id, q.right]));
      const main = await signUpStudent(app);
      const mainSet = (
        await app.call(examApi.daily, { query: { subject: paper.ids.subject }, token: main.token })
      ).json.data.questions.map((q) => q._id);

      for (let account = 0; account < 3; account += 1) {
        const throwaway = await signUpUnconfirmedStudent(app);
        const { questions, result } = await takeDaily(
          app,
          throwaway.token,
          paper.ids.subject,
          (id) => key.get(id) ?? null,
        );
        expect(result).toMatchObject({ counted: false, credit: null, score: 50 });
        expect(await totalOf(app, throwaway.user._id)).toBe(0);
        for (const answer of result.quizAnswers) {
          expect(answer).toMatchObject({ isCorrect: null, correctAnswer: null, explanation: null });
        }
        // Its own set: most of it is no use to the main account.
        expect(questions.filter((id) => mainSet.includes(id)).length).toBeLessThan(6);
      }
    },
    SLOW,
  );

  it(
    'is drawn with the server’s secret: the day’s set cannot be computed in advance',
    async () => {
      const app = await createTestApp({ DAILY_TEST_SECRET: 's'.repeat(48) });
      app.clock.set(new Date('2026-03-02T10:00:00Z'));
      const paper = await createPaper(app.db, { count: 60 });
      const day = '2026-03-02';
      const rank = (id: string) =>
        createHash('sha256').update(`${day}:${paper.ids.subject}:${id}`).digest('hex');
      const predicted = paper.questions
        .map((q) => q.id)
        .sort((a, b) => (rank(a) < rank(b) ? -1 : 1))
        .slice(0, 10);
      const student = await signUpStudent(app);
      const drawn = (
        await app.call(examApi.daily, { query: { subject: paper.ids.subject }, token: student.token })
      ).json.data.questions.map((q) => q._id);
      expect(drawn).toHaveLength(10);
      expect(drawn.filter((id) => predicted.includes(id)).length).toBeLessThan(6);
    },
    SLOW,
  );

  it(
    'keeps its key shut until the last test of the day is handed in, after midnight',
    async () => {
      const app = await createTestApp();
      const paper = await createPaper(app.db, { count: 10 });
      const key = new Map(paper.questions.map((q) => [q.id, q.right]));
      const daily = { subject: paper.ids.subject };
      // 22:55 UTC is 23:55 in Lagos: the late student starts with ten minutes to go past midnight.
      app.clock.set(new Date('2026-03-02T22:55:00Z'));
      const late = await signUpStudent(app);
      const started = await app.call(examApi.daily, { query: daily, token: late.token });
      expect(started.status).toBe(200);

      app.clock.set(new Date('2026-03-02T22:56:00Z'));
      const friend = await signUpStudent(app);
      const { result } = await takeDaily(app, friend.token, paper.ids.subject, () => null);

      // At 00:01 in Lagos the friend reads the result again for the key: still shut.
      app.clock.set(new Date('2026-03-02T23:01:00Z'));
      const reread = await app.call(examApi.result, { query: { exam: result._id }, token: friend.token });
      expect(reread.json.data.answersOpenAt).toBe('2026-03-02T23:10:30.000Z');
      expect(
        reread.json.data.quizAnswers.every((a) => a.correctAnswer === null && a.isCorrect === null),
      ).toBe(true);
      const review = await app.call(reviewApi.due, { token: friend.token });
      expect(JSON.stringify(review.json.data)).not.toContain(paper.questions[0]?.id);

      // The late student hands in at 00:05 on honest answers; the key opens after the last possible one.
      app.clock.set(new Date('2026-03-02T23:05:00Z'));
      const submitted = await app.call(examApi.submitDaily, {
        token: late.token,
        body: {
          subject: paper.ids.subject,
          answers: started.json.data.questions.map((q) => ({
            question: q._id,
            option: key.get(q._id) ?? '',
          })),
        },
      });
      expect(submitted.json.data).toMatchObject({ counted: true, credit: { questions: 10, points: 50 } });
      app.clock.set(new Date('2026-03-02T23:10:30Z'));
      const opened = await app.call(examApi.result, { query: { exam: result._id }, token: friend.token });
      expect(opened.json.data.answersOpenAt).toBeNull();
      expect(opened.json.data.quizAnswers.every((a) => typeof a.correctAnswer === 'string')).toBe(true);
    },
    SLOW,
  );

  it(
    'credits a question at most once, even before the daily key opens',
    async () => {
      const app = await createTestApp();
      app.clock.set(new Date('2026-03-02T10:00:00Z'));
      const paper = await createPaper(app.db, { count: 10 });
      const key = new Map(paper.questions.map((q) => [q.id, q.right]));
      const student = await subscribedStudent(app);
      const { result } = await takeDaily(app, student.token, paper.ids.subject, (id) => key.get(id) ?? null);
      expect(result.credit).toEqual({ questions: 10, points: 50, seenBefore: 0, creditedBefore: 0 });

      const open = await openPaper(app, student.token, paper.ids);
      const again = await submitExam(app, student.token, open._id, allRight(paper.questions));
      expect(again.credit).toEqual({ questions: 0, points: 0, seenBefore: 0, creditedBefore: 10 });
      expect(await totalOf(app, student.user._id)).toBe(50);
    },
    SLOW,
  );
});

describe('the UTME mock', () => {
  it(
    'draws unseen questions, refuses downloads during a sitting, and ranks only keys not shown',
    async () => {
      const app = await createTestApp();
      const bank = await createJambBank(app.db);
      const { english, mathematics, physics, biology } = bank.subjects;
      const chosen = [mathematics.id, physics.id, biology.id].join(',');
      const rightOf = new Map(
        [english, mathematics, physics, biology].flatMap((s) => s.questions.map((q) => [q.id, q.right])),
      );
      const idsOf = async (paperId: string): Promise<Ids> => {
        const [row] = await app.db.select().from(papers).where(eq(papers.id, paperId));
        if (!row) throw new Error('fixture');
        return { examType: row.examTypeId, subject: row.subjectId, year: row.yearId };
      };
      const mathsPapers = [...new Set(mathematics.questions.map((q) => q.paperId))];
      const englishPapers = [...new Set(english.questions.map((q) => q.paperId))];

      // The attack: a first sitting open, the papers downloaded for their keys.
      const cheat = await subscribedStudent(app);
      const sitting = await app.call(utmeApi.sitting, { query: { subjects: chosen }, token: cheat.token });
      expect(sitting.status, sitting.text).toBe(200);
      expect(sitting.json.data.ranked).toBe(true);
      for (const paperId of mathsPapers) {
        const download = await app.call(offlineApi.download, {
          query: paperQuery(await idsOf(paperId)),
          token: cheat.token,
        });
        expect(download.status).toBe(409);
      }
      // Another door shows keys anyway: a full exam at a JAMB Mathematics paper, handed in blank.
      const firstMaths = mathsPapers[0] ?? '';
      const exam = await openPaper(app, cheat.token, await idsOf(firstMaths));
      await submitExam(app, cheat.token, exam._id, []);
      const shown = new Set(exam.questions.map((q) => q._id));
      const answers = sitting.json.data.sections.flatMap((section) =>
        section.questions.map((q) => ({ question: q._id, option: rightOf.get(q._id) ?? '' })),
      );
      const scored = await app.call(utmeApi.submit, {
        token: cheat.token,
        body: { exam: sitting.json.data._id, answers },
      });
      expect(scored.status, scored.text).toBe(200);
      const mathsSection = sitting.json.data.sections[1]?.questions ?? [];
      const seenInSitting = mathsSection.filter((q) => shown.has(q._id)).length;
      expect(seenInSitting).toBeGreaterThan(0);
      expect(scored.json.data).toMatchObject({ total: 400, ranked: true });
      expect(scored.json.data.credit).toMatchObject({
        questions: 180 - seenInSitting,
        seenBefore: seenInSitting,
      });
      const rankingTotal = 300 + Math.round(((40 - seenInSitting) / 40) * 100);
      expect(scored.json.data.credit?.points).toBe(rankingTotal);
      const ranking = await app.call(utmeApi.ranking, { token: cheat.token });
      expect(ranking.json.data.me?.total).toBe(rankingTotal);

      // Where a ranked sitting stands is by its ranking total too: an honest 400 is above the cheat's.
      const honest = await subscribedStudent(app);
      const fair = await app.call(utmeApi.sitting, { query: { subjects: chosen }, token: honest.token });
      expect(fair.json.data.ranked).toBe(true);
      const fairScored = await app.call(utmeApi.submit, {
        token: honest.token,
        body: {
          exam: fair.json.data._id,
          answers: fair.json.data.sections.flatMap((section) =>
            section.questions.map((q) => ({ question: q._id, option: rightOf.get(q._id) ?? '' })),
          ),
        },
      });
      expect(fairScored.json.data).toMatchObject({ total: 400, ranked: true, percentile: 100 });
      const reread = await app.call(utmeApi.result, {
        query: { exam: sitting.json.data._id },
        token: cheat.token,
      });
      expect(reread.json.data).toMatchObject({ total: 400, ranked: true, percentile: 0 });

      // A student who downloaded two of the three Use of English papers first: the bank cannot fill an
      // unseen sitting, so it is practice from the start and never ranked.
      const reader = await subscribedStudent(app);
      for (const paperId of englishPapers.slice(0, 2)) {
        const download = await app.call(offlineApi.download, {
          query: paperQuery(await idsOf(paperId)),
          token: reader.token,
        });
        expect(download.status, download.text).toBe(200);
      }
      const practice = await app.call(utmeApi.sitting, { query: { subjects: chosen }, token: reader.token });
      expect(practice.json.data.ranked).toBe(false);
      const practiceAnswers = practice.json.data.sections.flatMap((section) =>
        section.questions.map((q) => ({ question: q._id, option: rightOf.get(q._id) ?? '' })),
      );
      const practised = await app.call(utmeApi.submit, {
        token: reader.token,
        body: { exam: practice.json.data._id, answers: practiceAnswers },
      });
      expect(practised.json.data).toMatchObject({ total: 400, ranked: false, credit: null });
      const board = await app.call(utmeApi.ranking, { token: reader.token });
      expect(board.json.data.me).toBeNull();
    },
    SLOW,
  );
});
