/**
 * The item-response model behind the predicted UTME score (docs/prediction.md), as plain arithmetic on arrays:
 * no database here, so that the benchmark's simulation runs exactly this code.
 *
 * A question's chance of being answered right by a student of level θ (one level per subject, on a scale where
 * students average 0 with a spread of 1) is the two-parameter logistic curve with a fixed floor for guessing:
 *
 *   P(θ) = c + (1 − c) / (1 + e^(−a(θ − b)))
 *
 * b is the question's difficulty, a its discrimination (1 unless the data can tell), and c the chance of a blind
 * guess, 1 over its options (0.25 for four): fixed, not estimated, since guessing is the one thing we know.
 */

/** Reads a typed array within its bounds, which every loop here keeps to. */
const at = (values: ArrayLike<number>, index: number): number => values[index] ?? 0;

/** The levels the model integrates over: −4 to 4 in steps of 0.2 (41 points). */
export const LEVEL_GRID: Float64Array = Float64Array.from({ length: 41 }, (_, index) => -4 + index * 0.2);

/** Students' levels in a subject are taken to be normal with mean 0 and spread 1: that fixes the scale. */
const PRIOR_WEIGHTS: Float64Array = normalised(LEVEL_GRID.map((theta) => Math.exp(-(theta * theta) / 2)));

export interface ItemParameters {
  /** b: the level at which a student is halfway between a guess and a sure answer. */
  difficulty: number;
  /** a: how sharply the chance rises with the level; 1 for a question without the data to tell. */
  discrimination: number;
  /** c: the chance of a right blind guess, 1 / options. */
  guessing: number;
}

/** The chance that a student of level `theta` answers the question right. */
export function probability(item: ItemParameters, theta: number): number {
  return (
    item.guessing + (1 - item.guessing) / (1 + Math.exp(-item.discrimination * (theta - item.difficulty)))
  );
}

function normalised(values: Float64Array): Float64Array {
  let sum = 0;
  for (const value of values) sum += value;
  return values.map((value) => value / sum);
}

/** The priors that keep a question with few answers near an ordinary one (docs/prediction.md, "Priors"). */
export const CALIBRATION_PRIORS = {
  /** Difficulty: normal around 0 with this spread. */
  difficultySpread: 1.5,
  /** log(discrimination): normal around 0 (a = 1) with this spread. */
  logDiscriminationSpread: 0.35,
  /** Answers a question needs before its discrimination is estimated rather than kept at 1. */
  answersForDiscrimination: 150,
} as const;

/** Answers a question needs before its fit is judged, and the band of mean squares that fits. */
export const FIT_RULES = { minAnswers: 30, low: 0.7, high: 1.3 } as const;

/**
 * Every answer that counts, as parallel arrays (one entry per answer), with the students and questions numbered
 * from 0. A student answers a question at most once here: their first answer, given before its key was seen.
 */
export interface ResponseMatrix {
  studentCount: number;
  student: Int32Array;
  item: Int32Array;
  /** 1 for a right answer, 0 for a wrong one (blanks are not answers). */
  correct: Uint8Array;
  /** Per question: its guessing floor, 1 / its options. */
  guessing: Float64Array;
}

export interface CalibratedItem extends ItemParameters {
  answers: number;
  /** Infit and outfit mean squares (1 fits; see FIT_RULES); null below FIT_RULES.minAnswers answers. */
  infit: number | null;
  outfit: number | null;
}

export interface Calibration {
  items: CalibratedItem[];
  /** Each student's level: the mean and spread of its posterior, given the calibrated questions. */
  levels: { mean: number; spread: number }[];
  iterations: number;
  converged: boolean;
}

export interface CalibrationOptions {
  maxIterations?: number;
  /** Stop once no parameter moves by more than this in an iteration. */
  tolerance?: number;
}

/** The answers grouped by student: answers[offsets[s] .. offsets[s+1]) are student s's. */
function byStudent(responses: ResponseMatrix): { offsets: Int32Array; order: Int32Array } {
  const offsets = new Int32Array(responses.studentCount + 1);
  for (const student of responses.student) offsets[student + 1] = at(offsets, student + 1) + 1;
  for (let s = 0; s < responses.studentCount; s += 1) offsets[s + 1] = at(offsets, s + 1) + at(offsets, s);
  const next = offsets.slice(0, responses.studentCount);
  const order = new Int32Array(responses.student.length);
  responses.student.forEach((student, index) => {
    order[at(next, student)] = index;
    next[student] = at(next, student) + 1;
  });
  return { offsets, order };
}

