import { atom } from 'nanostores';
import { environment } from '../shared/environment.ts';
import type { ExamPayload } from './quiz-paper.ts';

/** Where an image of the paper stands: on its way, in the page's image cache, or failed (Retry shows). */
export type ImageStatus = 'loading' | 'loaded' | 'failed';

/**
 * At most this many preloads at once: on HTTP/1.1 a phone opens six connections to the site, and an
 * answer being saved should not queue behind a paper's diagrams.
 */
export const PRELOAD_CONCURRENCY = 3;

/**
 * Every image address of a paper, once each, in question order: each question's diagram, then its
 * options' images. The payload carries no answer key, so nothing here can give an answer away.
 */
export function imageUrlsOf(exam: Pick<ExamPayload, 'questions'>): string[] {
  const urls = new Set<string>();
  for (const question of exam.questions) {
    if (question.file) urls.add(question.file.url);
    for (const option of question.options) if (option.file) urls.add(option.file.url);
  }
  return [...urls];
}

/**
 * The images of the running quiz: all of them are fetched when the test starts, so a question reached
 * offline still shows its diagram; a failed one can be retried by hand, and every failed one is retried
 * when the connection returns. The environment's `loadImage` puts each in the page's image cache.
 */
export function createQuizImages() {
  const $status = atom<Readonly<Record<string, ImageStatus>>>({});
  // The loaded images stay referenced, or the browser may drop them from the page's cache.
  const kept = new Map<string, unknown>();
  const waiting: string[] = [];
  let running = 0;
  // Bumped by dispose(), so that a load finishing afterwards changes nothing.
  let generation = 0;

  function set(url: string, status: ImageStatus) {
    if ($status.get()[url] !== status) $status.set({ ...$status.get(), [url]: status });
  }

  async function fetchImage(url: string) {
    const started = generation;
    try {
      const image = await environment().loadImage(url);
      if (started !== generation) return;
      kept.set(url, image);
      set(url, 'loaded');
    } catch {
      if (started === generation) set(url, 'failed');
    }
  }

  function pump() {
    while (running < PRELOAD_CONCURRENCY && waiting.length > 0) {
      const url = waiting.shift() as string;
      running += 1;
      void fetchImage(url).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  /** Queues images to fetch, skipping any already loaded or on its way. */
  function enqueue(urls: readonly string[]) {
    for (const url of urls) {
      if ($status.get()[url] === 'loaded' || $status.get()[url] === 'loading') continue;
      set(url, 'loading');
      waiting.push(url);
    }
    pump();
  }

  /** Fetches every image of the paper: called once the test is on screen. */
  function preload(exam: Pick<ExamPayload, 'questions'>) {
    enqueue(imageUrlsOf(exam));
  }

  /** The student pressed Retry on a failed image. */
  function retry(url: string) {
    enqueue([url]);
  }

  /** The connection came back: every failed image is fetched again. */
  function retryFailed() {
    const failed = Object.entries($status.get()).filter(([, status]) => status === 'failed');
    enqueue(failed.map(([url]) => url));
  }

  /** The `<img>` on screen loaded: an image the preload had not reached yet, or a retried one. */
  function loaded(url: string) {
    set(url, 'loaded');
  }

  /** The `<img>` on screen failed (the preload had not reached it, or the page's cache dropped it). */
  function failed(url: string) {
    if ($status.get()[url] !== 'loading') set(url, 'failed');
  }

  /** The quiz is gone: the queue empties, late answers change nothing and the kept images are let go. */
  function dispose() {
    generation += 1;
    waiting.length = 0;
    kept.clear();
    $status.set({});
  }

  return { $status, preload, retry, retryFailed, loaded, failed, dispose };
}

export type QuizImages = ReturnType<typeof createQuizImages>;
