/**
 * Each entrant's own order of a level's questions and of each question's options, so that "the answer is B"
 * or "question 3 is C" is worth nothing to a neighbour. The order is drawn from a hash of the entrant and the
 * contest, so it is the same on every instance and on every reload, and needs no storage beyond the level's
 * question list.
 */

import { createHash } from 'node:crypto';

/** A deterministic Fisher–Yates shuffle of `items`, driven by SHA-256 of `seed`. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const shuffled = [...items];
  let block = createHash('sha256').update(seed).digest();
  let offset = 0;
  const nextUint32 = () => {
    if (offset + 4 > block.length) {
      block = createHash('sha256').update(block).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const pick = nextUint32() % (index + 1);
    [shuffled[index], shuffled[pick]] = [shuffled[pick] as T, shuffled[index] as T];
  }
  return shuffled;
}

/** The entrant's order of one level's questions. */
export function entrantQuestionOrder(
  questionIds: readonly string[],
  entrant: { userId: string; contestId: string; level: number },
): string[] {
  return seededShuffle(questionIds, `questions:${entrant.contestId}:${entrant.userId}:${entrant.level}`);
}

/** The entrant's order of one question's options. */
export function entrantOptionOrder<T>(
  options: readonly T[],
  entrant: { userId: string; questionId: string },
): T[] {
  return seededShuffle(options, `options:${entrant.userId}:${entrant.questionId}`);
}
