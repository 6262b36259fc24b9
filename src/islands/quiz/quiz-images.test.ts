import { describe, expect, it, vi } from 'vitest';
import { apiInTurn } from '../../../tests/support/api-in-turn.ts';
import { success, testEnvironment } from '../../../tests/support/store-environment.ts';
import { examApi } from '../../lib/api/endpoints.ts';
import type { BrowserHandlers } from '../shared/environment.ts';
import { createQuizImages, imageUrlsOf, PRELOAD_CONCURRENCY } from './quiz-images.ts';
import type { ExamPayload, ExamQuestion } from './quiz-paper.ts';
import { createQuizStore } from './quiz-store.ts';

/** A question with an optional diagram, and option images where `optionFiles` names them. */
const question = (n: number, file: string | null, optionFiles: (string | null)[] = []): ExamQuestion => ({
  _id: `q${n}`,
  question: `<p>Question ${n}</p>`,
  questionType: file ? 'diagram' : 'text',
  file: file ? { url: file } : null,
  options: ['a', 'b', 'c', 'd'].map((letter, index) => {
    const url = optionFiles[index] ?? null;
    return {
      _id: `q${n}-${letter}`,
      option: `<p>${letter}</p>`,
      optionType: url ? ('image' as const) : ('text' as const),
      file: url ? { url } : null,
    };
  }),
});

const paper = {
  questions: [
    question(1, null),
    question(2, '/bank/diagrams/graph.svg', [null, '/bank/diagrams/b.svg']),
    question(3, null),
    question(4, '/bank/diagrams/circle.svg'),
    // The same diagram again (two questions on one figure) is fetched once.
    question(5, '/bank/diagrams/graph.svg'),
  ],
};

/** Lets the store's awaits run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fake image loader whose loads the test finishes one by one. */
function fakeLoader() {
  const pending = new Map<string, { resolve: (image: unknown) => void; reject: (error: Error) => void }>();
  const calls: string[] = [];
  const loadImage = (url: string) =>
    new Promise<unknown>((resolve, reject) => {
      calls.push(url);
      pending.set(url, { resolve, reject });
    });
  /** Settles the load of `url` in flight; then lets the store's awaits run. */
  async function finish(url: string, outcome: 'load' | 'fail') {
    const load = pending.get(url);
    if (!load) throw new Error(`${url} is not loading`);
    pending.delete(url);
    if (outcome === 'load') load.resolve({ url });
    else load.reject(new Error('offline'));
    await settle();
  }
  return { loadImage, calls, pending, finish };
}

/** The quiz images, loading through `loader` (the environment's loadImage). */
function imagesWith(loader: ReturnType<typeof fakeLoader>) {
  testEnvironment({ loadImage: loader.loadImage });
  return createQuizImages();
}

describe('imageUrlsOf', () => {
  it('lists every question diagram and option image once, in question order', () => {
    expect(imageUrlsOf(paper)).toEqual([
      '/bank/diagrams/graph.svg',
      '/bank/diagrams/b.svg',
      '/bank/diagrams/circle.svg',
    ]);
  });

  it('is empty for a paper of text questions', () => {
    expect(imageUrlsOf({ questions: [question(1, null), question(2, null)] })).toEqual([]);
  });
});

