import { describe, expect, it } from 'vitest';
import {
  discard,
  enqueue,
  isRetryable,
  loadQueue,
  memoryStorage,
  mergeAnswers,
  pendingLabel,
  queueKey,
  retryDelay,
  saveQueue,
  settle,
} from './answer-queue.ts';

describe('the answer queue', () => {
  it('keeps only the latest pick per question, in the order picked', () => {
    let queue = enqueue([], { question: 'q1', option: 'a' });
    queue = enqueue(queue, { question: 'q2', option: 'c' });
    queue = enqueue(queue, { question: 'q1', option: 'b' });
    expect(queue).toEqual([
      { question: 'q2', option: 'c' },
      { question: 'q1', option: 'b' },
    ]);
  });

  it('settles a sent answer, but keeps a newer pick made while it was on its way', () => {
    const queue = [
      { question: 'q1', option: 'b' },
      { question: 'q2', option: 'c' },
    ];
    expect(settle(queue, { question: 'q2', option: 'c' })).toEqual([{ question: 'q1', option: 'b' }]);
    expect(settle(queue, { question: 'q1', option: 'a' })).toEqual(queue);
    expect(discard(queue, 'q1')).toEqual([{ question: 'q2', option: 'c' }]);
  });

  it('resumes with the saved answers and the unsent picks on top', () => {
    const saved = [
      { question: 'q1', option: 'a' },
      { question: 'q2', option: 'b' },
    ];
    const queue = [
      { question: 'q2', option: 'd' },
      { question: 'q3', option: 'c' },
    ];
    expect(mergeAnswers(saved, queue)).toEqual({ q1: 'a', q2: 'd', q3: 'c' });
  });

  it('lets a queued clear (option null) take back a saved answer', () => {
    const saved = [
      { question: 'q1', option: 'a' },
      { question: 'q2', option: 'b' },
    ];
    expect(mergeAnswers(saved, [{ question: 'q1', option: null }])).toEqual({ q2: 'b' });
  });

  it('retries network failures, server errors and rate limits, not refusals', () => {
    expect([0, 408, 429, 500, 503].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 409].some(isRetryable)).toBe(false);
  });

  it('waits 5 s before a retry, doubling up to a minute', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([5000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it('says how many answers wait', () => {
    expect(pendingLabel(0)).toBe('');
    expect(pendingLabel(1)).toBe('1 answer waiting to be sent');
    expect(pendingLabel(2)).toBe('2 answers waiting to be sent');
  });

  it('stores the queue per attempt and removes the key when it empties', () => {
    const storage = memoryStorage();
    saveQueue(storage, 'attempt-1', [{ question: 'q1', option: 'a' }]);
    expect(storage.items.get(queueKey('attempt-1'))).toBe('[{"question":"q1","option":"a"}]');
    expect(loadQueue(storage, 'attempt-1')).toEqual([{ question: 'q1', option: 'a' }]);
    expect(loadQueue(storage, 'attempt-2')).toEqual([]);
    saveQueue(storage, 'attempt-1', []);
    expect(storage.items.has(queueKey('attempt-1'))).toBe(false);
  });

  it('reads a damaged store as empty and skips malformed entries', () => {
    expect(loadQueue(memoryStorage({ [queueKey('x')]: '{oops' }), 'x')).toEqual([]);
    const mixed = JSON.stringify([{ question: 'q1', option: 'a' }, { question: 'q2' }, 'junk', null]);
    expect(loadQueue(memoryStorage({ [queueKey('x')]: mixed }), 'x')).toEqual([
      { question: 'q1', option: 'a' },
    ]);
    expect(loadQueue(undefined, 'x')).toEqual([]);
  });

  it('survives a storage that refuses to write', () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveQueue(full, 'x', [{ question: 'q1', option: 'a' }])).not.toThrow();
  });
});
