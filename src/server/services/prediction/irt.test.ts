import { describe, expect, it } from 'vitest';
import { defined } from '../../../../tests/support/defined.ts';
import {
  AnswerLog,
  correlation,
  drawItem,
  meanAbsoluteError,
  trueChance,
} from '../../../../tests/support/irt-simulation.ts';
import { seededRandom } from '../../../../tests/support/seeded-random.ts';
import {
  averageChance,
  CALIBRATION_PRIORS,
  calibrate,
  estimateLevel,
  FIT_RULES,
  fitItem,
  fitsBadly,
  LEVEL_GRID,
  probability,
  scoreDistribution,
  scoreRange,
  sumDistributions,
} from './irt.ts';

const FOUR_OPTIONS = 0.25;

/** The grid point nearest a level. */
const gridIndex = (theta: number) => LEVEL_GRID.findIndex((point) => Math.abs(point - theta) < 1e-9);

/** n choose k, by the product formula. */
function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return result;
}

/**
 * A student's expected level after one answer, by a fine midpoint sum over the standard normal prior: an
 * integral worked independently of the model's grid.
 */
function levelAfterOneAnswer(chance: (theta: number) => number): number {
  let weighted = 0;
  let total = 0;
  for (let theta = -8; theta < 8; theta += 0.001) {
    const middle = theta + 0.0005;
    const density = Math.exp(-(middle * middle) / 2) * chance(middle);
    weighted += middle * density;
    total += density;
  }
  return weighted / total;
}

describe('the curve', () => {
  it('is halfway between a blind guess and a sure answer at the difficulty', () => {
    const item = { difficulty: 0.7, discrimination: 1.8, guessing: FOUR_OPTIONS };
    expect(probability(item, 0.7)).toBeCloseTo(0.25 + 0.75 / 2, 12);
    expect(probability(item, -10)).toBeCloseTo(0.25, 6);
    expect(probability(item, 10)).toBeCloseTo(1, 6);
  });

  it('rises more steeply with a larger discrimination', () => {
    const gentle = { difficulty: 0, discrimination: 0.5, guessing: FOUR_OPTIONS };
    const steep = { ...gentle, discrimination: 2 };
    expect(probability(steep, 1)).toBeGreaterThan(probability(gentle, 1));
    expect(probability(steep, -1)).toBeLessThan(probability(gentle, -1));
  });
});

describe('a student level (EAP)', () => {
  const item = { difficulty: 0, discrimination: 1, guessing: FOUR_OPTIONS };

  it('is the prior without answers: mean 0, spread 1', () => {
    const level = estimateLevel([]);
    expect(level.mean).toBeCloseTo(0, 9);
    expect(level.spread).toBeCloseTo(1, 2);
    expect(level.posterior.reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1, 12);
  });

  it('moves up after a right answer and down after a wrong one, by the amounts the integral gives', () => {
    const right = estimateLevel([{ item, correct: true }]);
    const wrong = estimateLevel([{ item, correct: false }]);
    expect(right.mean).toBeGreaterThan(0);
    expect(wrong.mean).toBeLessThan(0);
    expect(right.mean).toBeCloseTo(
      levelAfterOneAnswer((theta) => trueChance(item, theta)),
      2,
    );
    expect(wrong.mean).toBeCloseTo(
      levelAfterOneAnswer((theta) => 1 - trueChance(item, theta)),
      2,
    );
    // A right answer can be a guess, a wrong one cannot: the wrong answer says more.
    expect(Math.abs(wrong.mean)).toBeGreaterThan(right.mean);
    expect(right.spread).toBeLessThan(1);
  });

  it('narrows as the answers add up', () => {
    const answers = Array.from({ length: 40 }, (_, index) => ({ item, correct: index % 2 === 0 }));
    expect(estimateLevel(answers.slice(0, 40)).spread).toBeLessThan(
      estimateLevel(answers.slice(0, 10)).spread,
    );
  });
});

