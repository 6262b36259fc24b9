import { describe, expect, it } from 'vitest';
import { examApi } from '../../src/lib/api/endpoints.ts';
import { NEW_PER_DAY, type ReviewDue } from '../../src/lib/api/review.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, subscribedStudent, type TestApp } from '../support/test-app.ts';

// The day's cap on new questions in the review deck (docs/learning.md, "The review deck"): a test handed in
// early does not flood the deck, the wrong answers come before the blanks, and the rest wait in order. The
// fake clock starts at 10:00 in Lagos on Monday 2 March 2026; Monday ends at 23:00 UTC.

const t = await createTestApp();
// A second instance on the same database, as another server behind the load balancer would be.
const other = await createTestApp({}, { db: t.db });
const MONDAY_ENDS = '2026-03-02T23:00:00.000Z';

type Paper = Awaited<ReturnType<typeof createPaper>>;

/** Hands the paper in with only the questions at `wrongAt` answered, each wrongly; the rest are blank. */
async function handInEarly(token: string, paper: Paper, wrongAt: number[]) {
  const started = await t.call(examApi.paper, { query: { exam: 'new', ...paper.ids }, token });
  expect(started.status, started.text).toBe(200);
  const answers = wrongAt.map((index) => {
    const question = defined(paper.questions[index], 'question');
    return { question: question.id, option: defined(question.wrong[0], 'wrong option') };
  });
  const submitted = await t.call(examApi.submit, { token, body: { exam: started.json.data._id, answers } });
  expect(submitted.status, submitted.text).toBe(200);
}

/** The caller's deck, with a full session's questions (REVIEW_SESSION_SIZE, the default). */
async function due(token: string, app: TestApp = t) {
  const response = await app.request<ReviewDue>('GET', '/api/v1/review/due', { token });
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

const idsAt = (paper: Paper, indices: number[]) =>
  indices.map((index) => defined(paper.questions[index], 'question').id);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

describe('the day’s cap on new questions', () => {
  it(`lets ${NEW_PER_DAY} new questions in a day, the wrong answers before the blanks, and says how many wait`, async () => {
    const paper = await createPaper(t.db, { count: 40 });
    const { token } = await subscribedStudent(t);
    // Only the last five were answered, all wrong: thirty-five blanks from a test handed in early.
    await handInEarly(token, paper, range(35, 40));

    const monday = await due(token);
    expect(monday.counts).toEqual({
      dueNow: NEW_PER_DAY,
      dueLaterToday: 0,
      waiting: 20,
      nextDue: MONDAY_ENDS,
    });
    const served = monday.questions.map((question) => question._id);
    // The five wrong answers, then the first fifteen blanks, in the paper's order.
    expect(served).toEqual(idsAt(paper, [...range(0, 15), ...range(35, 40)]));

    // Reviewing spends the day's places: three answered wrong come back in ten minutes, and no waiting
    // question moves up today.
    for (const question of monday.questions.slice(0, 3)) {
      const answered = await t.request('POST', '/api/v1/review/answer', {
        token,
        body: { question: question._id, option: null },
      });
      expect(answered.status, answered.text).toBe(200);
    }
    const later = await due(token);
    expect(later.counts).toMatchObject({ dueNow: 17, dueLaterToday: 3, waiting: 20 });
    expect(later.questions.map((question) => question._id)).toEqual(
      idsAt(paper, [...range(3, 15), ...range(35, 40)]),
    );

    // The next West Africa Time day brings twenty new places: the unreviewed new ones keep their turn (the
    // wrong answers first, then the blanks in order) and the rest still wait.
    t.clock.set(new Date('2026-03-03T07:00:00Z'));
    const tuesday = await due(token);
    expect(tuesday.counts).toMatchObject({ dueNow: 3 + NEW_PER_DAY, waiting: 17 });
    expect(tuesday.questions.map((question) => question._id)).toEqual(
      // The longest due first: the new ones missed at 10:00, before the three due since 10:10.
      idsAt(paper, [...range(3, 18), ...range(35, 40)]),
    );
  });

  it('holds across instances: the places one server spent are spent on the other', async () => {
    t.clock.set(new Date('2026-03-02T09:00:00Z'));
    other.clock.set(new Date('2026-03-02T09:00:00Z'));
    const paper = await createPaper(t.db, { count: 30 });
    const { token } = await subscribedStudent(t);
    await handInEarly(token, paper, []);
    const first = await due(token);
    expect(first.counts).toMatchObject({ dueNow: NEW_PER_DAY, waiting: 10 });
    const question = defined(first.questions[0], 'question');
    const answered = await t.request('POST', '/api/v1/review/answer', {
      token,
      body: { question: question._id, option: null },
    });
    expect(answered.status, answered.text).toBe(200);
    // The other instance counts the review the first one took: 19 new left today, the wrong one in 10 min.
    const seen = await due(token, other);
    expect(seen.counts).toMatchObject({ dueNow: NEW_PER_DAY - 1, dueLaterToday: 1, waiting: 10 });
    expect(seen.questions).toHaveLength(NEW_PER_DAY - 1);
  });
});
