import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { textQuestion } from '../../../tests/support/quiz-fixture.ts';
import { failed, fakeApi, success, testEnvironment } from '../../../tests/support/store-environment.ts';
import type { ContestLevelOutcome } from '../../lib/api/contest.ts';
import { contestApi, examApi } from '../../lib/api/endpoints.ts';
import type { ExamPayload, ExamQuestion, LifelineOutcome } from '../quiz/quiz-paper.ts';
import { createQuizStore } from '../quiz/quiz-store.ts';
import { callsTo, queued } from './contest-fixtures.ts';

// The quiz in its contest mode (/contest-play?id=…), against a stand-in API and a fake clock.

const START = Date.parse('2026-12-05T09:00:00.000Z');
const ok = <T>(data: T, message = '') => success(data, message);
const level1 = { params: { id: 'c1' } };

const question = (n: number): ExamQuestion => textQuestion(`q${n}`, `<p>Question ${n}</p>`);

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

/** The contest level's API; saving an answer succeeds. */
function levelApi() {
  return fakeApi().on(examApi.saveAnswer, () => ok(null));
}

function setup(api: ReturnType<typeof fakeApi>, search = '?id=c1') {
  const reported: unknown[] = [];
  // Where the quiz went, and whether it replaced the page in the history (it always does).
  const went: { path: string; replace: boolean | undefined }[] = [];
  const browser = testEnvironment({
    call: api.call,
    readSearch: () => search,
    reportFailure: (failure) => reported.push(failure),
    navigate: (path, _state, options) => went.push({ path, replace: options?.replace }),
  });
  return { store: createQuizStore('contest'), browser, reported, went };
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
    const api = levelApi().on(contestApi.level, queued(ok(level())));
    const { store } = await startLevel(api);
    expect(callsTo(api, contestApi.level)).toEqual([level1]);
    expect(store.$title.get()).toBe('Saturday Maths Challenge: Level 1 of 2');
    expect(store.$remaining.get()).toBe(300);
    expect(store.lifelinesPerLevel).toBe(1);
  });

  it('without a contest in the address, goes to the contests', async () => {
    const { store, went } = setup(levelApi(), '');
    store.init();
    await settle();
    expect(went).toEqual([{ path: '/contests', replace: true }]);
  });

  it('says why when no level is open, with the way back to the contest', async () => {
    const message = 'Level 1 opens at 10:00 West Africa Time.';
    const api = levelApi().on(contestApi.level, queued(failed(message, 409)));
    const { store } = setup(api);
    store.init();
    await settle();
    expect(store.$status.get()).toEqual({ status: 'blocked', message });
    expect(store.contestHref()).toBe('/contest?id=c1');
  });

  it('never swaps an empty level for the sample questions', async () => {
    const api = levelApi().on(contestApi.level, queued(ok(level({ questions: [] }))));
    const { store } = await startLevel(api);
    expect(store.$sample.get()).toBe(false);
    expect(store.$exam.get()?.questions).toEqual([]);
  });

  it('allows one lifeline in the level: the bar is spent after it and a second is never sent', async () => {
    const api = levelApi()
      .on(contestApi.level, queued(ok(level())))
      .on(examApi.lifeline, queued(ok(lifelineUsed('q1'))));
    const { store } = await startLevel(api);
    expect(store.$lifelinesSpent.get()).toBe(false);
    await store.lifeline('fifty-fifty');
    expect(store.$lifelinesSpent.get()).toBe(true);
    expect(store.$current.get().hidden).toEqual(new Set(['q1-c', 'q1-d']));

    store.choose('q1-a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.$index.get()).toBe(1);
    await store.lifeline('skip');
    expect(callsTo(api, examApi.lifeline)).toHaveLength(1);
  });

  it('a level resumed with its lifeline used keeps the bar spent', async () => {
    const used = { question: 'q2', kind: 'skip' as const, hiddenOptions: [] };
    const api = levelApi().on(contestApi.level, queued(ok(level({ lifelines: [used] }))));
    const { store } = await startLevel(api);
    expect(store.$lifelinesSpent.get()).toBe(true);
  });

  it('hands the level in to the contest and, with a next level, opens the play page again', async () => {
    const outcome: ContestLevelOutcome = {
      levelsDone: 1,
      next: { level: 2, endsAt: new Date(START + 10 * 60_000).toISOString() },
    };
    const api = levelApi()
      .on(contestApi.level, queued(ok(level())))
      .on(contestApi.handIn, queued(ok(outcome, 'Level 1 handed in')));
    const { store, browser, went } = await startLevel(api);
    store.choose('q1-b');
    store.openSubmit();
    await store.submit();
    expect(callsTo(api, contestApi.handIn)).toEqual([
      {
        ...level1,
        body: { exam: 'level-attempt-1', answers: [{ question: 'q1', option: 'q1-b' }] },
        quiet: true,
      },
    ]);
    expect(callsTo(api, examApi.submit)).toEqual([]);
    expect(went).toEqual([{ path: '/contest-play?id=c1', replace: true }]);
    expect(browser.toastsAfterNavigation).toEqual([{ message: 'Level 1 handed in', kind: 'success' }]);
  });

  it('after the last level goes back to the contest page', async () => {
    const api = levelApi()
      .on(contestApi.level, queued(ok(level())))
      .on(contestApi.handIn, queued(ok<ContestLevelOutcome>({ levelsDone: 2, next: null })));
    const { store, browser, went } = await startLevel(api);
    await store.submit();
    expect(went).toEqual([{ path: '/contest?id=c1', replace: true }]);
    expect(browser.toastsAfterNavigation).toEqual([
      { message: expect.stringContaining('Every level handed in'), kind: 'success' },
    ]);
  });

  it('hands the level in by itself when its time runs out', async () => {
    const api = levelApi()
      .on(contestApi.level, queued(ok(level())))
      .on(contestApi.handIn, queued(ok<ContestLevelOutcome>({ levelsDone: 1, next: null })));
    const { went } = await startLevel(api);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(callsTo(api, contestApi.handIn)).toHaveLength(1);
    expect(went).toEqual([{ path: '/contest?id=c1', replace: true }]);
  });

  it('a level the server has closed already opens the play page again, which asks where things stand', async () => {
    const api = levelApi()
      .on(contestApi.level, queued(ok(level())))
      .on(contestApi.handIn, queued(failed('This level was handed in already.', 409)));
    const { store, went, reported } = await startLevel(api);
    await store.submit();
    expect(reported).toEqual([]);
    expect(went).toEqual([{ path: '/contest-play?id=c1', replace: true }]);
  });
});
