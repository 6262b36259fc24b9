/**
 * The curve, the grid of levels and a student's level (docs/prediction.md, "The model"): the part of the
 * item-response model (irt.ts) that the calibration and the prediction share.
 */

/** Reads a typed array within its bounds, which every loop of the model keeps to. */
export const at = (values: ArrayLike<number>, index: number): number => values[index] ?? 0;

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

/**
 * A question no calibration has reached: an ordinary difficulty and discrimination (the priors' centres) and
 * its own guessing floor. Calibration starts every question here, and a prediction takes one it has not
 * reached as this.
 */
export function priorParameters(guessing: number): ItemParameters {
  return { difficulty: 0, discrimination: 1, guessing };
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

/** Per question and grid point, log P and log (1 − P), laid out item-major. */
export function logCurves(items: readonly ItemParameters[]): { right: Float64Array; wrong: Float64Array } {
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
export function posteriorOf(
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

/** A level: the posterior over LEVEL_GRID, and its mean (the EAP estimate) and spread. */
export interface LevelEstimate {
  mean: number;
  spread: number;
  posterior: Float64Array;
}

export function summariseLevel(posterior: Float64Array): { mean: number; spread: number } {
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

/**
 * How far a student's level in one topic is taken to stray from their level in the subject: the spread of the
 * prior a topic's level starts from. A few answers in a topic move it only a little from the subject's level;
 * twenty or so show the topic's own.
 */
export const TOPIC_SPREAD = 0.5;

/**
 * A student's level in one topic of a subject (the Today card's weakest topics): the EAP estimate from their
 * answers in the topic, under a prior centred on their level in the whole subject with spread TOPIC_SPREAD.
 * With no answers in the topic it is the subject's level.
 */
export function topicLevel(
  subjectLevel: number,
  answers: readonly { item: ItemParameters; correct: boolean }[],
): number {
  const logs = LEVEL_GRID.map((theta) => {
    let log = -((theta - subjectLevel) ** 2) / (2 * TOPIC_SPREAD ** 2);
    for (const answer of answers) {
      const p = probability(answer.item, theta);
      log += Math.log(answer.correct ? p : 1 - p);
    }
    return log;
  });
  let top = Number.NEGATIVE_INFINITY;
  for (const log of logs) top = Math.max(top, log);
  return summariseLevel(normalised(logs.map((log) => Math.exp(log - top)))).mean;
}
