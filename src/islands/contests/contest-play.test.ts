import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContestLevelOutcome } from '../../lib/api/contest.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { memoryStorage } from '../quiz/answer-queue.ts';
import type { ExamPayload, ExamQuestion, LifelineOutcome } from '../quiz/exam.ts';
import type { BrowserHandlers, QuizDeps } from '../quiz/quiz-deps.ts';
import { createQuizStore } from '../quiz/quiz-store.ts';

// The quiz in its contest mode (/contest-play?id=…), against a fake API and clock.

const START = Date.parse('2026-12-05T09:00:00.000Z');
const LEVEL_PATH = '/api/v1/contest/c1/level';

const question = (n: number): ExamQuestion => ({
  _id: `q${n}`,
  question: `<p>Question ${n}</p>`,
  questionType: 'text',
  file: null,
  options: ['a', 'b', 'c', 'd'].map((letter) => ({
    _id: `q${n}-${letter}`,
    option: `<p>${letter}</p>`,
    optionType: 'text' as const,
    file: null,
  })),
});

/** Level 1 of 2: three questions and five minutes, started now. */
const level = (overrides: Partial<ExamPayload> = {}): ExamPayload => ({
  _id: 'level-attempt-1',
  kind: 'contest',
  duration: 5,
  startedAt: new Date(START).toISOString(),
  endsAt: new Date(START + 5 * 60_000).toISOString(),
  serverTime: new Date(START).toISOString(),
  submitted: false,
  heading: { examType: 'Saturday Maths Challenge', subject: 'Mathematics', year: 'Level 1 of 2' },
  questions: [question(1), question(2), question(3)],
  answers: [],
  lifelines: [],
  ...overrides,
});

type Answer = ApiResult<unknown>;
const ok = <T>(data: T, message = ''): ApiResult<T> => ({ ok: true, data, message });
const failed = (status: number, message: string): ApiResult<never> => ({ ok: false, status, message });

function fakeApi(answers: Record<string, Answer[]>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const queues: Record<string, Answer[]> = { 'PATCH /api/v1/exam/answer': [ok(null)], ...answers };
  const request = (async (method: string, path: string, options: { body?: unknown } = {}) => {
    calls.push({ method, path, body: options.body });
    const queue = queues[`${method} ${path}`];
    if (!queue?.length) throw new Error(`unexpected call ${method} ${path}`);
    return queue.length > 1 ? queue.shift() : queue[0];
  }) as QuizDeps['request'];
  const to = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { request, to };
}

