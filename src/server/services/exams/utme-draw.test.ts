import { describe, expect, it } from 'vitest';
import { drawSection, type PoolQuestion, type RandomInt } from './utme-draw.ts';

/** A repeatable stand-in for crypto.randomInt: a linear congruential generator from `seed`. */
function seeded(seed: number): RandomInt {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % below;
  };
}

const SEEDS = Array.from({ length: 40 }, (_, index) => index + 1);

/** Questions of one paper: `count` of them from `position`, sharing `passage` ('' for none). */
function questions(
  paper: string,
  count: number,
  { passage = '', seen = false, from = 0 }: { passage?: string; seen?: boolean; from?: number } = {},
): PoolQuestion[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${paper}-${passage || 'alone'}-${from + index}${seen ? '-seen' : ''}`,
    paperId: paper,
    position: from + index,
    passage,
    seen,
  }));
}

/** Checks that the drawn ids of `group` sit next to each other in the draw, in paper order. */
function expectTogetherInOrder(drawn: string[], group: PoolQuestion[]) {
  const inGroup = new Set(group.map((question) => question.id));
  const places = drawn.flatMap((id, place) => (inGroup.has(id) ? [place] : []));
  if (places.length === 0) return;
  const first = places[0] ?? 0;
  expect(places).toEqual(places.map((_, index) => first + index));
  const inPaperOrder = [...group].sort((a, b) => a.position - b.position).map((question) => question.id);
  expect(places.map((place) => drawn[place])).toEqual(inPaperOrder.filter((id) => drawn.includes(id)));
}

describe('drawSection', () => {
  it('takes exactly the number asked for, each question once, all from the pool', () => {
    const pool = [...questions('p1', 60), ...questions('p2', 40)];
    const ids = new Set(pool.map((question) => question.id));
    for (const seed of SEEDS) {
      const drawn = drawSection(pool, 40, seeded(seed));
      expect(drawn).toHaveLength(40);
      expect(new Set(drawn).size).toBe(40);
      expect(drawn.every((id) => ids.has(id))).toBe(true);
    }
  });

  it('draws differently for different random numbers', () => {
    const pool = questions('p1', 80);
    const draws = new Set(SEEDS.map((seed) => drawSection(pool, 40, seeded(seed)).join()));
    expect(draws.size).toBe(SEEDS.length);
  });

  it('takes every unseen question before any seen one', () => {
    const unseen = questions('p1', 30);
    const seen = questions('p2', 50, { seen: true });
    for (const seed of SEEDS) {
      const drawn = drawSection([...seen, ...unseen], 40, seeded(seed));
      expect(drawn).toHaveLength(40);
      // The 30 unseen first, then 10 seen ones to fill the section.
      expect(new Set(drawn.slice(0, 30))).toEqual(new Set(unseen.map((question) => question.id)));
      expect(drawn.slice(30).every((id) => id.endsWith('-seen'))).toBe(true);
    }
  });

  it('takes no seen question when the unseen ones are enough', () => {
    const pool = [...questions('p1', 50, { seen: true }), ...questions('p2', 40)];
    for (const seed of SEEDS) {
      const drawn = drawSection(pool, 40, seeded(seed));
      expect(drawn.filter((id) => id.endsWith('-seen'))).toEqual([]);
      expect(drawn).toHaveLength(40);
    }
  });

  it('keeps a passage’s questions whole, together and in paper order when they fit', () => {
    // Stored out of order, as a pool may come: the draw puts them in paper order.
    const comprehension = questions('p1', 3, { passage: '<p>A story</p>', from: 1 }).reverse();
    const cloze = questions('p1', 2, { passage: '<p>A gap text</p>', from: 5 });
    const alone = questions('p1', 10, { from: 10 });
    const pool = [...comprehension, ...alone, ...cloze];
    for (const seed of SEEDS) {
      const drawn = drawSection(pool, 12, seeded(seed));
      expect(drawn).toHaveLength(12);
      for (const group of [comprehension, cloze]) {
        const taken = group.filter((question) => drawn.includes(question.id));
        // Ten questions stand alone, so the twelve places never need part of a passage.
        expect([0, group.length]).toContain(taken.length);
        expectTogetherInOrder(drawn, group);
      }
    }
  });

  it('cuts one passage to fill the last places when only passages are left, keeping its start', () => {
    const first = questions('p1', 6, { passage: '<p>First</p>' });
    const second = questions('p1', 6, { passage: '<p>Second</p>', from: 6 });
    for (const seed of SEEDS) {
      const drawn = drawSection([...first, ...second], 8, seeded(seed));
      expect(drawn).toHaveLength(8);
      const whole = drawn[0]?.includes('First') ? first : second;
      const cut = whole === first ? second : first;
      expect(drawn).toEqual([...whole, ...cut.slice(0, 2)].map((question) => question.id));
    }
  });

  it('treats the same passage in two papers as two passages', () => {
    const inFirst = questions('p1', 2, { passage: '<p>Shared</p>' });
    const inSecond = questions('p2', 2, { passage: '<p>Shared</p>' });
    for (const seed of SEEDS) {
      const drawn = drawSection([...inFirst, ...inSecond], 2, seeded(seed));
      // One paper's pair whole; as one group of four it would be cut to two of different papers.
      expect([inFirst, inSecond].map((group) => group.map((question) => question.id))).toContainEqual(drawn);
    }
  });

  it('returns every question, unseen first, when the pool has fewer than asked for', () => {
    const pool = [
      ...questions('p1', 1, { seen: true }),
      ...questions('p1', 2, { passage: '<p>Short</p>', from: 1 }),
      ...questions('p1', 2, { from: 3 }),
    ];
    for (const seed of SEEDS) {
      const drawn = drawSection(pool, 40, seeded(seed));
      expect(drawn).toHaveLength(5);
      expect(new Set(drawn)).toEqual(new Set(pool.map((question) => question.id)));
      expect(drawn.at(-1)).toMatch(/-seen$/);
    }
    expect(drawSection([], 40, seeded(1))).toEqual([]);
  });
});
