/**
 * Item statistics of a paper over students' first attempts, as Moodle's quiz statistics report computes them
 * (docs/learning.md, "Item statistics"): pure functions, with no database, so that they can be checked on a
 * table worked out by hand (item-statistics-formulas.test.ts).
 */

/** One question as a student's attempt left it: the option picked (null for blank or skipped), and whether it is right. */
export interface ItemResponse {
  question: string;
  option: string | null;
  right: boolean;
}

/** A student's first attempt at a paper: a response for every question it showed. */
export type TestResponses = readonly ItemResponse[];

/** A question to analyse: its options' ids in order (A, B, ...) and the right one. */
export interface ItemKey {
  question: string;
  options: readonly string[];
  right: string;
}

export interface OptionShare {
  /** A, B, C, D or E. */
  letter: string;
  isRight: boolean;
  /** How many students picked it. */
  picked: number;
  /** picked / attempts; null when no student met the question. */
  share: number | null;
}

export interface ItemStatistics {
  /** Students whose first attempt showed the question. */
  attempts: number;
  right: number;
  /** Share right, 0 to 1 (blank and skipped count as wrong); null with no attempt. */
  facility: number | null;
  /**
   * Correlation (-1 to 1) between the question's score and the score on the rest of the paper; null when it
   * is undefined: fewer than two students, or everyone scored the same on the question or on the rest.
   */
  discrimination: number | null;
  options: OptionShare[];
  /** Left blank or skipped. */
  blank: number;
  blankShare: number | null;
}

export const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The facility index: the mean score of 0-or-1 item scores, that is the share right; null for none. */
export function facilityIndex(scores: readonly number[]): number | null {
  return scores.length === 0 ? null : mean(scores);
}

/**
 * Pearson's correlation coefficient of paired values; null when it is undefined (fewer than two pairs, or
 * either list has no spread). With 0-or-1 item scores on one side, it is the point-biserial correlation.
 */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length) throw new Error('correlation needs pairs');
  if (xs.length < 2) return null;
  const meanX = mean(xs);
  const meanY = mean(ys);
  let sumXY = 0;
  let sumXX = 0;
  let sumYY = 0;
  xs.forEach((x, index) => {
    const dx = x - meanX;
    const dy = (ys[index] ?? 0) - meanY;
    sumXY += dx * dy;
    sumXX += dx * dx;
    sumYY += dy * dy;
  });
  // When every value is the same, the mean is exactly that value, so its sum of squares is exactly 0.
  if (sumXX === 0 || sumYY === 0) return null;
  return sumXY / Math.sqrt(sumXX * sumYY);
}

/**
 * The discrimination index as Moodle defines it: the correlation between each student's score on the item
 * and their score on the rest of the test (their total without this item), over the students who met it.
 */
export function discriminationIndex(itemScores: readonly number[], totals: readonly number[]): number | null {
  return correlation(
    itemScores,
    totals.map((total, index) => total - (itemScores[index] ?? 0)),
  );
}

/** A first attempt ready for the statistics: its responses by question, and its total (the number right). */
interface ScoredTest {
  responses: ReadonlyMap<string, ItemResponse>;
  total: number;
}

const scoreTests = (tests: readonly TestResponses[]): ScoredTest[] =>
  tests.map((test) => ({
    responses: new Map(test.map((response) => [response.question, response])),
    total: test.filter((response) => response.right).length,
  }));

function statisticsOf(tests: readonly ScoredTest[], item: ItemKey): ItemStatistics {
  const itemScores: number[] = [];
  const totals: number[] = [];
  const picked = new Map<string, number>();
  let blank = 0;
  for (const test of tests) {
    const response = test.responses.get(item.question);
    if (!response) continue;
    itemScores.push(response.right ? 1 : 0);
    totals.push(test.total);
    if (response.option === null) blank += 1;
    else picked.set(response.option, (picked.get(response.option) ?? 0) + 1);
  }
  const attempts = itemScores.length;
  const share = (count: number) => (attempts === 0 ? null : count / attempts);
  return {
    attempts,
    right: itemScores.filter((score) => score === 1).length,
    facility: facilityIndex(itemScores),
    discrimination: discriminationIndex(itemScores, totals),
    options: item.options.map((option, index) => ({
      letter: LETTERS[index] ?? '?',
      isRight: option === item.right,
      picked: picked.get(option) ?? 0,
      share: share(picked.get(option) ?? 0),
    })),
    blank,
    blankShare: share(blank),
  };
}

/** The statistics of one question over the students' first attempts (each one's whole test, for its total). */
export function itemStatistics(tests: readonly TestResponses[], item: ItemKey): ItemStatistics {
  return statisticsOf(scoreTests(tests), item);
}

/** The statistics of every question of a paper, in the order given, over the same first attempts. */
export function paperStatistics(
  tests: readonly TestResponses[],
  items: readonly ItemKey[],
): ItemStatistics[] {
  const scored = scoreTests(tests);
  return items.map((item) => statisticsOf(scored, item));
}

/** When a question is flagged for an editor to look at. */
export interface FlagRules {
  /** Below this many first attempts the numbers are shown but not flagged: one guess moves them too much. */
  minAttempts: number;
  tooHard: number;
  tooEasy: number;
}

export const FLAG_RULES: FlagRules = { minAttempts: 30, tooHard: 0.2, tooEasy: 0.95 };

/**
 * The reasons to look at a question, in words an editor reads: facility below 0.2 or above 0.95, negative
 * discrimination, an option nobody picked (each only from rules.minAttempts first attempts on), and open
 * reports (always).
 */
export function itemFlags(
  stats: ItemStatistics,
  openReports: number,
  rules: FlagRules = FLAG_RULES,
): string[] {
  const flags: string[] = [];
  if (stats.attempts >= rules.minAttempts && stats.facility !== null) {
    if (stats.facility < rules.tooHard) flags.push('too hard');
    if (stats.facility > rules.tooEasy) flags.push('too easy');
    if (stats.discrimination !== null && stats.discrimination < 0) flags.push('negative discrimination');
    const unpicked = stats.options.filter((option) => option.picked === 0).map((option) => option.letter);
    if (unpicked.length > 0) flags.push(`nobody picked ${unpicked.join(', ')}`);
  }
  if (openReports > 0) flags.push(`${openReports} open report${openReports === 1 ? '' : 's'}`);
  return flags;
}
