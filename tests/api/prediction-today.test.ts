import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi, predictionApi, reviewApi } from '../../src/lib/api/endpoints.ts';
import { PREDICTION, type TodayPlan } from '../../src/lib/api/prediction.ts';
import { UTME } from '../../src/lib/api/utme.ts';
import { papers, questions } from '../../src/server/db/schema.ts';
import { createJambBank, createPaper, type JambSubject } from '../support/bank-fixture.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, subscribedStudent, type TestApp } from '../support/test-app.ts';
import { sitUtme } from '../support/utme-play.ts';

// GET /api/v1/prediction/today (docs/prediction.md, "The plan to exam day"): the days left, the deck's
// questions for today, and the weakest topics sized to the days left. The fake clock starts at 10:00 in
// Lagos on Monday 2 March 2026.

const t = await createTestApp();
const bank = await createJambBank(t.db);
const { english, mathematics, physics, biology } = bank.subjects;
const SUBJECTS = [mathematics.id, physics.id, biology.id];

/** Tags the questions at positions `from` to `below` (not included) of each of the subject's papers with `topic`. */
async function tag(subject: JambSubject, topic: string, from: number, below: number) {
  const ids = subject.questions
    .filter((question) => question.position >= from && question.position < below)
    .map((question) => question.id);
  await t.db.update(questions).set({ topic }).where(inArray(questions.id, ids));
  return ids.length;
}

// A student with no evidence is at the prior's mean, level 0, where a question at the prior is right with
// chance 0.25 + 0.75 / 2 = 0.625. A topic of n questions in a pool of N then puts 100 × n × 0.375 / N at stake.
const STAKE_AT_PRIOR = 0.375;
const pool = { english: 120, mathematics: 80, physics: 80, biology: 80 };
const tagged = {
  algebra: await tag(mathematics, 'Algebra', 0, 30),
  geometry: await tag(mathematics, 'Geometry', 30, 40),
  comprehension: await tag(english, 'Comprehension', 0, 12),
  optics: await tag(physics, 'Optics', 0, 4),
  // 2 of 80: under one point at stake, so never proposed.
  cells: await tag(biology, 'Cells', 0, 1),
};
const atPrior = (questionsInTopic: number, poolSize: number) =>
  Math.round(((100 * questionsInTopic * STAKE_AT_PRIOR) / poolSize) * 10) / 10;
const ALGEBRA = {
  subject: 'mathematics',
  topic: 'Algebra',
  pointsAtStake: atPrior(tagged.algebra, pool.mathematics),
};
const COMPREHENSION = {
  subject: 'english',
  topic: 'Comprehension',
  pointsAtStake: atPrior(tagged.comprehension, pool.english),
};
const GEOMETRY = {
  subject: 'mathematics',
  topic: 'Geometry',
  pointsAtStake: atPrior(tagged.geometry, pool.mathematics),
};

