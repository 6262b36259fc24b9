/**
 * Students answering questions under a known truth, for the item-response tests and the prediction benchmark:
 * the truth is written here on its own (not with the model's `probability`), so that a mistake in the model's
 * curve shows up as a failure to recover the truth rather than being simulated along with it.
 */
import type { ItemParameters, ResponseMatrix } from '../../src/server/services/prediction/irt.ts';
import type { SeededRandom } from './seeded-random.ts';

/** The three-parameter logistic curve: the chance that a student of level `theta` answers right. */
export function trueChance(item: ItemParameters, theta: number): number {
  const rise = 1 / (1 + Math.exp(-item.discrimination * (theta - item.difficulty)));
  return item.guessing + (1 - item.guessing) * rise;
}

/** A four-option question with a lognormal discrimination and a normal difficulty. */
export function drawItem(
  random: SeededRandom,
  shape: { difficultyMean?: number; difficultySpread?: number; logDiscriminationSpread?: number } = {},
): ItemParameters {
  return {
    difficulty: random.normal(shape.difficultyMean ?? 0, shape.difficultySpread ?? 1),
    discrimination: Math.exp(random.normal(0, shape.logDiscriminationSpread ?? 0.3)),
    guessing: 0.25,
  };
}

/** Answers collected one at a time, then handed to `calibrate` as its parallel arrays. */
export class AnswerLog {
  private readonly students: number[] = [];
  private readonly items: number[] = [];
  private readonly rights: number[] = [];

  add(student: number, item: number, correct: boolean): void {
    this.students.push(student);
    this.items.push(item);
    this.rights.push(correct ? 1 : 0);
  }

  get size(): number {
    return this.students.length;
  }

  matrix(studentCount: number, guessing: readonly number[]): ResponseMatrix {
    return {
      studentCount,
      student: Int32Array.from(this.students),
      item: Int32Array.from(this.items),
      correct: Uint8Array.from(this.rights),
      guessing: Float64Array.from(guessing),
    };
  }
}

/** The mean absolute difference between two lists of the same length. */
export function meanAbsoluteError(estimates: readonly number[], truths: readonly number[]): number {
  let sum = 0;
  estimates.forEach((estimate, index) => {
    sum += Math.abs(estimate - (truths[index] ?? Number.NaN));
  });
  return sum / estimates.length;
}

/** Pearson's correlation of two lists of the same length. */
export function correlation(left: readonly number[], right: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const leftMean = mean(left);
  const rightMean = mean(right);
  let product = 0;
  let leftSquares = 0;
  let rightSquares = 0;
  left.forEach((value, index) => {
    const other = (right[index] ?? Number.NaN) - rightMean;
    product += (value - leftMean) * other;
    leftSquares += (value - leftMean) ** 2;
    rightSquares += other ** 2;
  });
  return product / Math.sqrt(leftSquares * rightSquares);
}
