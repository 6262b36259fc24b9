import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuizResult } from '../../lib/api/exam.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { request } from '../../lib/client/api.ts';
import type { QuizAnswer } from './result.ts';
import { createReviewStore, examFromAddress } from './review-store.ts';

// /review-answers' store opened two ways: with the answers handed over by /award (navigation state), and
// by its address alone (/review-answers?exam=<id>, a link from /profile's "My tests"), with a stand-in for
// the API client and the browser's address, history and session storage.
vi.mock('../../lib/client/api.ts', () => ({ request: vi.fn() }));

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

/** Opens the page at an address, with navigation state stored for it when given. */
function openAt(search: string, state?: unknown) {
  const stored = new Map<string, string>();
  if (state !== undefined) stored.set('nav:state:k1', JSON.stringify(state));
  vi.stubGlobal('location', {
    search,
    pathname: '/review-answers',
    href: `http://app.test/review-answers${search}`,
  });
  vi.stubGlobal('history', { state: state === undefined ? null : { navKey: 'k1' }, replaceState: vi.fn() });
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
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
    openAt('?exam=attempt-1');
    vi.mocked(request).mockResolvedValue(result({ quizAnswers: [answer(1), answer(2)] }) as never);
    const store = createReviewStore();
    expect(store.$view.get()).toMatchObject({ loading: true, answers: [] });
    store.init();
    await vi.waitFor(() => expect(store.$view.get().answers).toHaveLength(2));
    expect(request).toHaveBeenCalledWith('GET', '/api/v1/exam/result', { query: { exam: 'attempt-1' } });
    expect(store.$view.get()).toMatchObject({ sample: false, answersOpenAt: null });
    expect(store.$view.get().loading).toBeFalsy();
  });

  it('keeps a daily test’s answers withheld until its day ends, then reads them again', async () => {
    openAt('?exam=attempt-1');
    const opensAt = '2026-03-02T23:00:00.000Z';
    vi.mocked(request).mockResolvedValueOnce(
      result({ kind: 'daily', answersOpenAt: opensAt, quizAnswers: [answer(1, true)] }) as never,
    );
    const store = createReviewStore();
    store.init();
    await vi.waitFor(() => expect(store.$view.get().answersOpenAt).toBe(opensAt));
    expect(store.$view.get().answers[0]).toMatchObject({ correctAnswer: null, explanation: null });

    vi.mocked(request).mockResolvedValueOnce(result({ kind: 'daily' }) as never);
    await vi.advanceTimersByTimeAsync(11 * 3_600_000);
    expect(request).toHaveBeenCalledTimes(2);
    expect(store.$view.get()).toMatchObject({
      answersOpenAt: null,
      answers: [{ correctAnswer: '<p>B</p>' }],
    });
  });

  it('says what failed instead of "no answers", and Try again reads again', async () => {
    openAt('?exam=attempt-1');
    vi.mocked(request).mockResolvedValueOnce({
      ok: false,
      status: 404,
      message: 'This test does not exist.',
    });
    const store = createReviewStore();
    store.init();
    await vi.waitFor(() => expect(store.$view.get().error).toBe('This test does not exist.'));
    expect(store.$view.get().loading).toBe(false);

    vi.mocked(request).mockResolvedValueOnce(result() as never);
    store.retry();
    expect(store.$view.get()).toMatchObject({ loading: true, error: undefined });
    await vi.waitFor(() => expect(store.$view.get().answers).toHaveLength(1));
  });

  it('asks for nothing when the address names no test and nothing was handed over', () => {
    openAt('');
    const store = createReviewStore();
    store.init();
    expect(store.$view.get()).toMatchObject({ answers: [], loading: false });
    expect(request).not.toHaveBeenCalled();
  });
});

describe('the review store opened from /award', () => {
  it('shows the answers handed over, whatever the address says', () => {
    openAt('?exam=someone-elses', { quizAnswers: [answer(1)], exam: 'attempt-1', answersOpenAt: null });
    const store = createReviewStore();
    store.init();
    expect(store.$view.get()).toMatchObject({ answers: [{ questionId: 'q1' }], loading: false });
    expect(request).not.toHaveBeenCalled();
  });
});
