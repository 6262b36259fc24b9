import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failed, fakeApi, testEnvironment } from '../../../tests/support/store-environment.ts';
import { examApi } from '../../lib/api/endpoints.ts';
import type { QuizResult } from '../../lib/api/exam.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import type { QuizAnswer } from './result.ts';
import { createReviewStore, examFromAddress } from './review-store.ts';

// /review-answers' store opened two ways: with the answers handed over by /award (navigation state), and
// by its address alone (/review-answers?exam=<id>, a link from /profile's "My tests"), with a stand-in API
// and the browser's address and navigation state.

const answer = (n: number, withheld = false): QuizAnswer => ({
  questionId: `q${n}`,
  question: `<p>Question ${n}</p>`,
  userAnswer: '<p>A</p>',
  correctAnswer: withheld ? null : '<p>B</p>',
  isCorrect: false,
  explanation: withheld ? null : '<p>Because.</p>',
});

function result(overrides: Partial<QuizResult> = {}): ApiResult<QuizResult> {
  return {
    ok: true,
    message: '',
    data: {
      _id: 'attempt-1',
      kind: 'exam',
      counted: false,
      credit: null,
      answersOpenAt: null,
      score: -2,
      totalQuestions: 1,
      correctAnswer: 0,
      wrongAnswer: 1,
      unanswered: 0,
      scoreAccuracy: 0,
      timeSpent: 1,
      quizAnswers: [answer(1)],
      ...overrides,
    },
  };
}

/**
 * Opens the page at an address, with navigation state when given; the API answers `answers` in turn.
 * Returns the record of what the store asked the API.
 */
function openAt(search: string, state?: unknown, ...answers: ApiResult<QuizResult>[]) {
  const api = fakeApi().on(examApi.result, () => {
    const answer = answers.shift();
    if (!answer) throw new Error('the test gave no more answers');
    return answer;
  });
  testEnvironment({ call: api.call, readSearch: () => search, readNavigationState: () => state });
  return {
    api,
    /** Gives the API its next answer. */
    answerNext: (answer: ApiResult<QuizResult>) => answers.push(answer),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('examFromAddress', () => {
  it('reads the exam named by the query, and nothing from an address without one', () => {
    expect(examFromAddress('?exam=abc-123')).toBe('abc-123');
    expect(examFromAddress('?exam=')).toBeUndefined();
    expect(examFromAddress('')).toBeUndefined();
  });
});

describe('the review store opened by its address', () => {
  it('reads the named test’s result and shows its answers', async () => {
    const { api } = openAt('?exam=attempt-1', undefined, result({ quizAnswers: [answer(1), answer(2)] }));
    const store = createReviewStore();
    expect(store.$view.get()).toMatchObject({ loading: true, answers: [] });
    store.init();
    await vi.waitFor(() => expect(store.$view.get().answers).toHaveLength(2));
    expect(api.calls).toEqual([{ binding: examApi.result, input: { query: { exam: 'attempt-1' } } }]);
    expect(store.$view.get()).toMatchObject({ sample: false, answersOpenAt: null });
    expect(store.$view.get().loading).toBeFalsy();
  });

  it('keeps a daily test’s answers withheld until its day ends, then reads them again', async () => {
    const opensAt = '2026-03-02T23:00:00.000Z';
    const { api, answerNext } = openAt(
      '?exam=attempt-1',
      undefined,
      result({ kind: 'daily', answersOpenAt: opensAt, quizAnswers: [answer(1, true)] }),
    );
    const store = createReviewStore();
    store.init();
    await vi.waitFor(() => expect(store.$view.get().answersOpenAt).toBe(opensAt));
    expect(store.$view.get().answers[0]).toMatchObject({ correctAnswer: null, explanation: null });

    answerNext(result({ kind: 'daily' }));
    await vi.advanceTimersByTimeAsync(11 * 3_600_000);
    expect(api.calls).toHaveLength(2);
    expect(store.$view.get()).toMatchObject({
      answersOpenAt: null,
      answers: [{ correctAnswer: '<p>B</p>' }],
    });
  });

  it('says what failed instead of "no answers", and Try again reads again', async () => {
    const { answerNext } = openAt('?exam=attempt-1', undefined, failed('This test does not exist.', 404));
    const store = createReviewStore();
    store.init();
    await vi.waitFor(() => expect(store.$view.get().error).toBe('This test does not exist.'));
    expect(store.$view.get().loading).toBe(false);

    answerNext(result());
    store.retry();
    expect(store.$view.get()).toMatchObject({ loading: true, error: undefined });
    await vi.waitFor(() => expect(store.$view.get().answers).toHaveLength(1));
  });

  it('asks for nothing when the address names no test and nothing was handed over', () => {
    const { api } = openAt('');
    const store = createReviewStore();
    store.init();
    expect(store.$view.get()).toMatchObject({ answers: [], loading: false });
    expect(api.calls).toEqual([]);
  });
});

describe('the review store opened from /award', () => {
  it('shows the answers handed over, whatever the address says', () => {
    const { api } = openAt('?exam=someone-elses', {
      quizAnswers: [answer(1)],
      exam: 'attempt-1',
      answersOpenAt: null,
    });
    const store = createReviewStore();
    store.init();
    expect(store.$view.get()).toMatchObject({ answers: [{ questionId: 'q1' }], loading: false });
    expect(api.calls).toEqual([]);
  });
});
