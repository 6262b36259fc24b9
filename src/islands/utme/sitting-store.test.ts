import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answeringApi, failed, offline, ok, textQuestion } from '../../../tests/support/quiz-fixture.ts';
import { testEnvironment } from '../../../tests/support/store-environment.ts';
import { examApi, utmeApi } from '../../lib/api/endpoints.ts';
import type { UtmeResult, UtmeSitting } from '../../lib/api/utme.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { PaymentCode } from '../../lib/errors.ts';
import { memoryStorage, queueKey, retryDelay } from '../quiz/answer-queue.ts';
import { flagsKey, positionKey } from '../quiz/navigator.ts';
import { AUTO_ADVANCE_MS } from '../quiz/quiz-answers.ts';
import type { BrowserHandlers } from '../shared/environment.ts';
import { createSittingStore } from './sitting-store.ts';

const START = Date.parse('2026-03-02T09:00:00.000Z');
const DURATION_S = 120 * 60;

const MATHS = '0b1f6c43-52a4-4c1e-9a0e-2f1d3c4b5a61';
const PHYSICS = '1c2a7d54-63b5-4d2f-8b1f-3a2e4d5c6b72';
const CHEMISTRY = '2d3b8e65-74c6-4e3a-9c2a-4b3f5e6d7c83';
const SEARCH = `?subjects=${MATHS},${PHYSICS},${CHEMISTRY}`;

const question = (id: string) => textQuestion(id);

/** A small sitting: Use of English with three questions, then two each in the three chosen subjects. */
const sitting = (overrides: Partial<UtmeSitting> = {}): UtmeSitting => ({
  _id: 'sitting-1',
  duration: 120,
  startedAt: new Date(START).toISOString(),
  endsAt: new Date(START + DURATION_S * 1000).toISOString(),
  serverTime: new Date(START).toISOString(),
  sections: [
    { subject: { _id: 'english', title: 'Use of English' }, questions: ['e1', 'e2', 'e3'].map(question) },
    { subject: { _id: MATHS, title: 'Mathematics' }, questions: ['m1', 'm2'].map(question) },
    { subject: { _id: PHYSICS, title: 'Physics' }, questions: ['p1', 'p2'].map(question) },
    { subject: { _id: CHEMISTRY, title: 'Chemistry' }, questions: ['c1', 'c2'].map(question) },
  ],
  answers: [],
  ranked: true,
  ...overrides,
});

const result: UtmeResult = {
  _id: 'sitting-1',
  total: 100,
  maxTotal: 400,
  percentile: 50,
  candidates: 2,
  credit: null,
  ranked: true,
  startedAt: new Date(START).toISOString(),
  submittedAt: new Date(START).toISOString(),
  timeSpent: 1,
  sections: [],
};

/** The stand-in API (tests/support): saving an answer succeeds unless a test tells it otherwise. */
const fakeApi = answeringApi;

interface SetupOptions {
  search?: string;
  local?: ReturnType<typeof memoryStorage>;
  session?: ReturnType<typeof memoryStorage>;
  online?: boolean;
}

function setup(api: ReturnType<typeof fakeApi>, options: SetupOptions = {}) {
  const local = options.local ?? memoryStorage();
  const session = options.session ?? memoryStorage();
  let online = options.online ?? true;
  let browser: BrowserHandlers | undefined;
  const stand = { reportFailure: vi.fn(), navigate: vi.fn(), toastAfterNavigation: vi.fn() };
  testEnvironment({
    ...stand,
    call: api.call,
    readSearch: () => options.search ?? SEARCH,
    openStorage: (kind) => (kind === 'local' ? local : session),
    isOnline: () => online,
    watchBrowser: (handlers: BrowserHandlers) => {
      browser = handlers;
      return () => undefined;
    },
  });
  const store = createSittingStore();
  /** The phone loses or regains its connection. */
  const setOnline = (value: boolean) => {
    online = value;
    if (value) browser?.online();
    else browser?.offline();
  };
  return { store, local, session, setOnline, ...stand };
}

/** Lets the fake API's answers and the store's awaits run, without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Opens the sitting and waits until it is on screen. */
async function open(api: ReturnType<typeof fakeApi>, options: SetupOptions = {}) {
  const screen = setup(api, options);
  screen.store.init();
  await settle();
  expect(screen.store.$status.get()).toEqual({ status: 'ready' });
  return screen;
}