/** Per question and grid point, log P and log (1 − P), laid out item-major. */
function logCurves(items: readonly ItemParameters[]): { right: Float64Array; wrong: Float64Array } {
  const points = LEVEL_GRID.length;
  const right = new Float64Array(items.length * points);
  const wrong = new Float64Array(items.length * points);
  items.forEach((item, i) => {
    for (let q = 0; q < points; q += 1) {
      const p = probability(item, at(LEVEL_GRID, q));
      right[i * points + q] = Math.log(p);
      wrong[i * points + q] = Math.log(1 - p);
    }
  });
  return { right, wrong };
}

/** A student's posterior over LEVEL_GRID from their answers, written into `into`. */
function posteriorOf(
  answers: ArrayLike<number>,
  count: number,
  responses: ResponseMatrix,
  curves: { right: Float64Array; wrong: Float64Array },
  into: Float64Array,
): void {
  const points = LEVEL_GRID.length;
  for (let q = 0; q < points; q += 1) into[q] = Math.log(at(PRIOR_WEIGHTS, q));
  for (let k = 0; k < count; k += 1) {
    const index = at(answers, k);
    const base = at(responses.item, index) * points;
    const curve = at(responses.correct, index) === 1 ? curves.right : curves.wrong;
    for (let q = 0; q < points; q += 1) into[q] = at(into, q) + at(curve, base + q);
  }
  let top = Number.NEGATIVE_INFINITY;
  for (let q = 0; q < points; q += 1) top = Math.max(top, at(into, q));
  let sum = 0;
  for (let q = 0; q < points; q += 1) {
    into[q] = Math.exp(at(into, q) - top);
    sum += at(into, q);
  }
  for (let q = 0; q < points; q += 1) into[q] = at(into, q) / sum;
}

/**
 * The log posterior of one question's (b, log a) given the expected answers at each grid point, up to a
 * constant: the binomial log likelihood of `right[q]` right of `expected[q]`, plus the priors.
 */
function itemLogPosterior(
  difficulty: number,
  logDiscrimination: number,
  guessing: number,
  expected: Float64Array,
  right: Float64Array,
): number {
  const { difficultySpread, logDiscriminationSpread } = CALIBRATION_PRIORS;
  const a = Math.exp(logDiscrimination);
  let total =
    -(difficulty ** 2) / (2 * difficultySpread ** 2) -
    logDiscrimination ** 2 / (2 * logDiscriminationSpread ** 2);
  for (let q = 0; q < LEVEL_GRID.length; q += 1) {
    if (at(expected, q) === 0) continue;
    const z = a * (at(LEVEL_GRID, q) - difficulty);
    // log(1 + e^z) without overflow, for log (1 − P) = log(1 − c) − log(1 + e^z).
    const softplus = z > 30 ? z : Math.log1p(Math.exp(z));
    const p = guessing + (1 - guessing) / (1 + Math.exp(-z));
    total +=
      at(right, q) * Math.log(p) + (at(expected, q) - at(right, q)) * (Math.log(1 - guessing) - softplus);
  }
  return total;
}

/**
 * One question's parameters that best explain the expected answers at each grid point (`expected[q]` students of
 * level at(LEVEL_GRID, q) answered, `right[q]` of them right), with the priors: Fisher scoring on (b, log a).
 * A step that would lower the posterior is halved until it raises it: with the guessing floor the posterior is
 * not concave (a question answered below the floor has a ridge towards b → ∞), and a full step there can jump
 * back and forth between two points for ever, which the calibration would take for convergence.
 */
