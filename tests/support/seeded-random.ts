/**
 * A small seeded random generator for simulations that must give the same numbers on every run: the
 * item-response tests and the prediction benchmark (tests/bench/prediction.ts). Mulberry32: 32 bits of state,
 * fast, and plenty for drawing simulated students and answers (not for anything secret).
 */
export interface SeededRandom {
  /** A number in [0, 1). */
  uniform(): number;
  /** A draw from the normal distribution with this mean and spread. */
  normal(mean?: number, spread?: number): number;
  /** A whole number in [0, below). */
  integer(below: number): number;
  /** `count` distinct whole numbers from [0, below), in the order drawn. */
  sample(below: number, count: number): number[];
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  // Box–Muller gives two normals a draw; the second is kept for the next call.
  let spare: number | null = null;
  const standardNormal = () => {
    if (spare !== null) {
      const kept = spare;
      spare = null;
      return kept;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
  const integer = (below: number) => Math.floor(uniform() * below);
  return {
    uniform,
    normal: (mean = 0, spread = 1) => mean + spread * standardNormal(),
    integer,
    sample(below, count) {
      if (count > below) throw new Error(`cannot draw ${count} distinct numbers below ${below}`);
      // A partial Fisher–Yates shuffle over a sparse map: the cost follows `count`, not `below`.
      const moved = new Map<number, number>();
      const drawn: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const pick = index + integer(below - index);
        drawn.push(moved.get(pick) ?? pick);
        moved.set(pick, moved.get(index) ?? index);
      }
      return drawn;
    },
  };
}