describe('the quiz images', () => {
  it('fetches every image of the paper when preloaded, a few at a time', async () => {
    const many = { questions: Array.from({ length: 6 }, (_, n) => question(n, `/bank/diagrams/${n}.svg`)) };
    const loader = fakeLoader();
    const images = imagesWith(loader);

    images.preload(many);
    expect(loader.calls).toHaveLength(PRELOAD_CONCURRENCY);
    expect(Object.values(images.$status.get())).toEqual(Array(6).fill('loading'));

    await loader.finish('/bank/diagrams/0.svg', 'load');
    await loader.finish('/bank/diagrams/1.svg', 'fail');
    expect(loader.calls).toHaveLength(PRELOAD_CONCURRENCY + 2);
    for (const url of [...loader.pending.keys()]) await loader.finish(url, 'load');
    for (const url of [...loader.pending.keys()]) await loader.finish(url, 'load');
    expect(loader.calls).toHaveLength(6);
    expect(images.$status.get()).toMatchObject({
      '/bank/diagrams/0.svg': 'loaded',
      '/bank/diagrams/1.svg': 'failed',
      '/bank/diagrams/5.svg': 'loaded',
    });
  });

  it('does not fetch again an image that loaded or is on its way', async () => {
    const loader = fakeLoader();
    const images = imagesWith(loader);
    images.preload(paper);
    await loader.finish('/bank/diagrams/graph.svg', 'load');
    images.preload(paper);
    images.retry('/bank/diagrams/graph.svg');
    images.retryFailed();
    expect(loader.calls).toEqual([
      '/bank/diagrams/graph.svg',
      '/bank/diagrams/b.svg',
      '/bank/diagrams/circle.svg',
    ]);
  });

  it('fetches a failed image again when the student presses Retry', async () => {
    const loader = fakeLoader();
    const images = imagesWith(loader);
    images.preload(paper);
    await loader.finish('/bank/diagrams/circle.svg', 'fail');
    expect(images.$status.get()['/bank/diagrams/circle.svg']).toBe('failed');

    images.retry('/bank/diagrams/circle.svg');
    expect(images.$status.get()['/bank/diagrams/circle.svg']).toBe('loading');
    await loader.finish('/bank/diagrams/circle.svg', 'load');
    expect(images.$status.get()['/bank/diagrams/circle.svg']).toBe('loaded');
    expect(loader.calls.filter((url) => url === '/bank/diagrams/circle.svg')).toHaveLength(2);
  });

  it('fetches every failed image again, and only those, when asked to retry the failed ones', async () => {
    const loader = fakeLoader();
    const images = imagesWith(loader);
    images.preload(paper);
    await loader.finish('/bank/diagrams/graph.svg', 'fail');
    await loader.finish('/bank/diagrams/b.svg', 'load');
    await loader.finish('/bank/diagrams/circle.svg', 'fail');

    images.retryFailed();
    expect(loader.calls.slice(3)).toEqual(['/bank/diagrams/graph.svg', '/bank/diagrams/circle.svg']);
  });

  it('marks an image failed when its <img> fails, unless a fetch of it is still on its way', async () => {
    const loader = fakeLoader();
    const images = imagesWith(loader);
    images.preload(paper);
    images.failed('/bank/diagrams/circle.svg');
    expect(images.$status.get()['/bank/diagrams/circle.svg']).toBe('loading');

    await loader.finish('/bank/diagrams/circle.svg', 'load');
    images.failed('/bank/diagrams/circle.svg');
    expect(images.$status.get()['/bank/diagrams/circle.svg']).toBe('failed');
    images.loaded('/bank/diagrams/circle.svg');
    expect(images.$status.get()['/bank/diagrams/circle.svg']).toBe('loaded');
  });

  it('ignores loads that finish after the quiz is gone', async () => {
    const loader = fakeLoader();
    const images = imagesWith(loader);
    images.preload(paper);
    images.dispose();
    await loader.finish('/bank/diagrams/graph.svg', 'load');
    await loader.finish('/bank/diagrams/b.svg', 'fail');
    expect(images.$status.get()).toEqual({});
  });
});

describe('the quiz store and its images', () => {
  const attempt: ExamPayload = {
    _id: 'attempt-1',
    kind: 'exam',
    duration: 5,
    startedAt: new Date().toISOString(),
    endsAt: new Date(Date.now() + 300_000).toISOString(),
    serverTime: new Date().toISOString(),
    submitted: false,
    heading: { examType: 'JAMB', subject: 'Mathematics', year: '2020' },
    questions: paper.questions,
    answers: [],
    lifelines: [],
  };

  /** A quiz started on `attempt`, with the browser's connection events in the test's hands. */
  async function startQuiz() {
    const loader = fakeLoader();
    let browser: BrowserHandlers | undefined;
    testEnvironment({
      call: apiInTurn().answer(examApi.paper, success(attempt, '')).call,
      readNavigationState: () => ({
        examType: { _id: 'jamb', title: 'JAMB' },
        subject: { _id: 'maths', title: 'Mathematics' },
        year: { _id: '2020', title: '2020' },
      }),
      watchBrowser: (handlers) => {
        browser = handlers;
        return () => undefined;
      },
      setInterval: () => 0,
      clearInterval: () => undefined,
      loadImage: loader.loadImage,
    });
    const store = createQuizStore('exam');
    const dispose = store.init();
    await vi.waitFor(() => expect(store.$status.get()).toEqual({ status: 'ready' }));
    const online = () => browser?.online();
    return { store, loader, online, dispose };
  }

  it('fetches all the images of the paper as soon as the test starts, on question 1', async () => {
    const { store, loader, dispose } = await startQuiz();
    expect(store.$index.get()).toBe(0);
    expect(loader.calls).toEqual(imageUrlsOf(paper));
    dispose();
  });

  it('fetches the failed images again when the connection returns', async () => {
    const { store, loader, online, dispose } = await startQuiz();
    await loader.finish('/bank/diagrams/graph.svg', 'fail');
    await loader.finish('/bank/diagrams/b.svg', 'load');
    await loader.finish('/bank/diagrams/circle.svg', 'fail');
    expect(store.images.$status.get()['/bank/diagrams/circle.svg']).toBe('failed');

    online();
    expect(loader.calls.slice(3)).toEqual(['/bank/diagrams/graph.svg', '/bank/diagrams/circle.svg']);
    await loader.finish('/bank/diagrams/circle.svg', 'load');
    expect(store.images.$status.get()['/bank/diagrams/circle.svg']).toBe('loaded');
    dispose();
  });
});