export function fitItem(
  item: ItemParameters,
  expected: Float64Array,
  right: Float64Array,
  estimateDiscrimination: boolean,
): ItemParameters {
  const { difficultySpread, logDiscriminationSpread } = CALIBRATION_PRIORS;
  let b = item.difficulty;
  let logA = estimateDiscrimination ? Math.log(item.discrimination) : 0;
  const c = item.guessing;
  let current = itemLogPosterior(b, logA, c, expected, right);
  for (let step = 0; step < 6; step += 1) {
    const a = Math.exp(logA);
    let gradB = -b / difficultySpread ** 2;
    let gradA = -logA / logDiscriminationSpread ** 2;
    let infoBB = 1 / difficultySpread ** 2;
    let infoAA = 1 / logDiscriminationSpread ** 2;
    let infoAB = 0;
    for (let q = 0; q < LEVEL_GRID.length; q += 1) {
      if (at(expected, q) === 0) continue;
      const distance = at(LEVEL_GRID, q) - b;
      const logistic = 1 / (1 + Math.exp(-a * distance));
      const p = c + (1 - c) * logistic;
      const slope = (1 - c) * logistic * (1 - logistic);
      const weight = slope / (p * (1 - p));
      const residual = at(right, q) - at(expected, q) * p;
      // dz/db = −a and dz/d(log a) = a (θ − b), where z = a (θ − b).
      const dB = -a;
      const dA = a * distance;
      gradB += residual * weight * dB;
      gradA += residual * weight * dA;
      const information = at(expected, q) * slope * weight;
      infoBB += information * dB * dB;
      infoAA += information * dA * dA;
      infoAB += information * dA * dB;
    }
    let moveB: number;
    let moveA = 0;
    if (estimateDiscrimination) {
      const determinant = infoBB * infoAA - infoAB * infoAB;
      moveB = (infoAA * gradB - infoAB * gradA) / determinant;
      moveA = (infoBB * gradA - infoAB * gradB) / determinant;
    } else {
      moveB = gradB / infoBB;
    }
    if (Math.abs(moveB) < 1e-6 && Math.abs(moveA) < 1e-6) break;
    // At most 1 in b and 0.5 in log a a step, shortened as a whole so that it keeps its direction.
    let share = Math.min(1, 1 / Math.abs(moveB), 0.5 / Math.abs(moveA));
    let next = itemLogPosterior(b + share * moveB, logA + share * moveA, c, expected, right);
    while (next < current && share > 1e-4) {
      share /= 2;
      next = itemLogPosterior(b + share * moveB, logA + share * moveA, c, expected, right);
    }
    if (next < current) break;
    b += share * moveB;
    logA += share * moveA;
    current = next;
  }
  return { difficulty: b, discrimination: Math.exp(logA), guessing: c };
}

/**
 * Calibrates every question of one subject from its students' answers: marginal maximum a posteriori by
 * expectation–maximisation over LEVEL_GRID (Bock and Aitkin's method, with the priors above). Each iteration
 * spreads every student over the levels their answers allow, then refits each question to the answers expected
 * at each level. Returns the questions, in the matrix's numbering, with their fit, and each student's level.
 */
export function calibrate(responses: ResponseMatrix, options: CalibrationOptions = {}): Calibration {
  const maxIterations = options.maxIterations ?? 200;
  const tolerance = options.tolerance ?? 1e-3;
  const itemCount = responses.guessing.length;
  const points = LEVEL_GRID.length;
  const answers = new Int32Array(itemCount);
  for (const item of responses.item) answers[item] = at(answers, item) + 1;
  let items: ItemParameters[] = Array.from(responses.guessing, (guessing) => ({
    difficulty: 0,
    discrimination: 1,
    guessing,
  }));
  const { offsets, order } = byStudent(responses);
  const posterior = new Float64Array(points);
  const expected = new Float64Array(itemCount * points);
  const right = new Float64Array(itemCount * points);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations += 1;
    expected.fill(0);
    right.fill(0);
    const curves = logCurves(items);
    for (let s = 0; s < responses.studentCount; s += 1) {
      const count = at(offsets, s + 1) - at(offsets, s);
      if (count === 0) continue;
      const own = order.subarray(at(offsets, s), at(offsets, s + 1));
      posteriorOf(own, count, responses, curves, posterior);
      for (const index of own) {
        const base = at(responses.item, index) * points;
        const isRight = at(responses.correct, index) === 1;
        for (let q = 0; q < points; q += 1) {
          expected[base + q] = at(expected, base + q) + at(posterior, q);
          if (isRight) right[base + q] = at(right, base + q) + at(posterior, q);
        }
      }
    }
    let largestMove = 0;
    items = items.map((item, i) => {
      const fitted = fitItem(
        item,
        expected.subarray(i * points, (i + 1) * points),
        right.subarray(i * points, (i + 1) * points),
        at(answers, i) >= CALIBRATION_PRIORS.answersForDiscrimination,
      );
      largestMove = Math.max(
        largestMove,
        Math.abs(fitted.difficulty - item.difficulty),
        Math.abs(fitted.discrimination - item.discrimination),
      );
      return fitted;
    });
    converged = largestMove < tolerance;
  }
  const levels = studentLevels(responses, items, offsets, order);
  return { items: withFit(responses, items, answers, levels), levels, iterations, converged };
}

