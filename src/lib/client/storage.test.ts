import { describe, expect, it } from 'vitest';
import { mapStorage, storedKeys } from '../../../tests/support/map-storage.ts';
import { runKey } from '../../islands/offline/offline-attempt.ts';
import { queueKey } from '../../islands/quiz/answer-queue.ts';
import { AUTH_STORE_KEY, AUTH_TOKEN_KEY, clearAllButUnsentWork } from './storage.ts';

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
    expect(storedKeys(storage)).toEqual(
      [queueKey('attempt-1'), runKey('student-1', 'paper-1'), runKey('student-2', 'paper-1')].sort(),
    );
  });
});