function setup(api: ReturnType<typeof fakeApi>, search = '?id=c1') {
  const deps = {
    request: api.request,
    reportFailure: vi.fn(),
    navigate: vi.fn(),
    readNavigationState: () => undefined,
    readSearch: () => search,
    loadUser: async () => undefined,
    toastAfterNavigation: vi.fn(),
    showErrors: vi.fn(),
    openStorage: () => memoryStorage(),
    isOnline: () => true,
    watchBrowser: (_handlers: BrowserHandlers) => () => undefined,
  } satisfies Partial<QuizDeps>;
  return { store: createQuizStore('contest', deps), ...deps };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

async function startLevel(api: ReturnType<typeof fakeApi>) {
  const quiz = setup(api);
  quiz.store.init();
  await settle();
  expect(quiz.store.$status.get()).toEqual({ status: 'ready' });
  return quiz;
}

const lifelineUsed = (question: string): LifelineOutcome => ({
  kind: 'fifty-fifty',
  question,
  hiddenOptions: [`${question}-c`, `${question}-d`],
  triviaPoints: 76,
});

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the quiz in contest mode', () => {
  it('fetches the open level of the contest named in the address, titled by the contest and level', async () => {
    const api = fakeApi({ [`GET ${LEVEL_PATH}`]: [ok(level())] });
    const { store } = await startLevel(api);
    expect(api.to('GET', LEVEL_PATH)).toHaveLength(1);
    expect(store.$title.get()).toBe('Saturday Maths Challenge: Level 1 of 2');
    expect(store.$remaining.get()).toBe(300);
    expect(store.lifelinesPerLevel).toBe(1);
  });

  it('without a contest in the address, goes to the contests', async () => {
    const { store, navigate } = setup(fakeApi({}), '');
    store.init();
    await settle();
    expect(navigate).toHaveBeenCalledWith('/contests', undefined, { replace: true });
  });

  it('says why when no level is open, with the way back to the contest', async () => {
    const message = 'Level 1 opens at 10:00 West Africa Time.';
    const api = fakeApi({ [`GET ${LEVEL_PATH}`]: [failed(409, message)] });
    const { store } = setup(api);
    store.init();
    await settle();
    expect(store.$status.get()).toEqual({ status: 'blocked', message });
    expect(store.contestHref()).toBe('/contest?id=c1');
  });

  it('never swaps an empty level for the sample questions', async () => {
    const api = fakeApi({ [`GET ${LEVEL_PATH}`]: [ok(level({ questions: [] }))] });
    const { store } = await startLevel(api);
    expect(store.$sample.get()).toBe(false);
    expect(store.$exam.get()?.questions).toEqual([]);
  });

  it('allows one lifeline in the level: the bar is spent after it and a second is never sent', async () => {
    const api = fakeApi({
      [`GET ${LEVEL_PATH}`]: [ok(level())],
      'POST /api/v1/exam/lifeline': [ok(lifelineUsed('q1'))],
    });
    const { store } = await startLevel(api);
    expect(store.$lifelinesSpent.get()).toBe(false);
    await store.lifeline('fifty-fifty');
    expect(store.$lifelinesSpent.get()).toBe(true);
    expect(store.$current.get().hidden).toEqual(new Set(['q1-c', 'q1-d']));

    store.choose('q1-a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.$index.get()).toBe(1);
    await store.lifeline('skip');
    expect(api.to('POST', '/api/v1/exam/lifeline')).toHaveLength(1);
  });

  it('a level resumed with its lifeline used keeps the bar spent', async () => {
    const used = { question: 'q2', kind: 'skip' as const, hiddenOptions: [] };
    const api = fakeApi({ [`GET ${LEVEL_PATH}`]: [ok(level({ lifelines: [used] }))] });
    const { store } = await startLevel(api);
    expect(store.$lifelinesSpent.get()).toBe(true);
  });

  it('hands the level in to the contest and, with a next level, opens the play page again', async () => {
    const outcome: ContestLevelOutcome = {
      levelsDone: 1,
      next: { level: 2, endsAt: new Date(START + 10 * 60_000).toISOString() },
    };
    const api = fakeApi({
      [`GET ${LEVEL_PATH}`]: [ok(level())],
      [`POST ${LEVEL_PATH}`]: [ok(outcome, 'Level 1 handed in')],
    });
    const { store, navigate, toastAfterNavigation } = await startLevel(api);
    store.choose('q1-b');
    store.openSubmit();
    await store.submit();
    expect(api.to('POST', LEVEL_PATH).map((call) => call.body)).toEqual([
      { exam: 'level-attempt-1', answers: [{ question: 'q1', option: 'q1-b' }] },
    ]);
    expect(api.to('POST', '/api/v1/exam/answer')).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/contest-play?id=c1', undefined, { replace: true });
    expect(toastAfterNavigation).toHaveBeenCalledWith('Level 1 handed in', 'success');
  });

  it('after the last level goes back to the contest page', async () => {
    const api = fakeApi({
      [`GET ${LEVEL_PATH}`]: [ok(level())],
      [`POST ${LEVEL_PATH}`]: [ok<ContestLevelOutcome>({ levelsDone: 2, next: null })],
    });
    const { store, navigate, toastAfterNavigation } = await startLevel(api);
    await store.submit();
    expect(navigate).toHaveBeenCalledWith('/contest?id=c1', undefined, { replace: true });
    expect(toastAfterNavigation).toHaveBeenCalledWith(
      expect.stringContaining('Every level handed in'),
      'success',
    );
  });

  it('hands the level in by itself when its time runs out', async () => {
    const api = fakeApi({
      [`GET ${LEVEL_PATH}`]: [ok(level())],
      [`POST ${LEVEL_PATH}`]: [ok<ContestLevelOutcome>({ levelsDone: 1, next: null })],
    });
    const { navigate } = await startLevel(api);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(api.to('POST', LEVEL_PATH)).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/contest?id=c1', undefined, { replace: true });
  });

  it('a level the server has closed already opens the play page again, which asks where things stand', async () => {
    const api = fakeApi({
      [`GET ${LEVEL_PATH}`]: [ok(level())],
      [`POST ${LEVEL_PATH}`]: [failed(409, 'This level was handed in already.')],
    });
    const { store, navigate, reportFailure } = await startLevel(api);
    await store.submit();
    expect(reportFailure).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/contest-play?id=c1', undefined, { replace: true });
  });
});