describe('the score distributions', () => {
  it('is the binomial at a level the posterior is sure of, each count rounded to its score', () => {
    const posterior = new Float64Array(LEVEL_GRID.length);
    posterior[gridIndex(0.4)] = 1;
    const chance = 0.3;
    const poolChance = new Float64Array(LEVEL_GRID.length).fill(0.9);
    poolChance[gridIndex(0.4)] = chance;
    const distribution = scoreDistribution(posterior, poolChance, 3, 100);
    const expected = new Float64Array(101);
    // 0, 1, 2, 3 right of 3 score 0, 33, 67 and 100.
    [0, 33, 67, 100].forEach((score, right) => {
      expected[score] = choose(3, right) * chance ** right * (1 - chance) ** (3 - right);
    });
    distribution.forEach((value, score) => {
      expect(value).toBeCloseTo(expected[score] ?? 0, 12);
    });
  });

  it('mixes the levels by their posterior weights', () => {
    const posterior = new Float64Array(LEVEL_GRID.length);
    posterior[gridIndex(-1)] = 0.25;
    posterior[gridIndex(1)] = 0.75;
    const poolChance = new Float64Array(LEVEL_GRID.length);
    poolChance[gridIndex(-1)] = 0.5;
    poolChance[gridIndex(1)] = 0.8;
    const distribution = scoreDistribution(posterior, poolChance, 2, 100);
    expect(distribution[0]).toBeCloseTo(0.25 * 0.25 + 0.75 * 0.04, 12);
    expect(distribution[50]).toBeCloseTo(0.25 * 0.5 + 0.75 * 0.32, 12);
    expect(distribution[100]).toBeCloseTo(0.25 * 0.25 + 0.75 * 0.64, 12);
  });

  it('averages the chances of the pool at each level', () => {
    const easy = { difficulty: -1, discrimination: 1, guessing: FOUR_OPTIONS };
    const hard = { difficulty: 2, discrimination: 1.5, guessing: FOUR_OPTIONS };
    const average = averageChance([easy, hard]);
    const zero = gridIndex(0);
    expect(average[zero]).toBeCloseTo((trueChance(easy, 0) + trueChance(hard, 0)) / 2, 12);
    expect(averageChance([])).toEqual(new Float64Array(LEVEL_GRID.length));
  });

  it('adds independent scores by convolution', () => {
    const total = sumDistributions([Float64Array.of(0.5, 0.5), Float64Array.of(0.2, 0.3, 0.5)]);
    expect(Array.from(total)).toEqual([0.1, 0.25, 0.4, 0.25].map((value) => expect.closeTo(value, 12)));
    expect(Array.from(sumDistributions([]))).toEqual([1]);
  });

  it('takes a score into the range when at least half of its chance lies inside the percentiles', () => {
    // Score 1 straddles the 10th percentile with 0.04 of its 0.1 inside: out. Score 3 straddles the 90th
    // with 0.24 of its 0.3 inside: in. The range holds 0.8 exactly.
    const distribution = Float64Array.of(0.04, 0.1, 0.5, 0.3, 0.06);
    expect(scoreRange(distribution, 0.8)).toEqual({ expected: 2, low: 2, high: 3 });
    // For 0.5: score 3 has 0.04 of its 0.3 inside the 75th percentile: out.
    expect(scoreRange(distribution, 0.5)).toEqual({ expected: 2, low: 2, high: 2 });
    // Weights that do not add up to 1 are shares of their sum.
    expect(
      scoreRange(
        distribution.map((value) => value * 4),
        0.8,
      ),
    ).toEqual({ expected: 2, low: 2, high: 3 });
  });

  it('ends the range on scores that can happen', () => {
    expect(scoreRange(Float64Array.of(0, 0, 0.5, 0, 0.5), 0.8)).toEqual({ expected: 3, low: 2, high: 4 });
    expect(scoreRange(Float64Array.of(0, 0, 1, 0), 0.8)).toEqual({ expected: 2, low: 2, high: 2 });
    expect(scoreRange(Float64Array.of(0.02, 0.2, 0.55, 0.23), 0.8)).toEqual({ expected: 2, low: 1, high: 3 });
  });
});

describe('fitting one question to the answers expected at each level', () => {
  // 1,000 students' worth at the middle level, fewer further out: the prior's shape.
  const expected = LEVEL_GRID.map((theta) => 1000 * Math.exp(-(theta * theta) / 2));

  /** The question's log posterior, written out here: binomial log likelihood plus the two normal priors. */
  function logPosterior(right: Float64Array, difficulty: number, logDiscrimination: number): number {
    const item = { difficulty, discrimination: Math.exp(logDiscrimination), guessing: FOUR_OPTIONS };
    let total =
      -(difficulty ** 2) / (2 * CALIBRATION_PRIORS.difficultySpread ** 2) -
      logDiscrimination ** 2 / (2 * CALIBRATION_PRIORS.logDiscriminationSpread ** 2);
    LEVEL_GRID.forEach((theta, q) => {
      const p = trueChance(item, theta);
      const count = expected[q] ?? 0;
      const rights = right[q] ?? 0;
      total += rights * Math.log(p) + (count - rights) * Math.log(1 - p);
    });
    return total;
  }

  /** fitItem again and again from its own answer, as the calibration's iterations call it. */
  function settle(right: Float64Array) {
    let item = { difficulty: 0, discrimination: 1, guessing: FOUR_OPTIONS };
    for (let round = 0; round < 30; round += 1) item = fitItem(item, expected, right, true);
    return item;
  }

  it('recovers the question the answers came from', () => {
    const truth = { difficulty: 0.8, discrimination: 1.4, guessing: FOUR_OPTIONS };
    const right = LEVEL_GRID.map((theta, q) => (expected[q] ?? 0) * trueChance(truth, theta));
    const fitted = settle(right);
    expect(fitted.difficulty).toBeCloseTo(0.8, 1);
    expect(fitted.discrimination).toBeCloseTo(1.4, 1);
  });

  it('reaches the top of the posterior for a question answered below the guessing floor', () => {
    // A mis-keyed question: right only when a student picks one of the distractors of a real key.
    const realKey = { difficulty: 0, discrimination: 1.5, guessing: FOUR_OPTIONS };
    const right = LEVEL_GRID.map((theta, q) => ((expected[q] ?? 0) * (1 - trueChance(realKey, theta))) / 3);
    let best = Number.NEGATIVE_INFINITY;
    for (let difficulty = -2; difficulty <= 10; difficulty += 0.02) {
      for (let logDiscrimination = -2; logDiscrimination <= 2; logDiscrimination += 0.02)
        best = Math.max(best, logPosterior(right, difficulty, logDiscrimination));
    }
    const fitted = settle(right);
    expect(logPosterior(right, fitted.difficulty, Math.log(fitted.discrimination))).toBeGreaterThanOrEqual(
      best - 1e-6,
    );
  });
});

