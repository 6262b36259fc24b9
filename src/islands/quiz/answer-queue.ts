/**
 * The answers picked on this phone that the server has not confirmed yet. Each answer is written here
 * before it is sent, so a dropped connection, a closed tab or a reload loses nothing: the queue lives in
 * localStorage per attempt and is sent when the connection returns.
 */

import { ANSWER_QUEUE_PREFIX } from '../../lib/client/storage.ts';

/** One picked answer as PATCH /api/v1/exam/answer carries it; `option: null` clears a saved answer. */
export interface QueuedAnswer {
  question: string;
  option: string | null;
}

export type AnswerQueue = readonly QueuedAnswer[];

/** The part of the Web Storage API the quiz uses, so tests can hand in a plain object. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage kept in memory: the fallback where the browser's storage is blocked, and the tests' storage. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

/** Adds an answer, replacing any earlier one to the same question: only the latest pick matters. */
export function enqueue(queue: AnswerQueue, answer: QueuedAnswer): AnswerQueue {
  return [...queue.filter((entry) => entry.question !== answer.question), answer];
}

/**
 * Removes an answer the server has dealt with, unless the student picked another option for that question
 * while it was on its way: that newer pick still has to be sent.
 */
export function settle(queue: AnswerQueue, sent: QueuedAnswer): AnswerQueue {
  return queue.filter((entry) => entry.question !== sent.question || entry.option !== sent.option);
}

/** Forgets whatever is queued for a question (it was skipped or cleared). */
export function discard(queue: AnswerQueue, question: string): AnswerQueue {
  return queue.filter((entry) => entry.question !== question);
}

/** The answers to show on resume: the server's saved ones, with this phone's unsent picks on top. */
export function mergeAnswers(saved: readonly QueuedAnswer[], queue: AnswerQueue): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const entry of [...saved, ...queue]) {
    if (entry.option === null) delete answers[entry.question];
    else answers[entry.question] = entry.option;
  }
  return answers;
}

/** Whether a failed save is worth sending again: no connection, a server error or a rate limit. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The wait before the next retry: 5 s, doubling after each failure, at most a minute. */
export function retryDelay(failures: number): number {
  return Math.min(5000 * 2 ** Math.max(0, failures - 1), 60_000);
}

/** "1 answer waiting to be sent", "3 answers waiting to be sent"; '' when nothing waits. */
export function pendingLabel(count: number): string {
  if (count <= 0) return '';
  return `${count} ${count === 1 ? 'answer' : 'answers'} waiting to be sent`;
}

/** Where an attempt's queue is kept in localStorage. */
export function queueKey(attemptId: string): string {
  return `${ANSWER_QUEUE_PREFIX}${attemptId}`;
}

function isAnswer(value: unknown): value is QueuedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { question, option } = value as Record<string, unknown>;
  return typeof question === 'string' && question !== '' && typeof option === 'string' && option !== '';
}

/** The stored queue of an attempt; anything unreadable counts as empty. */
export function loadQueue(storage: KeyValueStorage | undefined, attemptId: string): AnswerQueue {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(queueKey(attemptId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isAnswer).reduce<AnswerQueue>(enqueue, []) : [];
  } catch {
    return [];
  }
}

/** Stores the queue (removing the key when it is empty). A full or blocked storage keeps it in memory only. */
export function saveQueue(storage: KeyValueStorage | undefined, attemptId: string, queue: AnswerQueue): void {
  try {
    if (queue.length === 0) storage?.removeItem(queueKey(attemptId));
    else storage?.setItem(queueKey(attemptId), JSON.stringify(queue));
  } catch {
    // Private mode or a full storage: the answers still go out while the page stays open.
  }
}
