import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiInTurn } from '../../../tests/support/api-in-turn.ts';
import { testEnvironment } from '../../../tests/support/store-environment.ts';
import { examApi } from '../../lib/api/endpoints.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { EXPIRED_MESSAGE, runKey } from '../offline/offline-attempt.ts';
import type { PaperStore, QueuedAttempt, StoredPaper } from '../offline/offline-papers.ts';
import type { AwardState } from '../results/result.ts';
import { type KeyValueStorage, memoryStorage } from './answer-queue.ts';
import { createQuizStore } from './quiz-store.ts';

const START = Date.parse('2026-03-02T09:00:00.000Z');
const OWNER = 'student-1';

const choice = {
  examType: { _id: 'waec', title: 'WAEC' },
  subject: { _id: 'maths', title: 'Mathematics' },
  year: { _id: 'y2019', title: '2019' },
};

/** A downloaded paper of three questions (the right option is always b), one with a diagram. */
function download(usableUntil = '2026-04-01T00:00:00.000Z'): StoredPaper {
  return {
    summary: {
      owner: OWNER,
      paperId: 'paper-1',
      version: 'v1',
      ...choice,
      duration: 2,
      questions: 3,
      bytes: 5000,
      downloadedAt: '2026-03-01T00:00:00.000Z',
      usableUntil,
    },
    questions: [1, 2, 3].map((n) => ({
      _id: `q${n}`,
      question: `<p>Question ${n}</p>`,
      questionType: n === 1 ? ('diagram' as const) : ('text' as const),
      file: n === 1 ? { url: '/bank/q1.png' } : null,
      options: ['a', 'b', 'c', 'd'].map((letter) => ({
        _id: `q${n}-${letter}`,
        option: `<p>${letter}</p>`,
        optionType: 'text' as const,
        file: null,
      })),
      answer: `q${n}-b`,
      explanation: `<p>Because of ${n}.</p>`,
    })),
    images: { '/bank/q1.png': new Blob(['png']) },
  };
}

/** The phone's store, in memory. */
function memoryStore(papers: StoredPaper[]) {
  const queue: QueuedAttempt[] = [];
  const store: PaperStore = {
    list: async (owner) => papers.filter((paper) => paper.summary.owner === owner).map((p) => p.summary),
    get: async (owner, id) =>
      papers.find((paper) => paper.summary.owner === owner && paper.summary.paperId === id),
    save: async () => undefined,
    remove: async () => undefined,
    queued: async () => [...queue],
    enqueue: async (attempt) => {
      queue.push(attempt);
    },
    dequeue: async () => undefined,
  };
  return { store, queue };
}

const unreachable = (): ApiResult<never> => ({
  ok: false,
  status: 0,
  message: 'We could not reach the server.',
});

/** The server cannot be reached: every paper asked for fails for want of a connection. */
const noNetwork = () => apiInTurn().answer(examApi.paper, unreachable());

