/**
 * Drawing one subject's questions for a UTME sitting: from every JAMB paper of the subject, no question
 * twice, questions the student has not met in an earlier mock first, and questions that share a passage
 * kept together, in their paper's order.
 */

/** A question the subject's pool offers. */
export interface PoolQuestion {
  id: string;
  paperId: string;
  position: number;
  /** The passage's text ('' for none): questions of one paper with the same passage go together. */
  passage: string;
  /** Met in one of the student's earlier UTME sittings. */
  seen: boolean;
}

/** A random whole number from 0 to `below` − 1. */
export type RandomInt = (below: number) => number;

function shuffled<T>(items: readonly T[], randomInt: RandomInt): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** The pool in groups: a passage's questions together in paper order, every other question alone. */
function groupsOf(pool: readonly PoolQuestion[]): PoolQuestion[][] {
  const byPassage = new Map<string, PoolQuestion[]>();
  const groups: PoolQuestion[][] = [];
  for (const question of pool) {
    if (question.passage === '') {
      groups.push([question]);
      continue;
    }
    const key = `${question.paperId}\n${question.passage}`;
    const group = byPassage.get(key);
    if (group) group.push(question);
    else {
      const created = [question];
      byPassage.set(key, created);
      groups.push(created);
    }
  }
  for (const group of groups) group.sort((a, b) => a.position - b.position);
  return groups;
}

/**
 * Takes whole groups in random order while they fit, then fills what is left from the remaining groups'
 * first questions, so that exactly `need` are taken when the tier has that many.
 */
function takeFrom(groups: PoolQuestion[][], need: number, randomInt: RandomInt): PoolQuestion[][] {
  const order = shuffled(groups, randomInt);
  const taken: PoolQuestion[][] = [];
  const left: PoolQuestion[][] = [];
  let count = 0;
  for (const group of order) {
    if (count + group.length <= need) {
      taken.push(group);
      count += group.length;
    } else left.push(group);
  }
  for (const group of left) {
    if (count >= need) break;
    const part = group.slice(0, need - count);
    taken.push(part);
    count += part.length;
  }
  return taken;
}

/**
 * `need` question ids from `pool` (fewer only when the pool is smaller): unseen questions first, then seen
 * ones; passages kept together; the groups in random order.
 */
export function drawSection(pool: readonly PoolQuestion[], need: number, randomInt: RandomInt): string[] {
  const unseen = pool.filter((question) => !question.seen);
  const seen = pool.filter((question) => question.seen);
  const fresh = takeFrom(groupsOf(unseen), need, randomInt);
  const freshCount = fresh.reduce((sum, group) => sum + group.length, 0);
  const again = freshCount < need ? takeFrom(groupsOf(seen), need - freshCount, randomInt) : [];
  return [...fresh, ...again].flat().map((question) => question.id);
}
