import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, queueKey } from './answer-queue.ts';
import { createAnswerSync, type SendOutcome } from './answer-sync.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const sent: string[] = [];
  const state = { online: true, outcome: 'sent' as SendOutcome, waiting: false };
  const sync = createAnswerSync({
    onWaiting: (waiting) => {
      state.waiting = waiting;
    },
    attemptId: 'a1',
    storage,
    isOnline: () => state.online,
    send: async (answer) => {
      sent.push(`${answer.question}=${answer.option}`);
      return state.outcome;
    },
  });
  return { storage, sent, state, sync };
}

describe('sending answers', () => {
  it('sends a picked answer and forgets it once the server has it', async () => {
    const { sync, sent, storage, state } = setup();
    sync.add({ question: 'q1', option: 'a' });
    expect(storage.items.get(queueKey('a1'))).toContain('q1');
    // On its way is not waiting.
    expect(state.waiting).toBe(false);
    await sync.flush();
    expect(sent).toEqual(['q1=a']);
    expect(sync.pending()).toEqual([]);
    expect(storage.items.has(queueKey('a1'))).toBe(false);
  });

  it('keeps answers picked offline, then sends them in order when the connection returns', async () => {
    const { sync, sent, state } = setup();
    state.online = false;
    sync.add({ question: 'q1', option: 'a' });
    sync.add({ question: 'q2', option: 'b' });
    sync.add({ question: 'q3', option: 'c' });
    await sync.flush();
    expect(sent).toEqual([]);
    expect(sync.pending()).toHaveLength(3);
    expect(state.waiting).toBe(true);

    state.online = true;
    expect(await sync.flush()).toBe(true);
    expect(sent).toEqual(['q1=a', 'q2=b', 'q3=c']);
    expect(sync.pending()).toEqual([]);
    expect(state.waiting).toBe(false);
  });

  it('retries on a timer after a network failure, with no event needed', async () => {
    const { sync, sent, state } = setup();
    state.outcome = 'retry';
    sync.add({ question: 'q1', option: 'a' });
    await sync.flush();
    expect(sync.pending()).toHaveLength(1);
    state.outcome = 'sent';
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual(['q1=a', 'q1=a']);
    expect(sync.pending()).toEqual([]);
  });

  it('drops an answer the server refuses for good', async () => {
    const { sync, state } = setup();
    state.outcome = 'rejected';
    sync.add({ question: 'q1', option: 'a' });
    expect(await sync.flush()).toBe(true);
    expect(sync.pending()).toEqual([]);
  });

  it('picks up the queue a reload left behind', async () => {
    const { sync, sent } = setup({ [queueKey('a1')]: JSON.stringify([{ question: 'q9', option: 'x' }]) });
    expect(sync.pending()).toEqual([{ question: 'q9', option: 'x' }]);
    await sync.flush();
    expect(sent).toEqual(['q9=x']);
  });

  it('runs one flush at a time and includes answers picked while it runs', async () => {
    const { sync, sent } = setup();
    sync.add({ question: 'q1', option: 'a' });
    sync.add({ question: 'q2', option: 'b' });
    await Promise.all([sync.flush(), sync.flush()]);
    expect(sent).toEqual(['q1=a', 'q2=b']);
  });

  it('forgets a skipped question and everything after submission', async () => {
    const { sync, state, storage } = setup();
    state.online = false;
    sync.add({ question: 'q1', option: 'a' });
    sync.add({ question: 'q2', option: 'b' });
    sync.remove('q1');
    expect(sync.pending()).toEqual([{ question: 'q2', option: 'b' }]);
    sync.clear();
    expect(sync.pending()).toEqual([]);
    expect(storage.items.has(queueKey('a1'))).toBe(false);
  });
});