function setup({
  papers = [download()],
  state = choice as unknown,
  api = noNetwork(),
  local = memoryStorage(),
} = {}) {
  const phone = memoryStore(papers);
  const revoked: string[] = [];
  let ids = 0;
  const navigate = vi.fn();
  testEnvironment({
    call: api.call,
    navigate,
    readNavigationState: () => state,
    openStorage: (kind: 'local' | 'session'): KeyValueStorage => (kind === 'local' ? local : memoryStorage()),
    isOnline: () => false,
    userId: () => OWNER,
    papers: () => phone.store,
    createObjectURL: (blob: Blob) => `blob:image-${blob.size}`,
    revokeObjectURL: (url: string) => void revoked.push(url),
    randomId: () => `client-${++ids}`,
  });
  const store = createQuizStore('exam');
  return { store, api, navigate, phone, revoked, local };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a downloaded paper taken with no network', () => {
  it('runs from the phone: the questions without their key, images from the phone, no lifelines', async () => {
    const { store, api } = setup();
    store.init();
    await settle();
    expect(store.$status.get()).toEqual({ status: 'ready' });
    expect(store.$offline.get()).toBe(true);
    expect(store.$title.get()).toBe('WAEC Mathematics 2019');
    const exam = store.$exam.get();
    expect(exam?.questions).toHaveLength(3);
    expect(exam?.questions[0]).not.toHaveProperty('answer');
    expect(exam?.questions[0]).not.toHaveProperty('explanation');
    expect(exam?.questions[0]?.file).toEqual({ url: 'blob:image-3' });
    expect(store.$remaining.get()).toBe(120);
    await store.lifeline('skip');
    expect(api.calls.map((call) => call.binding)).toEqual([examApi.paper]);
  });

  it('scores on the phone with +5, −2 and 0, queues the upload with real times, and goes to /award', async () => {
    const { store, api, navigate, phone, local } = setup();
    store.init();
    await settle();
    store.choose('q1-b');
    await vi.advanceTimersByTimeAsync(1000);
    store.choose('q2-a');
    await vi.advanceTimersByTimeAsync(29_000);
    store.openSubmit();
    await store.submit();

    expect(phone.queue).toEqual([
      {
        owner: OWNER,
        queuedAt: '2026-03-02T09:00:30.000Z',
        upload: {
          clientId: 'client-1',
          paperId: 'paper-1',
          startedAt: '2026-03-02T09:00:00.000Z',
          finishedAt: '2026-03-02T09:00:30.000Z',
          answers: [
            { question: 'q1', option: 'q1-b' },
            { question: 'q2', option: 'q2-a' },
          ],
        },
      },
    ]);
    const [path, award, options] = navigate.mock.calls[0] ?? [];
    expect(path).toBe('/award');
    expect(options).toEqual({ replace: true });
    const { result, offline } = award as AwardState;
    expect(offline).toBe(true);
    expect(result).toMatchObject({
      counted: false,
      score: 3,
      correctAnswer: 1,
      wrongAnswer: 1,
      unanswered: 1,
      totalQuestions: 3,
      scoreAccuracy: 33,
      timeSpent: 0.5,
    });
    expect(result.quizAnswers[0]).toMatchObject({
      questionId: 'q1',
      correctAnswer: '<p>b</p>',
      userAnswer: '<p>b</p>',
      isCorrect: true,
      explanation: '<p>Because of 1.</p>',
    });
    // Only the first GET went to the server: the answers never did.
    expect(api.calls).toHaveLength(1);
    expect(local.getItem(runKey(OWNER, 'paper-1'))).toBeNull();
  });

  it('resumes after a reload with the same attempt, its answers and its clock', async () => {
    const local = memoryStorage();
    const first = setup({ local });
    first.store.init();
    await settle();
    first.store.choose('q1-c');
    await vi.advanceTimersByTimeAsync(40_000);

    const again = setup({ local });
    again.store.init();
    await settle();
    expect(again.store.$answers.get()).toEqual({ q1: 'q1-c' });
    expect(again.store.$remaining.get()).toBe(80);
    again.store.openSubmit();
    await again.store.submit();
    expect(again.phone.queue[0]?.upload).toMatchObject({
      clientId: 'client-1',
      startedAt: '2026-03-02T09:00:00.000Z',
    });
  });

  it('submits by itself when the time runs out', async () => {
    const { store, phone, navigate } = setup();
    store.init();
    await settle();
    store.choose('q1-b');
    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    expect(phone.queue).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/award', expect.anything(), { replace: true });
  });

  it('lets the images go when the quiz is left', async () => {
    const { store, revoked } = setup();
    const dispose = store.init();
    await settle();
    dispose();
    expect(revoked).toEqual(['blob:image-3']);
  });

  it('asks to go online once the plan it was downloaded under has ended', async () => {
    const { store } = setup({ papers: [download('2026-03-01T12:00:00.000Z')] });
    store.init();
    await settle();
    expect(store.$status.get()).toEqual({ status: 'expired', message: EXPIRED_MESSAGE });
  });

  it('shows the usual offline screen for a paper that is not on the phone', async () => {
    const { store } = setup({ papers: [] });
    store.init();
    await settle();
    expect(store.$status.get()).toMatchObject({ status: 'offline' });
    expect(store.$offline.get()).toBe(false);
  });

  it('never shows another student’s download', async () => {
    const theirs = download();
    theirs.summary.owner = 'student-2';
    const { store } = setup({ papers: [theirs] });
    store.init();
    await settle();
    expect(store.$status.get()).toMatchObject({ status: 'offline' });
  });
});

describe('Take offline', () => {
  it('runs the downloaded paper without asking the server, even online', async () => {
    const { store, api } = setup({ state: { ...choice, offline: true } });
    store.init();
    await settle();
    expect(store.$offline.get()).toBe(true);
    expect(api.calls).toEqual([]);
  });

  it('takes an expired download online when the student asks', async () => {
    const { store, api } = setup({
      papers: [download('2026-03-01T12:00:00.000Z')],
      state: { ...choice, offline: true },
    });
    store.init();
    await settle();
    expect(store.$status.get().status).toBe('expired');
    expect(api.calls).toEqual([]);
    await store.loadOnline();
    expect(api.calls.map((call) => call.binding)).toEqual([examApi.paper]);
  });
});
