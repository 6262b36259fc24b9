import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answeringApi, failed, offline, ok, textQuestion } from '../../../tests/support/quiz-fixture.ts';
import { testEnvironment } from '../../../tests/support/store-environment.ts';
import { examApi, masteryApi } from '../../lib/api/endpoints.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { PaymentCode } from '../../lib/errors.ts';
import type { QuizResult } from '../results/result.ts';
import { retryDelay } from './answer-queue.ts';
import { AUTO_ADVANCE_MS } from './quiz-answers.ts';
import type { ExamPayload, ExamQuestion } from './quiz-paper.ts';
import { createQuizStore } from './quiz-store.ts';

const START = Date.parse('2026-03-02T09:00:00.000Z');
const DURATION_S = 60;

const question = (n: number): ExamQuestion => textQuestion(`q${n}`, `<p>Question ${n}</p>`);

/** An attempt of three questions, started now, with a minute to go. */
const attempt = (overrides: Partial<ExamPayload> = {}): ExamPayload => ({
  _id: 'attempt-1',
  kind: 'exam',
  duration: 1,
  startedAt: new Date(START).toISOString(),
  endsAt: new Date(START + DURATION_S * 1000).toISOString(),
  serverTime: new Date(START).toISOString(),
  submitted: false,
  heading: { examType: 'JAMB', subject: 'Mathematics', year: '2020' },
  questions: [question(1), question(2), question(3)],
  answers: [],
  lifelines: [],
  ...overrides,
});

const result: QuizResult = {
  _id: 'attempt-1',
  kind: 'exam',
  counted: true,
  credit: null,
  answersOpenAt: null,
  score: 5,
  totalQuestions: 3,
  correctAnswer: 1,
  wrongAnswer: 0,
  unanswered: 2,
  scoreAccuracy: 33,
  timeSpent: 1,
  quizAnswers: [],
};

/** The navigation state /select-exam hands to /test. */
const paperState = {
  examType: { _id: 'jamb', title: 'JAMB' },
  subject: { _id: 'maths', title: 'Mathematics' },
  year: { _id: '2020', title: '2020' },
};

/** The stand-in API (tests/support): saving an answer succeeds unless a test tells it otherwise. */
const fakeApi = answeringApi;

function setup(api: ReturnType<typeof fakeApi>, { mode = 'exam' as 'exam' | 'daily', state = {} } = {}) {
  const browser = {
    reportFailure: vi.fn(),
    navigate: vi.fn(),
    toastAfterNavigation: vi.fn(),
    showErrors: vi.fn(),
  };
  testEnvironment({ call: api.call, readNavigationState: () => state, ...browser });
  const store = createQuizStore(mode);
  return { store, ...browser };
}

/** Lets the fake API's answers and the store's awaits run, without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Starts a paper with the given attempt and waits until it is on screen. */
async function startPaper(api: ReturnType<typeof fakeApi>) {
  const quiz = setup(api, { state: paperState });
  quiz.store.init();
  await settle();
  expect(quiz.store.$status.get()).toEqual({ status: 'ready' });
  return quiz;
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('time up', () => {
  it('submits once by itself when the countdown reaches zero, with the answers picked in time', async () => {
    let answerSubmit: (answer: ApiResult<QuizResult>) => void = () => undefined;
    const api = fakeApi()
      .answer(examApi.paper, ok(attempt()))
      .answer(examApi.submit, new Promise((resolve) => (answerSubmit = resolve)));
    const { store, navigate } = await startPaper(api);

    store.choose('q1-b');
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS);
    expect(store.$index.get()).toBe(1);
    await vi.advanceTimersByTimeAsync((DURATION_S - 2) * 1000);
    expect(api.inputs(examApi.submit)).toHaveLength(0);

    // The last tick: the time is up and the store submits without asking.
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.$timeUp.get()).toBe(true);
    // A pick after the time is up is refused.
    store.choose('q2-c');
    expect(store.$answers.get()).toEqual({ q1: 'q1-b' });
    await settle();
    expect(api.bodies(examApi.submit)).toEqual([
      { exam: 'attempt-1', answers: [{ question: 'q1', option: 'q1-b' }], timeSpent: 1 },
    ]);
    expect(api.bodies(examApi.saveAnswer)).toEqual([{ exam: 'attempt-1', question: 'q1', option: 'q1-b' }]);

    answerSubmit(ok(result, 'Submitted'));
    await settle();
    expect(navigate).toHaveBeenCalledWith('/award', expect.objectContaining({ result }), { replace: true });

    // The countdown goes on ticking at zero, and never submits again.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.inputs(examApi.submit)).toHaveLength(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('submits the daily test to its own endpoint with the subject', async () => {
    const api = fakeApi()
      .answer(examApi.daily, ok(attempt({ kind: 'daily' })))
      .answer(examApi.submitDaily, ok({ ...result, kind: 'daily' }));
    const { store, navigate } = setup(api, { mode: 'daily', state: { subject: paperState.subject } });
    store.init();
    await settle();
    store.choose('q1-a');
    await vi.advanceTimersByTimeAsync(DURATION_S * 1000);
    expect(api.bodies(examApi.submitDaily)).toEqual([
      { subject: 'maths', answers: [{ question: 'q1', option: 'q1-a' }], timeSpent: 1 },
    ]);
    expect(navigate).toHaveBeenCalledWith('/award', expect.anything(), { replace: true });
  });
});

