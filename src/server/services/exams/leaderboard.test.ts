import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { boardUser } from './board-names.ts';
import {
  type Board,
  type BoardKey,
  type BoardOrder,
  isAhead,
  LeaderboardSnapshot,
  rankIn,
} from './leaderboard.ts';

function orderOf(keys: BoardKey[]): BoardOrder {
  const sorted = [...keys].sort((a, b) => (isAhead(a, b) ? -1 : isAhead(b, a) ? 1 : 0));
  return {
    totalScores: Int32Array.from(sorted.map((key) => key.totalScore)),
    ats: Float64Array.from(sorted.map((key) => key.at)),
    ids: sorted.map((key) => key.id),
    indexOf: new Map(sorted.map((key, index) => [key.id, index])),
  };
}

/** The rank by definition: one more than the number of other students in `keys` ahead of `me`. */
function countedRank(keys: BoardKey[], me: BoardKey): number {
  return keys.filter((key) => key.id !== me.id && isAhead(key, me)).length + 1;
}

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

// A deterministic pseudo-random sequence, so a failure can be replayed.
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

describe('boardUser', () => {
  const ada = { firstName: 'Ada', lastName: ' bello', imageUrl: null };

  it('shows other students their first name and last initial, and the caller their own full name', () => {
    expect(boardUser(ada, false)).toEqual({ firstName: 'Ada', lastName: 'B.', image: null });
    expect(boardUser(ada, true)).toEqual({ firstName: 'Ada', lastName: ' bello', image: null });
  });

  it('gives the picture as a url, or none', () => {
    expect(boardUser({ ...ada, imageUrl: '/a.png' }, false).image).toEqual({ url: '/a.png' });
  });
});

describe('isAhead', () => {
  it('orders by more points, then the earlier total, then the id', () => {
    const base = { totalScore: 10, at: 1_000, id: id(5) };
    expect(isAhead({ ...base, totalScore: 11 }, base)).toBe(true);
    expect(isAhead({ ...base, at: 999 }, base)).toBe(true);
    expect(isAhead({ ...base, id: id(4) }, base)).toBe(true);
    expect(isAhead(base, base)).toBe(false);
    expect(isAhead({ ...base, totalScore: 9, at: 1 }, base)).toBe(false);
  });
});

describe('rankIn', () => {
  it('equals the counted rank for every student, with many ties in points and in time', () => {
    const random = numbers(7);
    const keys = Array.from({ length: 500 }, (_, n) => ({
      totalScore: random(20) - 4,
      at: 1_000_000 + random(5),
      id: id(random(1_000_000) * 1000 + n),
    }));
    const order = orderOf(keys);
    for (const key of keys) expect(rankIn(order, key)).toBe(countedRank(keys, key));
  });

  it('places a student whose total changed after the copy was taken, up or down, without counting their old entry', () => {
    const random = numbers(11);
    const keys = Array.from({ length: 300 }, (_, n) => ({
      totalScore: random(30),
      at: 1_000 + random(10),
      id: id(n + 1),
    }));
    const order = orderOf(keys);
    for (const old of keys.slice(0, 100)) {
      for (const change of [-7, -2, 0, 3, 5]) {
        const now = { totalScore: old.totalScore + change, at: 2_000, id: old.id };
        const others = keys.filter((key) => key.id !== old.id);
        expect(rankIn(order, now)).toBe(countedRank(others, now));
      }
    }
  });

  it('places a student who is not in the copy yet', () => {
    const keys = [
      { totalScore: 10, at: 1, id: id(1) },
      { totalScore: 5, at: 1, id: id(2) },
    ];
    const order = orderOf(keys);
    expect(rankIn(order, { totalScore: 7, at: 5, id: id(3) })).toBe(2);
    expect(rankIn(order, { totalScore: 10, at: 1, id: id(0) })).toBe(1);
    expect(rankIn(orderOf([]), { totalScore: 0, at: 0, id: id(1) })).toBe(1);
  });

  it('never ranks the only student on the board below first, whatever their new total', () => {
    const order = orderOf([{ totalScore: 20, at: 1, id: id(1) }]);
    expect(rankIn(order, { totalScore: -4, at: 9, id: id(1) })).toBe(1);
  });
});

describe('LeaderboardSnapshot', () => {
  const db = {} as Executor;
  function board(label: number): Board {
    return { top: [], order: orderOf([{ totalScore: label, at: 0, id: id(label) }]) };
  }

  it('reads the board once per refresh period, in the background, and waits only when the copy is too old', async () => {
    let now = 0;
    let loads = 0;
    let release: () => void = () => {};
    const snapshot = new LeaderboardSnapshot({
      refreshMs: 5_000,
      maxAgeMs: 15_000,
      clock: () => now,
      load: async () => {
        loads += 1;
        const label = loads;
        if (label === 2) await new Promise<void>((resolve) => (release = resolve));
        return board(label);
      },
    });

    expect((await snapshot.current(db)).order.totalScores[0]).toBe(1);
    now = 4_000;
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(1);
    expect(loads).toBe(1);

    // Older than the refresh period: answered from the copy while one refresh runs.
    now = 6_000;
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(1);
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(1);
    expect(loads).toBe(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(2);

    // An idle instance: a copy older than the maximum age is never used.
    now = 6_000 + 16_000;
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(3);
    expect(loads).toBe(3);
  });

  it('keeps answering from the copy when a background refresh fails', async () => {
    let now = 0;
    let loads = 0;
    const snapshot = new LeaderboardSnapshot({
      clock: () => now,
      load: async () => {
        loads += 1;
        if (loads === 2) throw new Error('database away');
        return board(loads);
      },
    });
    await snapshot.current(db);
    now = 6_000;
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(3);
  });

  it('reads the board again after forget(), and never keeps what a refresh begun before it read', async () => {
    const now = 0;
    let loads = 0;
    let release: () => void = () => {};
    const snapshot = new LeaderboardSnapshot({
      clock: () => now,
      load: async () => {
        loads += 1;
        const label = loads;
        if (label === 1) await new Promise<void>((resolve) => (release = resolve));
        return board(label);
      },
    });
    // A first read is under way (it read the board before an account was deleted) when forget() is called.
    const before = snapshot.current(db);
    snapshot.forget();
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(2);
    release();
    expect((await before).order.totalScores[0]).toBe(1);
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(2);
    snapshot.forget();
    expect((await snapshot.current(db)).order.totalScores[0]).toBe(3);
    expect(loads).toBe(3);
  });
});
