/**
 * Calibration (docs/prediction.md, "Calibration"): every question of a subject estimated from every student's
 * counted answers, with each question's fit. Part of the item-response model (irt.ts).
 */
import {
  at,
  type ItemParameters,
  LEVEL_GRID,
  logCurves,
  posteriorOf,
  priorParameters,
  probability,
  type ResponseMatrix,
  summariseLevel,
} from './irt-levels.ts';

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
export const FIT_RULES = {
  minAnswers: 30,
  low: 0.7,
  high: 1.3,
  /**
   * A question whose discrimination is estimated (CALIBRATION_PRIORS.answersForDiscrimination answers) and comes
   * out below this barely tells stronger students from weaker ones: a key that abler students get wrong is
   * fitted as a nearly flat curve, whose mean squares look fine (docs/prediction.md, "Calibration").
   */
  minDiscrimination: 0.4,
} as const;

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
  let items: ItemParameters[] = Array.from(responses.guessing, priorParameters);
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
export function fitsBadly(
  item: Pick<CalibratedItem, 'infit' | 'outfit' | 'discrimination' | 'answers'>,
): boolean {
  const outside = (value: number | null) =>
    value !== null && (value < FIT_RULES.low || value > FIT_RULES.high);
  const flat =
    item.answers >= CALIBRATION_PRIORS.answersForDiscrimination &&
    item.discrimination < FIT_RULES.minDiscrimination;
  return outside(item.infit) || outside(item.outfit) || flat;
}
