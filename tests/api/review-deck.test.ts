import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi, masteryApi, offlineApi, reviewApi, utmeApi } from '../../src/lib/api/endpoints.ts';
import type { ReviewDue, ReviewOutcome } from '../../src/lib/api/review.ts';
import { NEW_PER_DAY } from '../../src/lib/api/review.ts';
import {
  attemptAnswers,
  attempts,
  coinLedger,
  reviewAnswers,
  reviewCards,
  users,
} from '../../src/server/db/schema.ts';
import { PENDING_PER_READ } from '../../src/server/services/learning/deck.ts';
import { createJambBank, createPaper, type FixtureQuestion } from '../support/bank-fixture.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, subscribedStudent, type TestApp } from '../support/test-app.ts';
import { createTopicBank } from '../support/topic-bank.ts';

// The review deck's API (docs/learning.md, "The review deck"): what enters a student's deck and when, the
// due list, answering, and who may see what. The fake clock starts at 10:00 in Lagos on Monday 2 March 2026.

const t = await createTestApp();
const MINUTE = 60_000;
const DAY = 86_400_000;
/** Midnight at the end of the clock's first day, in Lagos (UTC+1). */
// When Monday's daily tests' answers open: midnight in Lagos plus a daily test's 10 minutes and 30 s of grace.
const MONDAY_ANSWERS_OPEN = new Date('2026-03-02T23:10:30Z');

type Paper = Awaited<ReturnType<typeof createPaper>>;
type Pick = 'right' | 'wrong' | 'blank';

const answerOf = (question: FixtureQuestion, pick: Pick) =>
  pick === 'blank'
    ? []
    : [
        {
          question: question.id,
          option: pick === 'right' ? question.right : defined(question.wrong[0], 'wrong option'),
        },
      ];

/** Takes a paper online, question i answered as picks[i], and returns the attempt's id. */
async function takePaper(token: string, paper: Paper, picks: Pick[], app: TestApp = t) {
  const started = await app.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
  expect(started.status, started.text).toBe(200);
  const answers = paper.questions.flatMap((question, index) => answerOf(question, picks[index] ?? 'blank'));
  const submitted = await app.call(examApi.submit, {
    token,
    body: { exam: started.json.data._id, answers },
  });
  expect(submitted.status, submitted.text).toBe(200);
  app.clock.advance(MINUTE);
  return started.json.data._id;
}

