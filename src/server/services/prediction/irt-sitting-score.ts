/**
 * The prediction (docs/prediction.md, "The prediction and its range"): the chance of each subject score and of
 * each total on a sitting, and the expected score with its range. Part of the item-response model (irt.ts).
 */
import { at, type ItemParameters, LEVEL_GRID, probability } from './irt-levels.ts';

/** For each grid level, the average chance of a right answer over the questions: a sitting drawn from them. */
export function averageChance(items: readonly ItemParameters[]): Float64Array {
  const average = new Float64Array(LEVEL_GRID.length);
  if (items.length === 0) return average;
  for (const item of items) {
    for (let q = 0; q < LEVEL_GRID.length; q += 1)
      average[q] = at(average, q) + probability(item, at(LEVEL_GRID, q));
  }
  return average.map((sum) => sum / items.length);
}

/**
 * The chances of each subject score from 0 to `maxScore` on a sitting of `questions` questions drawn at random
 * from the pool whose averageChance is given, for a student whose level has this posterior. Given the level,
 * each drawn question is right with the pool's average chance, so the count right is binomial; the score is
 * the share right out of `maxScore`, rounded as the UTME result rounds it (utmeSubjectScore).
 */
export function scoreDistribution(
  posterior: Float64Array,
  poolChance: Float64Array,
  questions: number,
  maxScore: number,
): Float64Array {
  const distribution = new Float64Array(maxScore + 1);
  const binomial = new Float64Array(questions + 1);
  for (let q = 0; q < LEVEL_GRID.length; q += 1) {
    if (at(posterior, q) < 1e-12) continue;
    const p = Math.min(Math.max(at(poolChance, q), 1e-9), 1 - 1e-9);
    binomial[0] = (1 - p) ** questions;
    for (let k = 0; k < questions; k += 1)
      binomial[k + 1] = (at(binomial, k) * (questions - k) * p) / ((k + 1) * (1 - p));
    for (let k = 0; k <= questions; k += 1) {
      distribution[Math.round((k / questions) * maxScore)] =
        at(distribution, Math.round((k / questions) * maxScore)) + at(posterior, q) * at(binomial, k);
    }
  }
  return distribution;
}

/** The distribution of a sum of independent scores: the sitting's total from its subjects'. */
export function sumDistributions(parts: readonly Float64Array[]): Float64Array {
  return parts.reduce((total, part) => {
    const sum = new Float64Array(total.length + part.length - 1);
    total.forEach((left, i) => {
      if (left === 0) return;
      part.forEach((right, j) => {
        sum[i + j] = at(sum, i + j) + left * right;
      });
    });
    return sum;
  }, Float64Array.of(1));
}

/**
 * The expected score (rounded) and the range that holds `share` of the chances (0.8: from the 10th to the 90th
 * percentile). Scores are whole numbers, so a percentile usually falls inside one score's chance: that score is
 * in the range when at least half of its chance lies inside the percentile, and out otherwise. The range then
 * holds `share` of the chances on average, not at least `share` (which would make an 80% range hold 83–86% of
 * sittings, a subject's score coming in steps of 2.5: docs/prediction.md, "How honest it is").
 */
export function scoreRange(
  distribution: Float64Array,
  share: number,
): { expected: number; low: number; high: number } {
  let expected = 0;
  let total = 0;
  distribution.forEach((chance, score) => {
    expected += chance * score;
    total += chance;
  });
  const tail = ((1 - share) / 2) * total;
  /** The first score from one end with at least half of its chance past the tail, walking by `step`. */
  const edge = (from: number, step: number): number => {
    let beyond = 0;
    for (let score = from; score >= 0 && score < distribution.length; score += step) {
      const chance = at(distribution, score);
      if (chance > 0 && beyond + chance / 2 >= tail - 1e-12) return score;
      beyond += chance;
    }
    return from;
  };
  return {
    expected: Math.round(expected / total),
    low: edge(0, 1),
    high: edge(distribution.length - 1, -1),
  };
}
