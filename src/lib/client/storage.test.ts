import { describe, expect, it } from 'vitest';
import { runKey } from '../../islands/offline/offline-attempt.ts';
import { queueKey } from '../../islands/quiz/answer-queue.ts';
import { AUTH_STORE_KEY, AUTH_TOKEN_KEY, clearAllButUnsentWork } from './storage.ts';

/** localStorage's interface over a Map, as Node has no localStorage. */
function mapStorage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

describe('clearAllButUnsentWork (logging out)', () => {
  it('removes the session and everything else, and keeps the answers not yet sent', () => {
    const storage = mapStorage({
      [AUTH_TOKEN_KEY]: 'token',
      [AUTH_STORE_KEY]: '{"isAuth":true}',
      'nav:pending': '{}',
      [queueKey('attempt-1')]: '[{"question":"q","option":"o"}]',
      [runKey('student-1', 'paper-1')]: '{"clientId":"c"}',
      [runKey('student-2', 'paper-1')]: '{"clientId":"d"}',
    });
    clearAllButUnsentWork(storage);
    const left = Array.from({ length: storage.length }, (_, index) => storage.key(index)).sort();
    expect(left).toEqual(
      [queueKey('attempt-1'), runKey('student-1', 'paper-1'), runKey('student-2', 'paper-1')].sort(),
    );
  });
});