const press = (store: ReturnType<typeof createSittingStore>, key: string) => store.handleKey({ key });
const where = (store: ReturnType<typeof createSittingStore>) => {
  const { question, index, total } = store.$current.get();
  return `${store.$sections.get()[store.$section.get()]?.subject.title} ${index + 1}/${total} ${question?._id}`;
};

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('opening the sitting', () => {
  it('fetches the whole sitting once, for the subjects in the address', async () => {
    const api = fakeApi().answer(utmeApi.sitting, ok(sitting()));
    const { store } = await open(api);
    expect(api.calls).toEqual([
      { binding: utmeApi.sitting, input: { query: { subjects: `${MATHS},${PHYSICS},${CHEMISTRY}` } } },
    ]);
    expect(where(store)).toBe('Use of English 1/3 e1');
    expect(
      store.$counts.get().map(({ subject, answered, total }) => `${subject.title} ${answered}/${total}`),
    ).toEqual(['Use of English 0/3', 'Mathematics 0/2', 'Physics 0/2', 'Chemistry 0/2']);
    expect(store.$remaining.get()).toBe(DURATION_S);

    // Moving between questions and subjects asks the server for nothing.
    store.goToSection(2);
    store.goTo(8);
    press(store, 'p');
    expect(where(store)).toBe('Chemistry 1/2 c1');
    expect(api.calls).toHaveLength(1);
  });

  it.each([
    ['without subjects', ''],
    ['with two subjects', `?subjects=${MATHS},${PHYSICS}`],
    ['with a subject twice', `?subjects=${MATHS},${MATHS},${PHYSICS}`],
  ])('goes back to /utme %s, asking the server nothing', async (_name, search) => {
    const api = fakeApi();
    const { store, navigate } = setup(api, { search });
    store.init();
    await settle();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/utme', undefined, { replace: true });
    expect(api.calls).toEqual([]);
    expect(store.$status.get()).toEqual({ status: 'leaving' });
  });

  it.each([
    [PaymentCode.subscriptionRequired, '/pricing'],
    [PaymentCode.subscriptionExpired, '/subscribe-now'],
  ])('a sitting refused with %s goes to %s', async (code, page) => {
    const api = fakeApi().answer(utmeApi.sitting, failed(402, 'Subscribe to sit the UTME mock', code));
    const { store, navigate } = setup(api);
    store.init();
    await settle();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(page, undefined, { replace: true });
    expect(store.$status.get()).toEqual({ status: 'leaving' });
  });

  it('shows why the server refused the subjects, and stays for the way back', async () => {
    const api = fakeApi().answer(utmeApi.sitting, failed(400, 'There is no JAMB subject with the id 0b1f….'));
    const { store, navigate } = setup(api);
    store.init();
    await settle();
    expect(store.$status.get()).toEqual({
      status: 'blocked',
      message: 'There is no JAMB subject with the id 0b1f….',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offers a retry when offline, and the retry starts the sitting', async () => {
    const api = fakeApi().answer(utmeApi.sitting, offline(), ok(sitting()));
    const { store } = setup(api);
    store.init();
    await settle();
    expect(store.$status.get()).toMatchObject({ status: 'offline' });
    await store.load();
    expect(store.$status.get()).toEqual({ status: 'ready' });
  });

  it('counts down from the server deadline, corrected by how far the phone clock is off', async () => {
    // The phone's clock runs ten minutes ahead of the server's, whose sitting has just started.
    const serverNow = START - 600_000;
    const api = fakeApi().answer(
      utmeApi.sitting,
      ok(
        sitting({
          serverTime: new Date(serverNow).toISOString(),
          startedAt: new Date(serverNow).toISOString(),
          endsAt: new Date(serverNow + DURATION_S * 1000).toISOString(),
        }),
      ),
    );
    const { store } = await open(api);
    expect(store.$remaining.get()).toBe(DURATION_S);
  });
});

describe('moving and answering', () => {
  it('A to D choose and stay on the question; E does nothing; N and P move freely, keeping the answer', async () => {
    const api = fakeApi().answer(utmeApi.sitting, ok(sitting()));
    const { store } = await open(api);

    expect(press(store, 'e')).toBe(false);
    expect(store.$answers.get()).toEqual({});
    expect(press(store, 'd')).toBe(true);
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS * 2);
    expect(where(store)).toBe('Use of English 1/3 e1');
    expect(store.$answers.get()).toEqual({ e1: 'e1-d' });

    // N needs no answer, and goes on from a subject's last question to the next subject's first.
    press(store, 'n');
    press(store, 'n');
    expect(where(store)).toBe('Use of English 3/3 e3');
    press(store, 'n');
    expect(where(store)).toBe('Mathematics 1/2 m1');
    press(store, 'b');
    // P goes back without taking the answer back, into the subject before too.
    press(store, 'p');
    expect(where(store)).toBe('Use of English 3/3 e3');
    press(store, 'n');
    expect(store.$current.get().selected).toBe('m1-b');
    expect(store.$answers.get()).toEqual({ e1: 'e1-d', m1: 'm1-b' });
    await settle();
    expect(api.bodies(examApi.saveAnswer)).toEqual([
      { exam: 'sitting-1', question: 'e1', option: 'e1-d' },
      { exam: 'sitting-1', question: 'm1', option: 'm1-b' },
    ]);
    expect(store.$counts.get().map(({ answered }) => answered)).toEqual([1, 1, 0, 0]);

    // N stops at the sitting's last question.
    store.goTo(7);
    press(store, 'n');
    press(store, 'n');
    expect(where(store)).toBe('Chemistry 2/2 c2');
    expect(store.$current.get().isLast).toBe(true);
  });

  it('a tab opens its subject where the student left it', async () => {
    const api = fakeApi().answer(utmeApi.sitting, ok(sitting()));
    const { store } = await open(api);
    store.goToSection(1);
    expect(where(store)).toBe('Mathematics 1/2 m1');
    press(store, 'n');
    store.goToSection(0);
    expect(where(store)).toBe('Use of English 1/3 e1');
    store.goToSection(1);
    expect(where(store)).toBe('Mathematics 2/2 m2');
  });

  it("numbers the navigator within the subject on screen, each button going to its question's place", async () => {
    const api = fakeApi().answer(utmeApi.sitting, ok(sitting()));
    const { store } = await open(api);
    store.goToSection(2);
    press(store, 'a');
    store.flag();
    const { items, summary } = store.$navigator.get();
    expect(
      items.map(({ index, number, status, flagged, current }) => [index, number, status, flagged, current]),
    ).toEqual([
      [5, 1, 'answered', true, true],
      [6, 2, 'unanswered', false, false],
    ]);
    expect(summary).toEqual({ answered: 1, unanswered: 1, flagged: 1 });
  });
});

describe('offline and resuming', () => {
  it('queues answers picked offline, and sends them when the connection returns', async () => {
    const api = fakeApi().answer(utmeApi.sitting, ok(sitting()));
    const { store, setOnline, local } = await open(api);
    setOnline(false);
    press(store, 'a');
    press(store, 'n');
    press(store, 'b');
    await settle();
    expect(store.$pendingLabel.get()).toBe('2 answers waiting to be sent');
    expect(api.inputs(examApi.saveAnswer)).toEqual([]);
    expect(JSON.parse(local.getItem(queueKey('sitting-1')) ?? '[]')).toHaveLength(2);

    setOnline(true);
    await settle();
    expect(api.inputs(examApi.saveAnswer)).toHaveLength(2);
    expect(store.$pendingLabel.get()).toBe('');
    expect(local.getItem(queueKey('sitting-1'))).toBeNull();
  });

  it("resumes with the server's answers and this phone's unsent ones, its flags, position and time", async () => {
    const local = memoryStorage({
      [queueKey('sitting-1')]: JSON.stringify([
        { question: 'p1', option: 'p1-c' },
        { question: 'e2', option: 'e2-a' },
      ]),
    });
    const session = memoryStorage({
      [flagsKey('sitting-1')]: JSON.stringify(['m2']),
      [positionKey('sitting-1')]: '6',
    });
    vi.setSystemTime(START + 30 * 60_000);
    const api = fakeApi().answer(
      utmeApi.sitting,
      ok(
        sitting({
          serverTime: new Date(START + 30 * 60_000).toISOString(),
          answers: [
            { question: 'e1', option: 'e1-b' },
            { question: 'e2', option: 'e2-d' },
          ],
        }),
      ),
    );
    const { store } = await open(api, { local, session });
    expect(store.$answers.get()).toEqual({ e1: 'e1-b', e2: 'e2-a', p1: 'p1-c' });
    expect(where(store)).toBe('Physics 2/2 p2');
    expect(store.$remaining.get()).toBe(DURATION_S - 30 * 60);
    store.goToSection(1);
    expect(store.$navigator.get().items.map((item) => item.flagged)).toEqual([false, true]);
    await settle();
    // The queued answers went out as the sitting came back.
    expect(api.bodies(examApi.saveAnswer)).toEqual([
      { exam: 'sitting-1', question: 'p1', option: 'p1-c' },
      { exam: 'sitting-1', question: 'e2', option: 'e2-a' },
    ]);
  });
});

describe('submitting', () => {
  it('S opens the dialog and R cancels it; Confirm waits for the queue, then sends every answer', async () => {
    let answerSave: (answer: ApiResult<null>) => void = () => undefined;
    const api = fakeApi()
      .answer(utmeApi.sitting, ok(sitting()))
      .answer(examApi.saveAnswer, new Promise((resolve) => (answerSave = resolve)), ok(null))
      .answer(utmeApi.submit, ok(result, 'UTME sitting submitted successfully'));
    const { store, navigate, toastAfterNavigation } = await open(api);
    press(store, 'c');
    store.goToSection(3);
    press(store, 'a');

    press(store, 's');
    expect(store.$confirmOpen.get()).toBe(true);
    // While the dialog is open, letters do nothing but R.
    expect(press(store, 'b')).toBe(false);
    press(store, 'r');
    expect(store.$confirmOpen.get()).toBe(false);
    press(store, 's');

    const submitted = store.submit();
    await settle();
    expect(api.inputs(utmeApi.submit)).toEqual([]);
    answerSave(ok(null));
    await submitted;
    expect(api.bodies(utmeApi.submit)).toEqual([
      {
        exam: 'sitting-1',
        answers: [
          { question: 'e1', option: 'e1-c' },
          { question: 'c1', option: 'c1-a' },
        ],
      },
    ]);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/utme/result?exam=sitting-1', result, {
      replace: true,
    });
    expect(toastAfterNavigation).toHaveBeenCalledWith('UTME sitting submitted successfully', 'success');
    expect(store.$status.get()).toEqual({ status: 'leaving' });
  });

  it('the dialog lists what is open in each subject; a listed question closes it and opens that question', async () => {
    const api = fakeApi().answer(
      utmeApi.sitting,
      ok(sitting({ answers: [{ question: 'm1', option: 'm1-a' }] })),
    );
    const { store } = await open(api);
    press(store, 'b');
    store.goToSection(2);
    store.flag();
    const listed = () =>
      store.$counts
        .get()
        .map(
          ({ subject, unansweredQuestions, flaggedQuestions }) =>
            `${subject.title}: ${unansweredQuestions.map((place) => place.number).join(' ')}` +
            (flaggedQuestions.length
              ? ` | flagged ${flaggedQuestions.map((place) => place.number).join(' ')}`
              : ''),
        );
    expect(listed()).toEqual([
      'Use of English: 2 3',
      'Mathematics: 2',
      'Physics: 1 2 | flagged 1',
      'Chemistry: 1 2',
    ]);

    press(store, 's');
    expect(store.$confirmOpen.get()).toBe(true);
    // While it is open, the quiz's keys neither answer nor move.
    for (const key of ['a', 'd', 'n', 'p', 's']) expect(press(store, key)).toBe(false);
    expect(where(store)).toBe('Physics 1/2 p1');
    expect(store.$answers.get()).toEqual({ e1: 'e1-b', m1: 'm1-a' });

    // Chemistry's question 2, listed at its place in the sitting: the dialog closes and its subject opens.
    const chemistry2 = store.$counts.get()[3]?.unansweredQuestions[1];
    expect(chemistry2).toEqual({ index: 8, number: 2 });
    store.jumpTo(chemistry2?.index ?? -1);
    expect(store.$confirmOpen.get()).toBe(false);
    expect(store.$section.get()).toBe(3);
    expect(where(store)).toBe('Chemistry 2/2 c2');
    expect(store.$navigator.get().items.find((item) => item.current)?.number).toBe(2);

    // Answered there, it leaves the list; the keys work again.
    press(store, 'c');
    expect(listed()[3]).toBe('Chemistry: 1');
    press(store, 'r');
    press(store, 's');
    expect(store.$confirmOpen.get()).toBe(true);
  });

  it('submits by itself when the time is up, trying again while the connection fails', async () => {
    const api = fakeApi()
      .answer(utmeApi.sitting, ok(sitting()))
      .answer(utmeApi.submit, offline(), ok(result));
    const { store, navigate, reportFailure, local } = await open(api);
    press(store, 'b');
    await vi.advanceTimersByTimeAsync(DURATION_S * 1000);
    expect(store.$timeUp.get()).toBe(true);
    expect(api.inputs(utmeApi.submit)).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    // Too late to pick.
    press(store, 'c');
    expect(store.$answers.get()).toEqual({ e1: 'e1-b' });

    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(api.inputs(utmeApi.submit)).toHaveLength(2);
    expect(reportFailure).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/utme/result?exam=sitting-1', result, {
      replace: true,
    });
    expect(local.getItem(queueKey('sitting-1'))).toBeNull();
  });

  it('submits at once a sitting whose time ran out while the student was away', async () => {
    const api = fakeApi()
      .answer(
        utmeApi.sitting,
        ok(sitting({ endsAt: new Date(START).toISOString(), answers: [{ question: 'm1', option: 'm1-d' }] })),
      )
      .answer(utmeApi.submit, ok(result));
    setup(api).store.init();
    await settle();
    expect(api.bodies(utmeApi.submit)).toEqual([
      { exam: 'sitting-1', answers: [{ question: 'm1', option: 'm1-d' }] },
    ]);
  });
});