describe('calibration from simulated answers', () => {
  // 60 ordinary questions and a mis-keyed one, each answered by the same 400 students, and one more question
  // answered by 20 of them.
  const random = seededRandom(20_261_129);
  const truth = Array.from({ length: 60 }, () => drawItem(random));
  const levels = Array.from({ length: 400 }, () => random.normal());
  const realKey = { difficulty: 0, discrimination: 1.5, guessing: FOUR_OPTIONS };
  const reversed = { difficulty: 0, discrimination: -1, guessing: FOUR_OPTIONS };
  const log = new AnswerLog();
  levels.forEach((theta, student) => {
    truth.forEach((item, index) => {
      log.add(student, index, random.uniform() < trueChance(item, theta));
    });
    // The key marks one of the three distractors: right only when a student picks that distractor.
    log.add(student, 60, random.uniform() < (1 - trueChance(realKey, theta)) / 3);
    if (student < 20) log.add(student, 61, random.uniform() < trueChance(realKey, theta));
    // A reversed question: the abler the student, the likelier they miss it.
    log.add(student, 62, random.uniform() < trueChance(reversed, theta));
  });
  const calibration = calibrate(log.matrix(levels.length, Array(63).fill(FOUR_OPTIONS)));
  const ordinary = calibration.items.slice(0, 60);

  it('converges and recovers the difficulties', () => {
    expect(calibration.converged).toBe(true);
    const difficulties = ordinary.map((item) => item.difficulty);
    const trueDifficulties = truth.map((item) => item.difficulty);
    expect(meanAbsoluteError(difficulties, trueDifficulties)).toBeLessThan(0.25);
    expect(correlation(difficulties, trueDifficulties)).toBeGreaterThan(0.95);
  });

  it('recovers the discriminations roughly', () => {
    const discriminations = ordinary.map((item) => item.discrimination);
    const trueDiscriminations = truth.map((item) => item.discrimination);
    expect(meanAbsoluteError(discriminations, trueDiscriminations)).toBeLessThan(0.25);
    expect(correlation(discriminations, trueDiscriminations)).toBeGreaterThan(0.6);
  });

  it("recovers the students' levels", () => {
    const means = calibration.levels.map((level) => level.mean);
    expect(meanAbsoluteError(means, levels)).toBeLessThan(0.4);
    expect(correlation(means, levels)).toBeGreaterThan(0.9);
  });

  it('flags the mis-keyed question, and few ordinary ones', () => {
    expect(ordinary.every((item) => item.answers === 400 && item.infit !== null)).toBe(true);
    expect(fitsBadly(defined(calibration.items[60], 'mis-keyed question'))).toBe(true);
    // Every ordinary question's infit is inside the band. Outfit, which weighs a surprise by how unlikely it
    // was, wobbles on easy and steep questions: with 400 answers, a true-to-the-model question can fall below
    // 0.7 (docs/prediction.md, "How honest it is").
    expect(ordinary.filter((item) => fitsBadly({ ...item, outfit: null }))).toEqual([]);
    expect(ordinary.filter(fitsBadly).length).toBeLessThanOrEqual(2);
  });

  it('flags the reversed question by its flat curve, whatever its mean squares', () => {
    const flat = defined(calibration.items[62], 'reversed question');
    expect(flat.discrimination).toBeLessThan(FIT_RULES.minDiscrimination);
    expect(fitsBadly(flat)).toBe(true);
  });

  it('keeps a discrimination of 1 and judges no fit for a question with few answers', () => {
    const rare = calibration.items[61];
    expect(rare).toMatchObject({ answers: 20, discrimination: 1, infit: null, outfit: null });
    expect(fitsBadly(defined(rare, 'rare question'))).toBe(false);
  });

  it('flags a mean square outside the band on either side', () => {
    const steady = { answers: 400, discrimination: 1 };
    expect(fitsBadly({ ...steady, infit: 1.1, outfit: 1.35 })).toBe(true);
    expect(fitsBadly({ ...steady, infit: 0.65, outfit: 1 })).toBe(true);
    expect(fitsBadly({ ...steady, infit: 1.1, outfit: 0.9 })).toBe(false);
  });
});