describe('a topic practice', () => {
  const topicState = {
    topicPractice: { subject: { slug: 'mathematics', title: 'Mathematics' }, topic: 'Surds' },
  };
  const heading = { examType: 'Topic practice', subject: 'Mathematics', year: '', topic: 'Surds' };

  it('starts from /exam/topic, is titled by its topic and is submitted by its attempt', async () => {
    const api = fakeApi()
      .answer(masteryApi.topic, ok(attempt({ kind: 'topic', heading })))
      .answer(examApi.submit, ok({ ...result, kind: 'topic', counted: false }));
    const { store, navigate } = setup(api, { state: topicState });
    store.init();
    await settle();
    expect(store.$title.get()).toBe('Mathematics › Surds (practice)');
    store.choose('q1-b');
    await vi.advanceTimersByTimeAsync(DURATION_S * 1000);
    expect(api.bodies(examApi.submit)).toEqual([
      { exam: 'attempt-1', answers: [{ question: 'q1', option: 'q1-b' }], timeSpent: 1 },
    ]);
    expect(navigate).toHaveBeenCalledWith(
      '/award',
      expect.objectContaining({ title: 'Mathematics › Surds (practice)' }),
      { replace: true },
    );
  });

  it('goes back to /profile with the reason when the topic cannot start', async () => {
    const api = fakeApi().answer(
      masteryApi.topic,
      failed(404, 'There are no questions on "Surds" in Mathematics.'),
    );
    const { store, navigate, toastAfterNavigation } = setup(api, { state: topicState });
    store.init();
    await settle();
    expect(toastAfterNavigation).toHaveBeenCalledWith(
      'There are no questions on "Surds" in Mathematics.',
      'error',
    );
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/profile', undefined, { replace: true });
  });
});

describe('a submission that fails for lack of a connection', () => {
  it('brings Submit back with the error, and the retry submits', async () => {
    const api = fakeApi()
      .answer(examApi.paper, ok(attempt()))
      .answer(examApi.submit, offline(), ok(result, 'Submitted'));
    const { store, navigate, reportFailure } = await startPaper(api);
    store.choose('q1-d');

    store.openSubmit();
    expect(store.$confirmOpen.get()).toBe(true);
    await store.submit();
    expect(reportFailure).toHaveBeenCalledWith(expect.objectContaining({ ok: false, status: 0 }));
    expect(store.$submitting.get()).toBe(false);
    expect(store.$confirmOpen.get()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();

    store.openSubmit();
    expect(store.$confirmOpen.get()).toBe(true);
    await store.submit();
    const submits = api.bodies(examApi.submit);
    expect(submits).toHaveLength(2);
    expect(submits[1]).toEqual(submits[0]);
    expect(submits[1]).toMatchObject({ answers: [{ question: 'q1', option: 'q1-d' }] });
    expect(navigate).toHaveBeenCalledWith('/award', expect.objectContaining({ result }), { replace: true });
  });

  it('once the time is up, tries again by itself without an error, until the server has it', async () => {
    const api = fakeApi()
      .answer(examApi.paper, ok(attempt()))
      .answer(examApi.submit, offline(), offline(), ok(result));
    const { store, navigate, reportFailure } = await startPaper(api);
    store.choose('q1-a');
    await vi.advanceTimersByTimeAsync(DURATION_S * 1000);
    expect(api.inputs(examApi.submit)).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(retryDelay(2));
    expect(api.inputs(examApi.submit)).toHaveLength(3);
    expect(reportFailure).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/award', expect.objectContaining({ result }), { replace: true });
  });

  it('shows a refusal once the time is up, rather than sending it again', async () => {
    const api = fakeApi()
      .answer(examApi.paper, ok(attempt()))
      .answer(examApi.submit, failed(400, 'This attempt has already been submitted'));
    const { reportFailure } = await startPaper(api);
    await vi.advanceTimersByTimeAsync(DURATION_S * 1000);
    expect(reportFailure).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }));
  });
});