async function due(token: string, limit?: number, app: TestApp = t) {
  const response = await app.request<ReviewDue>(
    'GET',
    `/api/v1/review/due${limit === undefined ? '' : `?limit=${limit}`}`,
    {
      token,
    },
  );
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

function answer(token: string, body: Record<string, unknown>, app: TestApp = t) {
  return app.request<ReviewOutcome>('POST', '/api/v1/review/answer', { token, body });
}

async function answered(token: string, body: Record<string, unknown>) {
  const response = await answer(token, body);
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

async function cardsOf(userId: string) {
  return t.db.select().from(reviewCards).where(eq(reviewCards.userId, userId));
}

const ids = (questions: { _id: string }[]) => questions.map((question) => question._id);
const question = (paper: Paper, index: number) => {
  const found = paper.questions[index];
  if (!found) throw new Error(`no question ${index}`);
  return found;
};

describe('what enters the deck', () => {
  it('takes a paper’s wrong, blank and skipped questions once, due at once, and never its right ones', async () => {
    const paper = await createPaper(t.db, { count: 5 });
    const { token, user } = await subscribedStudent(t);
    expect(await due(token)).toEqual({
      questions: [],
      counts: { dueNow: 0, dueLaterToday: 0, waiting: 0, nextDue: null },
    });

    // Question 4 is answered right, then skipped with a lifeline: the skip leaves it blank.
    const started = await t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
    const exam = started.json.data._id;
    const skipped = question(paper, 3);
    await t.call(examApi.saveAnswer, { token, body: { exam, question: skipped.id, option: skipped.right } });
    expect(
      (await t.call(examApi.lifeline, { token, body: { exam, question: skipped.id, kind: 'skip' } })).status,
    ).toBe(200);
    // A save racing the skip can leave its answer row behind: it still does not count as right.
    await t.db.insert(attemptAnswers).values({
      attemptId: exam,
      questionId: skipped.id,
      optionId: skipped.right,
      answeredAt: t.clock.now(),
    });
    const picks: Pick[] = ['right', 'wrong', 'blank', 'blank', 'right'];
    const answers = paper.questions.flatMap((entry, index) =>
      index === 3 ? [] : answerOf(entry, picks[index] ?? 'blank'),
    );
    expect((await t.call(examApi.submit, { token, body: { exam, answers } })).status).toBe(200);

    const deck = await due(token);
    expect(ids(deck.questions)).toEqual([question(paper, 1).id, question(paper, 2).id, skipped.id]);
    expect(deck.counts).toEqual({ dueNow: 3, dueLaterToday: 0, waiting: 0, nextDue: null });
    const [first] = deck.questions;
    expect(first?.question).toMatch(/^<p>Question 2 of /);
    expect(first).toMatchObject({
      questionType: 'text',
      file: null,
      topic: null,
      subject: { _id: paper.ids.subject },
    });
    expect(first?.options.map((option) => option._id)).toEqual(question(paper, 1).optionIds);
    // Nothing in the list gives the key away.
    expect(JSON.stringify(deck)).not.toMatch(/isCorrect|explanation|Because of rule/);

    // Read again, the deck is the same and nothing is added twice.
    const before = await cardsOf(user._id);
    expect(await due(token)).toEqual(deck);
    expect(await cardsOf(user._id)).toEqual(before);
    const [attempt] = await t.db
      .select({ added: attempts.deckAddedAt })
      .from(attempts)
      .where(eq(attempts.id, exam));
    expect(attempt?.added).toEqual(before[0]?.addedAt);
  });

  it('adds a question missed in two attempts once, and sends one missed again after a review back to new', async () => {
    const paper = await createPaper(t.db, { count: 3 });
    const { token, user } = await subscribedStudent(t);
    await takePaper(token, paper, ['wrong', 'right', 'right']);
    await takePaper(token, paper, ['wrong', 'wrong', 'right']);
    expect((await due(token)).counts.dueNow).toBe(2);
    expect(await cardsOf(user._id)).toHaveLength(2);

    // Learnt in the deck (due in days), then missed again in a new attempt: due at once, as new.
    const learnt = await answered(token, {
      question: question(paper, 0).id,
      option: question(paper, 0).right,
    });
    expect(new Date(learnt.due).getTime() - t.clock.now().getTime()).toBeGreaterThan(DAY / 2);
    t.clock.advance(MINUTE);
    await takePaper(token, paper, ['wrong', 'right', 'right']);
    const deck = await due(token);
    expect(ids(deck.questions)).toContain(question(paper, 0).id);
    const [card] = (await cardsOf(user._id)).filter((entry) => entry.questionId === question(paper, 0).id);
    expect(card).toMatchObject({ state: 0, stability: 0, lapses: 1, reps: 1 });
  });

  it('takes a daily test’s mistakes only once its answers open, after its West Africa Time day', async () => {
    const paper = await createPaper(t.db, { count: 4 });
    const { token, user } = await subscribedStudent(t);
    const daily = await t.call(examApi.daily, { query: { subject: paper.ids.subject }, token });
    expect(daily.status, daily.text).toBe(200);
    const submitted = await t.call(examApi.submitDaily, {
      token,
      body: {
        subject: paper.ids.subject,
        answers: [{ question: question(paper, 0).id, option: question(paper, 0).right }],
      },
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json.data.answersOpenAt).toBe(MONDAY_ANSWERS_OPEN.toISOString());

    const saved = t.clock.now();
    t.clock.set(new Date(MONDAY_ANSWERS_OPEN.getTime() - 1));
    // Until then the deck neither holds the questions nor marks the attempt: that would give the key away.
    expect(await due(token)).toEqual({
      questions: [],
      counts: { dueNow: 0, dueLaterToday: 0, waiting: 0, nextDue: null },
    });
    const [pending] = await t.db
      .select({ added: attempts.deckAddedAt })
      .from(attempts)
      .where(eq(attempts.userId, user._id));
    expect(pending?.added).toBeNull();

    t.clock.set(MONDAY_ANSWERS_OPEN);
    const deck = await due(token);
    expect(new Set(ids(deck.questions))).toEqual(new Set(paper.questions.slice(1).map((entry) => entry.id)));
    t.clock.set(saved);
  });

  it('leaves a question reviewed after the daily test that missed it as it is when the test’s mistakes enter', async () => {
    const paper = await createPaper(t.db, { count: 3 });
    const { token, user } = await subscribedStudent(t);
    await takePaper(token, paper, ['wrong', 'right', 'right']);
    await due(token);
    const saved = t.clock.now();
    // The daily test draws every question of this small subject; all are left blank.
    expect((await t.call(examApi.daily, { query: { subject: paper.ids.subject }, token })).status).toBe(200);
    const daily = await t.call(examApi.submitDaily, {
      token,
      body: { subject: paper.ids.subject, answers: [] },
    });
    expect(daily.status, daily.text).toBe(200);
    t.clock.advance(MINUTE);
    const reviewed = await answered(token, {
      question: question(paper, 0).id,
      option: question(paper, 0).right,
    });

    t.clock.set(MONDAY_ANSWERS_OPEN);
    const deck = await due(token);
    expect(new Set(ids(deck.questions))).toEqual(new Set([question(paper, 1).id, question(paper, 2).id]));
    const [card] = (await cardsOf(user._id)).filter((entry) => entry.questionId === question(paper, 0).id);
    expect(card).toMatchObject({ reps: 1, lapses: 0, due: new Date(reviewed.due) });
    t.clock.set(saved);
  });

  it('takes the mistakes of a topic practice, an attempt uploaded from offline and a UTME sitting', async () => {
    const { token, user } = await subscribedStudent(t);

    const topicBank = await createTopicBank(t.db, { papers: [['Indices', 'Indices', 'Surds']] });
    const topic = await t.call(masteryApi.topic, {
      query: { subject: topicBank.subject.slug, topic: 'Indices' },
      token,
    });
    expect(topic.status, topic.text).toBe(200);
    expect(
      (await t.call(examApi.submit, { token, body: { exam: topic.json.data._id, answers: [] } })).status,
    ).toBe(200);

    const paper = await createPaper(t.db, { count: 2 });
    const downloadedAt = t.clock.now();
    expect(
      (
        await t.call(offlineApi.download, {
          query: { examType: paper.ids.examType, subject: paper.ids.subject, year: paper.ids.year },
          token,
        })
      ).status,
    ).toBe(200);
    const uploaded = await t.call(offlineApi.upload, {
      token,
      body: {
        clientId: randomUUID(),
        paperId: paper.paperId,
        startedAt: new Date(downloadedAt.getTime() + MINUTE).toISOString(),
        finishedAt: new Date(downloadedAt.getTime() + 2 * MINUTE).toISOString(),
        answers: [
          { question: question(paper, 0).id, option: question(paper, 0).right },
          { question: question(paper, 1).id, option: defined(question(paper, 1).wrong[0], 'wrong option') },
        ],
      },
    });
    expect(uploaded.status, uploaded.text).toBe(200);

    const jamb = await createJambBank(t.db);
    const chosen = [jamb.subjects.mathematics, jamb.subjects.physics, jamb.subjects.biology];
    const sitting = await t.call(utmeApi.sitting, {
      query: { subjects: chosen.map((subject) => subject.id).join(',') },
      token,
    });
    expect(sitting.status, sitting.text).toBe(200);
    const utmeQuestions = sitting.json.data.sections.flatMap((section) =>
      section.questions.map((entry) => entry._id),
    );
    expect(
      (await t.call(utmeApi.submit, { token, body: { exam: sitting.json.data._id, answers: [] } })).status,
    ).toBe(200);

    const deck = await due(token, 0);
    expect(deck.questions).toEqual([]);
    const cards = new Set((await cardsOf(user._id)).map((card) => card.questionId));
    const indices = topicBank.questions.filter((entry) => entry.topic === 'Indices').map((entry) => entry.id);
    expect([...indices, question(paper, 1).id, ...utmeQuestions].every((id) => cards.has(id))).toBe(true);
    expect(cards.has(question(paper, 0).id)).toBe(false);
    expect(cards.size).toBe(indices.length + 1 + utmeQuestions.length);
    // Every card is new: the day's cap lets NEW_PER_DAY in, the rest wait.
    expect(deck.counts.dueNow).toBe(NEW_PER_DAY);
    expect(deck.counts.waiting).toBe(cards.size - NEW_PER_DAY);
    // A session is 20 questions at most.
    expect((await due(token)).questions).toHaveLength(20);
  });
});

describe('answering a due question', () => {
  async function deckOfThree() {
    const paper = await createPaper(t.db, { count: 3 });
    const student = await subscribedStudent(t);
    await takePaper(student.token, paper, ['wrong', 'blank', 'wrong']);
    await due(student.token);
    return { paper, ...student };
  }

  it('says right or wrong with the key and explanation, logs it, and moves the question on', async () => {
    const { paper, token, user } = await deckOfThree();
    const [coinsBefore] = await t.db
      .select({ coins: users.triviaPoints, score: users.totalScore })
      .from(users)
      .where(eq(users.id, user._id));
    const ledgerBefore = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user._id));

    const first = question(paper, 0);
    const wrong = await answered(token, { question: first.id, option: first.wrong[1] });
    expect(wrong).toMatchObject({
      question: first.id,
      correct: false,
      correctOption: first.right,
      explanation: '<p>Because of rule 1.</p>',
      rating: 'again',
      // A wrong answer comes back in ten minutes, later today.
      due: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
      counts: {
        dueNow: 2,
        dueLaterToday: 1,
        waiting: 0,
        nextDue: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
      },
    });
    // Answered already: not due again until its step is over.
    const again = await answer(token, { question: first.id, option: first.right });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This question is not due for review yet.');

    const second = question(paper, 1);
    const dontKnow = await answered(token, { question: second.id, option: null });
    expect(dontKnow).toMatchObject({ correct: false, rating: 'again', correctOption: second.right });

    const third = question(paper, 2);
    const slow = await answered(token, { question: third.id, option: third.right, seconds: 90 });
    expect(slow).toMatchObject({ correct: true, rating: 'good' });
    // Days away, due from midnight in Lagos.
    expect(new Date(slow.due).getTime() - t.clock.now().getTime()).toBeGreaterThan(DAY);
    expect(new Date(slow.due).getUTCHours()).toBe(23);

    t.clock.advance(10 * MINUTE);
    expect((await due(token)).counts).toMatchObject({ dueNow: 2, dueLaterToday: 0 });
    const fast = await answered(token, { question: first.id, option: first.right, seconds: 3 });
    expect(fast.rating).toBe('easy');

    const log = await t.db.select().from(reviewAnswers).where(eq(reviewAnswers.userId, user._id));
    expect(log.map((entry) => [entry.questionId, entry.optionId, entry.correct, entry.rating])).toEqual(
      expect.arrayContaining([
        [first.id, first.wrong[1], false, 1],
        [second.id, null, false, 1],
        [third.id, third.right, true, 3],
        [first.id, first.right, true, 4],
      ]),
    );
    expect(log).toHaveLength(4);
    const [card] = await t.db
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, user._id), eq(reviewCards.questionId, first.id)));
    expect(card).toMatchObject({ reps: 2, due: new Date(fast.due), lastReview: t.clock.now() });
    // Reviews are practice: no points, no coins.
    const [coinsAfter] = await t.db
      .select({ coins: users.triviaPoints, score: users.totalScore })
      .from(users)
      .where(eq(users.id, user._id));
    expect(coinsAfter).toEqual(coinsBefore);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user._id))).toEqual(ledgerBefore);
  });

  it('records one answer when the same answer is sent twice at once', async () => {
    const { paper, token, user } = await deckOfThree();
    const first = question(paper, 0);
    const body = { question: first.id, option: first.right };
    const statuses = (await Promise.all([answer(token, body), answer(token, body)])).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await t.db.select().from(reviewAnswers).where(eq(reviewAnswers.userId, user._id))).toHaveLength(1);
  });

  it(`takes in at most ${PENDING_PER_READ} pending attempts a read, oldest first, the rest at the next reads`, async () => {
    const paper = await createPaper(t.db, { count: PENDING_PER_READ + 20 });
    const { token, user } = await subscribedStudent(t);
    // One submitted attempt a question, each question left blank, the oldest showing the paper's first.
    await t.db.execute(sql`insert into attempts (user_id, kind, paper_id, subject_id, question_ids,
        duration_minutes, started_at, ends_at, submitted_at, score, counted)
      select ${user._id}::uuid, 'exam', q.paper_id, ${paper.ids.subject}::uuid, array[q.id], 1,
        now() - make_interval(hours => 200 - q.position), now() - make_interval(hours => 199 - q.position),
        now() - make_interval(hours => 199 - q.position), 0, false
      from questions q where q.paper_id = ${paper.paperId}::uuid`);
    const pending = () =>
      t.db.$count(attempts, and(eq(attempts.userId, user._id), isNull(attempts.deckAddedAt)));
    expect(await pending()).toBe(PENDING_PER_READ + 20);
    const first = await due(token, 0);
    expect(first.counts.dueNow + first.counts.waiting).toBe(PENDING_PER_READ);
    expect(await pending()).toBe(20);
    const oldest = paper.questions.slice(0, PENDING_PER_READ).map((q) => q.id);
    expect((await cardsOf(user._id)).map((card) => card.questionId).sort()).toEqual(oldest.sort());
    const second = await due(token, 0);
    expect(second.counts.dueNow + second.counts.waiting).toBe(PENDING_PER_READ + 20);
    expect(await pending()).toBe(0);
  });

  it('adds an attempt’s mistakes once when the deck is read twice at once', async () => {
    const paper = await createPaper(t.db, { count: 4 });
    const { token, user } = await subscribedStudent(t);
    await takePaper(token, paper, ['wrong', 'wrong', 'blank', 'right']);
    await takePaper(token, paper, ['wrong', 'right', 'right', 'wrong']);
    // On PostgreSQL each read is its own connection, as two app instances would be.
    const reads = await Promise.all([due(token), due(token), due(token), due(token)]);
    expect(reads.map((read) => read.counts.dueNow)).toEqual([4, 4, 4, 4]);
    expect(await cardsOf(user._id)).toHaveLength(4);
  });

  it('refuses bad input with a 4xx that names the field, and changes nothing', async () => {
    const { paper, token, user } = await deckOfThree();
    const first = question(paper, 0);
    const other = question(paper, 1);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ question: first.id, option: other.right }, 400, 'option'],
      [{ question: first.id }, 400, 'option'],
      [{ question: 'first', option: null }, 400, 'question'],
      [{ question: first.id, option: first.right, seconds: -1 }, 400, 'seconds'],
      [{ question: first.id, option: first.right, seconds: '3' }, 400, 'seconds'],
      [{ question: first.id, option: first.right, points: 5 }, 400, ''],
      [{ question: randomUUID(), option: null }, 404, ''],
    ];
    for (const [body, status, field] of cases) {
      const response = await answer(token, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (field) expect(response.json.errors?.[0]?.path, JSON.stringify(body)).toEqual([field]);
    }
    for (const query of ['limit=21', 'limit=-1', 'limit=2.5', 'limit=lots']) {
      const response = await t.request('GET', `/api/v1/review/due?${query}`, { token });
      expect(response.status, query).toBe(400);
    }
    expect(await t.db.select().from(reviewAnswers).where(eq(reviewAnswers.userId, user._id))).toEqual([]);
    expect((await due(token, 1)).questions).toHaveLength(1);
  });
});

describe('another student', () => {
  it('can neither see nor answer a student’s deck', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const a = await subscribedStudent(t);
    const b = await subscribedStudent(t);
    await takePaper(a.token, paper, ['wrong', 'wrong']);
    expect((await due(a.token)).counts.dueNow).toBe(2);
    const aCards = await cardsOf(a.user._id);

    expect(await due(b.token)).toEqual({
      questions: [],
      counts: { dueNow: 0, dueLaterToday: 0, waiting: 0, nextDue: null },
    });
    const first = question(paper, 0);
    const refused = await answer(b.token, { question: first.id, option: first.right });
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe('This question is not in your review deck.');
    expect(await cardsOf(a.user._id)).toEqual(aCards);
    expect(await cardsOf(b.user._id)).toEqual([]);
    expect(await t.db.select().from(reviewAnswers).where(eq(reviewAnswers.userId, b.user._id))).toEqual([]);
  });

  it('is refused without a session', async () => {
    expect((await t.call(reviewApi.due)).status).toBe(401);
    expect((await t.call(reviewApi.answer, { body: { question: randomUUID(), option: null } })).status).toBe(
      401,
    );
  });
});