async function today(token: string, app: TestApp = t): Promise<TodayPlan> {
  const response = await app.call(predictionApi.today, { token });
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

const topicsOf = (plan: TodayPlan) =>
  plan.topics.map((entry) => ({
    subject: entry.subject.slug,
    topic: entry.topic,
    pointsAtStake: entry.pointsAtStake,
  }));

async function plannedStudent(examDate: string | null) {
  const student = await subscribedStudent(t);
  const saved = await t.call(predictionApi.setPlan, {
    token: student.token,
    body: { examDate, subjects: SUBJECTS },
  });
  expect(saved.status, saved.text).toBe(200);
  return student;
}

describe('GET /api/v1/prediction/today', () => {
  it('counts the whole days to the exam and spreads the topics worth practising over them', async () => {
    // Four topics have a point or more at stake: Algebra (60 of 80 questions) 28.1, Comprehension (36 of 120)
    // 11.3, Geometry (20 of 80) 9.4 and Optics (8 of 80) 3.8; Cells (2 of 80) has 0.9.
    expect([ALGEBRA, COMPREHENSION, GEOMETRY].map((entry) => entry.pointsAtStake)).toEqual([28.1, 11.3, 9.4]);
    const cases: [string | null, number | null, unknown[]][] = [
      // Ten days: one topic a day covers the four in time.
      ['2026-03-12', 10, [ALGEBRA]],
      // Three days: two a day.
      ['2026-03-05', 3, [ALGEBRA, COMPREHENSION]],
      // Tomorrow: four would be needed, and three is the most a day.
      ['2026-03-03', 1, [ALGEBRA, COMPREHENSION, GEOMETRY]],
      // The day itself.
      ['2026-03-02', 0, [ALGEBRA, COMPREHENSION, GEOMETRY]],
      // No date: the most a day.
      [null, null, [ALGEBRA, COMPREHENSION, GEOMETRY]],
    ];
    for (const [examDate, daysLeft, topics] of cases) {
      const { token } = await plannedStudent(examDate);
      const plan = await today(token);
      expect({ examDate: plan.examDate, daysLeft: plan.daysLeft, reviewsDue: plan.reviewsDue }).toEqual({
        examDate,
        daysLeft,
        reviewsDue: 0,
      });
      expect(topicsOf(plan), String(examDate)).toEqual(topics);
      expect(plan.topics.length).toBeLessThanOrEqual(PREDICTION.maxTopicsToday);
    }
  });

  it('counts days in West Africa Time, and none once the exam day has passed', async () => {
    const { token } = await plannedStudent('2026-03-05');
    const app = await createTestApp({}, { db: t.db });
    // 00:30 on Tuesday 3 March in Lagos, still Monday in UTC.
    app.clock.set(new Date('2026-03-02T23:30:00Z'));
    expect((await today(token, app)).daysLeft).toBe(2);
    app.clock.set(new Date('2026-03-05T22:59:00Z'));
    expect((await today(token, app)).daysLeft).toBe(0);
    app.clock.set(new Date('2026-03-05T23:00:00Z'));
    const after = await today(token, app);
    expect({ examDate: after.examDate, daysLeft: after.daysLeft }).toEqual({
      examDate: '2026-03-05',
      daysLeft: null,
    });
    expect(after.topics).toHaveLength(PREDICTION.maxTopicsToday);
  });

  it('weighs topics at the student’s level: a strong sitting in Mathematics puts less at stake there', async () => {
    const { token } = await plannedStudent(null);
    await sitUtme(t, bank, token, SUBJECTS, [
      { right: 0, wrong: UTME.englishQuestions },
      { right: UTME.electiveQuestions, wrong: 0 },
      { right: 20, wrong: 20 },
      { right: 20, wrong: 20 },
    ]);
    const plan = await today(token);
    const stake = (topic: string) => plan.topics.find((entry) => entry.topic === topic)?.pointsAtStake;
    // Use of English all wrong: more at stake than at the prior; Mathematics all right: less, out of the top.
    expect(plan.topics[0]?.topic).toBe('Comprehension');
    expect(defined(stake('Comprehension'), 'Comprehension')).toBeGreaterThan(COMPREHENSION.pointsAtStake);
    expect(stake('Geometry')).toBeUndefined();
    expect(stake('Algebra') ?? 0).toBeLessThan(ALGEBRA.pointsAtStake);
    // Topics are proposed most points first, and never the untagged questions or a topic under a point.
    const points = plan.topics.map((entry) => entry.pointsAtStake);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(plan.topics.every((entry) => entry.pointsAtStake >= 1)).toBe(true);
  });

  it('weighs each topic at the student’s own level in it: a weak small topic goes before a mastered large one', async () => {
    const { token } = await plannedStudent(null);
    // Every JAMB Mathematics paper: the Algebra questions (positions 0 to 29) right, the Geometry ones wrong.
    for (const paperId of new Set(mathematics.questions.map((question) => question.paperId))) {
      const [ids] = await t.db
        .select({ examType: papers.examTypeId, subject: papers.subjectId, year: papers.yearId })
        .from(papers)
        .where(eq(papers.id, paperId));
      const started = await t.call(examApi.paper, {
        query: { exam: 'new', ...defined(ids, 'paper') },
        token,
      });
      expect(started.status, started.text).toBe(200);
      const answers = mathematics.questions
        .filter((question) => question.paperId === paperId && question.position < 40)
        .map((question) => ({
          question: question.id,
          option: question.position < 30 ? question.right : defined(question.wrong[0], 'wrong option'),
        }));
      const submitted = await t.call(examApi.submit, {
        token,
        body: { exam: started.json.data._id, answers },
      });
      expect(submitted.status, submitted.text).toBe(200);
    }
    const plan = await today(token);
    const stake = (topic: string) => plan.topics.find((entry) => entry.topic === topic)?.pointsAtStake ?? 0;
    // At one level for the whole subject (three answers in four right), Algebra's 60 questions would put three
    // times Geometry's 20 at stake. At each topic's own level, Geometry (all wrong) puts more at stake than it
    // does at the prior, and more than Algebra (all right).
    expect(stake('Geometry')).toBeGreaterThan(GEOMETRY.pointsAtStake);
    expect(stake('Geometry')).toBeGreaterThan(stake('Algebra'));
  });

  it('gives Use of English alone to a student with neither plan nor sitting', async () => {
    const { token } = await subscribedStudent(t);
    expect(topicsOf(await today(token))).toEqual([COMPREHENSION]);
  });

  it('counts the deck’s questions for today as the home reminder does, mistakes just scored included', async () => {
    const { token } = await plannedStudent('2026-04-30');
    const paper = await createPaper(t.db, { count: 5 });
    const started = await t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
    const answers = paper.questions.slice(0, 3).map((question) => ({
      question: question.id,
      option: defined(question.wrong[0], 'wrong option'),
    }));
    await t.call(examApi.submit, { token, body: { exam: started.json.data._id, answers } });
    // Three wrong and two blank, taken in by this read.
    expect((await today(token)).reviewsDue).toBe(5);
    const reminder = await t.call(reviewApi.due, { token, query: { limit: 0 } });
    const counts = reminder.json.data.counts;
    expect(counts.dueNow + counts.dueLaterToday).toBe(5);
  });
});