function studentLevels(
  responses: ResponseMatrix,
  items: readonly ItemParameters[],
  offsets: Int32Array,
  order: Int32Array,
): { mean: number; spread: number }[] {
  const curves = logCurves(items);
  const posterior = new Float64Array(LEVEL_GRID.length);
  return Array.from({ length: responses.studentCount }, (_, s) => {
    const count = at(offsets, s + 1) - at(offsets, s);
    posteriorOf(order.subarray(at(offsets, s), at(offsets, s + 1)), count, responses, curves, posterior);
    return summariseLevel(posterior);
  });
}

/** Infit and outfit mean squares of each question, from each student's level. */
function withFit(
  responses: ResponseMatrix,
  items: readonly ItemParameters[],
  answers: Int32Array,
  levels: readonly { mean: number }[],
): CalibratedItem[] {
  const squared = new Float64Array(items.length);
  const variance = new Float64Array(items.length);
  const standardised = new Float64Array(items.length);
  responses.item.forEach((i, index) => {
    const item = items[i];
    const level = levels[at(responses.student, index)];
    if (!item || !level) return;
    const p = probability(item, level.mean);
    const residual = at(responses.correct, index) - p;
    squared[i] = at(squared, i) + residual * residual;
    variance[i] = at(variance, i) + p * (1 - p);
    standardised[i] = at(standardised, i) + (residual * residual) / (p * (1 - p));
  });
  return items.map((item, i) => {
    const judged = at(answers, i) >= FIT_RULES.minAnswers;
    return {
      ...item,
      answers: at(answers, i),
      infit: judged ? at(squared, i) / at(variance, i) : null,
      outfit: judged ? at(standardised, i) / at(answers, i) : null,
    };
  });
}

/** Whether a calibrated question fits the model badly enough for an editor to look at it. */
export function fitsBadly(item: Pick<CalibratedItem, 'infit' | 'outfit'>): boolean {
  const outside = (value: number | null) =>
    value !== null && (value < FIT_RULES.low || value > FIT_RULES.high);
  return outside(item.infit) || outside(item.outfit);
}

/** A level: the posterior over LEVEL_GRID, and its mean (the EAP estimate) and spread. */
export interface LevelEstimate {
  mean: number;
  spread: number;
  posterior: Float64Array;
}

function summariseLevel(posterior: Float64Array): { mean: number; spread: number } {
  let mean = 0;
  for (let q = 0; q < LEVEL_GRID.length; q += 1) mean += at(posterior, q) * at(LEVEL_GRID, q);
  let variance = 0;
  for (let q = 0; q < LEVEL_GRID.length; q += 1)
    variance += at(posterior, q) * (at(LEVEL_GRID, q) - mean) ** 2;
  return { mean, spread: Math.sqrt(variance) };
}

/**
 * A student's level in a subject from their answers to calibrated questions: the expected a posteriori (EAP)
 * estimate under the population prior, with its spread.
 */
export function estimateLevel(answers: readonly { item: ItemParameters; correct: boolean }[]): LevelEstimate {
  const matrix: ResponseMatrix = {
    studentCount: 1,
    student: new Int32Array(answers.length),
    item: Int32Array.from(answers, (_, index) => index),
    correct: Uint8Array.from(answers, (answer) => (answer.correct ? 1 : 0)),
    guessing: Float64Array.from(answers, (answer) => answer.item.guessing),
  };
  const posterior = new Float64Array(LEVEL_GRID.length);
  const order = Int32Array.from(answers, (_, index) => index);
  posteriorOf(order, answers.length, matrix, logCurves(answers.map((answer) => answer.item)), posterior);
  return { ...summariseLevel(posterior), posterior };
}

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