describe('Previous', () => {
  it('stays on a question flagged just after its answer was picked', async () => {
    const api = fakeApi().answer(examApi.paper, ok(attempt()));
    const { store } = await startPaper(api);
    store.choose('q1-a');
    store.flag();
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS * 2);
    expect(store.$index.get()).toBe(0);
    store.next();
    expect(store.$index.get()).toBe(1);
  });

  it('clears the answer on the server (option null) and leaves it out of the submission', async () => {
    const api = fakeApi().answer(examApi.paper, ok(attempt())).answer(examApi.submit, ok(result));
    const { store } = await startPaper(api);
    store.choose('q1-a');
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS);
    store.choose('q2-b');
    store.previous();
    await settle();

    expect(store.$index.get()).toBe(0);
    expect(store.$answers.get()).toEqual({ q1: 'q1-a' });
    expect(api.bodies(examApi.saveAnswer)).toEqual([
      { exam: 'attempt-1', question: 'q1', option: 'q1-a' },
      { exam: 'attempt-1', question: 'q2', option: 'q2-b' },
      { exam: 'attempt-1', question: 'q2', option: null },
    ]);
    // The pending move to question 3 was cancelled.
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS);
    expect(store.$index.get()).toBe(0);

    store.openSubmit();
    await store.submit();
    expect(api.bodies(examApi.submit)[0]).toMatchObject({
      answers: [{ question: 'q1', option: 'q1-a' }],
    });
  });

  it('sends nothing from an unanswered question', async () => {
    const api = fakeApi().answer(examApi.paper, ok(attempt()));
    const { store } = await startPaper(api);
    store.goTo(2);
    store.previous();
    await settle();
    expect(store.$index.get()).toBe(1);
    expect(api.inputs(examApi.saveAnswer)).toEqual([]);
  });
});

describe('402 payment required', () => {
  it.each([
    [PaymentCode.subscriptionRequired, '/pricing'],
    [PaymentCode.subscriptionExpired, '/subscribe-now'],
  ])('a paper refused with %s goes to %s', async (code, page) => {
    const api = fakeApi().answer(examApi.paper, failed(402, 'Subscribe to take this paper', code));
    const { store, navigate } = setup(api, { state: paperState });
    store.init();
    await settle();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(page, undefined, { replace: true });
    expect(store.$status.get()).toEqual({ status: 'leaving' });
  });

  it('tells the student why a subscription is needed on the plans page', async () => {
    const api = fakeApi().answer(
      examApi.paper,
      failed(402, 'Subscribe to take this paper', PaymentCode.subscriptionRequired),
    );
    const { store, toastAfterNavigation } = setup(api, { state: paperState });
    store.init();
    await settle();
    expect(toastAfterNavigation).toHaveBeenCalledWith('Subscribe to take this paper', 'info');
  });

  it(`a lifeline refused with ${PaymentCode.insufficientCoins} goes to /out-of-coin`, async () => {
    const api = fakeApi()
      .answer(examApi.paper, ok(attempt()))
      .answer(examApi.lifeline, failed(402, 'You need 4 coins', PaymentCode.insufficientCoins));
    const { store, navigate, reportFailure } = await startPaper(api);
    await store.lifeline('fifty-fifty');
    expect(api.bodies(examApi.lifeline)).toEqual([
      { exam: 'attempt-1', question: 'q1', kind: 'fifty-fifty' },
    ]);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/out-of-coin');
    expect(reportFailure).not.toHaveBeenCalled();
    expect(store.$current.get().lifeline).toBeUndefined();
  });
});

describe('loading', () => {
  it('offers a retry when offline, and the retry starts the quiz', async () => {
    const api = fakeApi().answer(examApi.paper, offline(), ok(attempt()));
    const { store, navigate } = setup(api, { state: paperState });
    store.init();
    await settle();
    expect(store.$status.get()).toMatchObject({ status: 'offline' });
    await store.load();
    expect(store.$status.get()).toEqual({ status: 'ready' });
    expect(store.$title.get()).toBe('JAMB Mathematics 2020');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes home without navigation state, and asks the server for nothing', async () => {
    const api = fakeApi();
    const { store, navigate } = setup(api);
    store.init();
    await settle();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/', undefined, { replace: true });
    expect(api.calls).toEqual([]);
  });

  it('resumes with the saved answers, and submits at once an attempt whose time ran out while away', async () => {
    const api = fakeApi()
      .answer(
        examApi.paper,
        ok(attempt({ answers: [{ question: 'q2', option: 'q2-c' }], endsAt: new Date(START).toISOString() })),
      )
      .answer(examApi.submit, ok(result));
    setup(api, { state: paperState }).store.init();
    await settle();
    expect(api.bodies(examApi.submit)[0]).toMatchObject({
      answers: [{ question: 'q2', option: 'q2-c' }],
    });
  });
});
