import { describe, expect, it } from 'vitest';
import { failed, fakeApi, success, testEnvironment } from '../../../tests/support/store-environment.ts';
import { utmeApi } from '../../lib/api/endpoints.ts';
import type { UtmeResult } from '../../lib/api/utme.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { comparedWithLine, percentileLine, rankingLine, timeUsed, utmeResultFromState } from './result.ts';
import { createResultStore } from './result-store.ts';

// The /utme/result store against a stand-in API and navigation state.

const EXAM = '5d0c2a8e-8f7b-4d6e-9a51-3c2b1a0f9e87';
const OTHER = '9a1e3c5b-2d4f-4a6b-8c0d-1e2f3a4b5c6d';

const section = (id: string, title: string, score: number, correct: number, total: number) => ({
  subject: { _id: id, title },
  score,
  maxScore: 100,
  correctAnswer: correct,
  totalQuestions: total,
  quizAnswers: [
    {
      questionId: `${id}-q1`,
      question: `<p>A question in ${title}</p>`,
      userAnswer: '<p>An answer</p>',
      correctAnswer: '<p>An answer</p>',
      isCorrect: true,
      explanation: '<p>Why it is right</p>',
    },
  ],
});
const result = (id = EXAM): UtmeResult => ({
  _id: id,
  total: 241,
  maxTotal: 400,
  percentile: 64,
  candidates: 25,
  ranked: true,
  credit: { questions: 180, points: 241, seenBefore: 0, creditedBefore: 0 },
  startedAt: '2026-03-10T08:00:00.000Z',
  submittedAt: '2026-03-10T09:24:00.000Z',
  timeSpent: 84,
  sections: [
    section('english', 'Use of English', 70, 42, 60),
    section('physics', 'Physics', 55, 22, 40),
    section('chemistry', 'Chemistry', 60, 24, 40),
    section('biology', 'Biology', 56, 22, 40),
  ],
});

/**
 * The page opened with navigation state `state`, its API answering GET /exam/utme/result with `answers` in
 * turn; `api.calls` lists what was asked.
 */
function setup(state: unknown, answers: ApiResult<UtmeResult>[] = []) {
  const api = fakeApi().on(utmeApi.result, () => answers.shift() ?? failed('no answer left', 0));
  testEnvironment({ call: api.call, readNavigationState: () => state });
  return api;
}

describe('the result handed over by the sitting', () => {
  it('shows it at once when it is the sitting the address names', async () => {
    const api = setup(result());
    const store = createResultStore(`?exam=${EXAM}`);
    await store.init();
    expect(store.$result.get()).toEqual({ status: 'ready', data: result() });
    expect(api.calls).toEqual([]);
  });

  it('reads the result from the server when the state is another sitting’s, or missing', async () => {
    const api = setup(result(OTHER), [success(result())]);
    const store = createResultStore(`?exam=${EXAM}`);
    await store.init();
    expect(store.$result.get()).toEqual({ status: 'ready', data: result() });
    expect(api.calls).toEqual([{ binding: utmeApi.result, input: { query: { exam: EXAM } } }]);

    const again = setup(undefined, [success(result())]);
    await createResultStore(`?exam=${EXAM}`).init();
    expect(again.calls).toHaveLength(1);
  });

  it('accepts the result wrapped as { result } and refuses a broken one', () => {
    expect(utmeResultFromState({ result: result() }, EXAM)).toEqual(result());
    const broken = { ...result(), sections: [{ subject: { _id: 'x' }, score: 'high' }] };
    expect(utmeResultFromState(broken, EXAM)).toBeUndefined();
    expect(utmeResultFromState({ ...result(), total: undefined }, EXAM)).toBeUndefined();
    expect(utmeResultFromState({ ...result(), ranked: undefined }, EXAM)).toBeUndefined();
  });
});

describe('a result that cannot be read', () => {
  it('says no sitting was named when the address has none, and calls nothing', async () => {
    const api = setup(undefined);
    const store = createResultStore('');
    await store.init();
    expect(store.$result.get()).toMatchObject({ status: 'failed', retry: false });
    expect(api.calls).toEqual([]);
  });

  it('explains a sitting that is not the student’s, and one not handed in, without a retry', async () => {
    setup(undefined, [
      failed('UTME sitting not found', 404),
      failed('This UTME sitting has not been submitted yet.', 409),
    ]);
    const missing = createResultStore(`?exam=${EXAM}`);
    await missing.init();
    expect(missing.$result.get()).toEqual({
      status: 'failed',
      retry: false,
      message:
        'We could not find that mock sitting. It may belong to another account, or the address is wrong.',
    });

    const open = createResultStore(`?exam=${EXAM}`);
    await open.init();
    expect(open.$result.get()).toMatchObject({ status: 'failed', retry: false });
    expect(open.$result.get()).toMatchObject({ message: expect.stringContaining('not been handed in') });
  });

  it('offers Retry after a lost connection, and Retry shows the result', async () => {
    setup(undefined, [failed('We could not reach the server.', 0), success(result())]);
    const store = createResultStore(`?exam=${EXAM}`);
    await store.init();
    expect(store.$result.get()).toEqual({
      status: 'failed',
      retry: true,
      message: 'We could not reach the server.',
    });
    await store.retry();
    expect(store.$result.get()).toEqual({ status: 'ready', data: result() });
  });
});

describe('the subject review', () => {
  it('opens a subject’s questions, and ignores a place outside the result', async () => {
    setup(result());
    const store = createResultStore(`?exam=${EXAM}`);
    await store.init();
    store.showSection(2);
    expect(store.$section.get()).toBe(2);
    store.showSection(4);
    store.showSection(-1);
    expect(store.$section.get()).toBe(2);
  });
});

describe('the result in words', () => {
  it('says where the total stands, or that the student is the first', () => {
    expect(percentileLine({ percentile: 64, candidates: 25 })).toBe(
      'Better than 64% of students who have sat a mock',
    );
    expect(percentileLine({ percentile: 100, candidates: 0 })).toBe('You are the first to sit a mock');
    expect(comparedWithLine(1)).toBe('Compared with the ranked mocks of 1 other student.');
    expect(comparedWithLine(0)).toBeUndefined();
  });

  it('says whether the sitting is the one on the mock ranking', () => {
    const credit = { questions: 170, points: 230, seenBefore: 10, creditedBefore: 0 };
    expect(rankingLine({ ranked: true, credit, maxTotal: 400 })).toMatch(
      /^This mock is on the mock ranking with 230 \/ 400\. A question earns you ranking points only if .*Not counted: 10 questions you had already seen the answer to\./,
    );
    expect(rankingLine({ ranked: false, credit: null, maxTotal: 400 })).toMatch(/^A practice mock: /);
  });

  it('says how long the sitting took', () => {
    expect(timeUsed(84.4)).toBe('1 h 24 min');
    expect(timeUsed(120)).toBe('2 h');
    expect(timeUsed(38.2)).toBe('38 min');
    expect(timeUsed(0.3)).toBe('under a minute');
  });
});
