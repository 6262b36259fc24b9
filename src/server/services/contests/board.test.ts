import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { ContestBoards } from './board.ts';

// The board copy's age and size, on a stand-in database that counts the reads of each contest's entries.

function countingDatabase() {
  const reads: number[] = [];
  const db = {
    execute: async () => {
      reads.push(Date.now());
      return { rows: [{ userId: 'u1', firstName: 'Aisha', lastName: 'Bello', points: 10, timeMs: 60_000 }] };
    },
  } as unknown as Executor;
  return { db, reads };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-12-05T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('a contest board copy', () => {
  it('is read again once 15 s old while the contest runs, so it is never 30 s stale', async () => {
    const { db, reads } = countingDatabase();
    const boards = new ContestBoards();
    await boards.board(db, 'c1', 'u1', false);
    vi.advanceTimersByTime(14_000);
    const fresh = await boards.board(db, 'c1', 'u1', false);
    expect(reads).toHaveLength(1);
    expect(fresh.me).toMatchObject({ place: 1, name: 'Aisha Bello', isMe: true });
    vi.advanceTimersByTime(2_000);
    await boards.board(db, 'c1', undefined, false);
    expect(reads).toHaveLength(2);
  });

  it('keeps a final board without reading it again, and forgets the least recent beyond 50 contests', async () => {
    const { db, reads } = countingDatabase();
    const boards = new ContestBoards();
    await boards.board(db, 'c0', undefined, true);
    vi.advanceTimersByTime(3_600_000);
    await boards.board(db, 'c0', undefined, true);
    expect(reads).toHaveLength(1);
    for (let n = 1; n <= 50; n += 1) await boards.board(db, `c${n}`, undefined, true);
    await boards.board(db, 'c50', undefined, true);
    expect(reads).toHaveLength(51);
    await boards.board(db, 'c0', undefined, true);
    expect(reads).toHaveLength(52);
  });
});
