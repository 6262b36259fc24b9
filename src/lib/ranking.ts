/**
 * The ranking rule, stated once for the server (services/exams/ranking-credit.ts applies it) and for every
 * page that explains it (Instructions, /leader-board, the results and the UTME result).
 */

import type { RankingCredit } from './api/exam.ts';

/** The rule in one sentence, as students read it. */
export const RANKING_RULE =
  'A question earns you ranking points only if you had not been shown its answer before you answered it, and only once.';

/** What counts as being shown an answer, in plain words. */
export const SHOWN_DOORS =
  'You are shown an answer by a result or its review, a topic practice, the review deck, a paper you download for offline use, or a UTME result.';

/** What a sitting says when it cannot go on the mock ranking. */
export const UNRANKED_SITTING_LINE =
  'Practice mock: it will not go on the mock ranking, because you have a ranked mock already or the question bank has too few questions whose answers you have not seen yet.';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Why some questions of a counted attempt earned nothing, in plain words; '' when all of them counted. */
export function creditReasons(credit: RankingCredit): string {
  const reasons: string[] = [];
  if (credit.seenBefore > 0) {
    reasons.push(`${plural(credit.seenBefore, 'question')} you had already seen the answer to`);
  }
  if (credit.creditedBefore > 0) {
    reasons.push(`${plural(credit.creditedBefore, 'question')} that already earned you points before`);
  }
  return reasons.length === 0 ? '' : `Not counted: ${reasons.join(', and ')}. They are scored as practice.`;
}

/** The line a Leader Board result shows: how many questions counted, for how many points, and why not the rest. */
export function creditLine(credit: RankingCredit | null, totalQuestions: number): string {
  if (!credit) return 'This test is practice: it adds nothing to the Leader Board.';
  const counted =
    credit.questions === totalQuestions
      ? `All ${plural(totalQuestions, 'question')} counted`
      : `${credit.questions} of ${plural(totalQuestions, 'question')} counted`;
  const points = `${credit.points > 0 ? '+' : ''}${credit.points} ${Math.abs(credit.points) === 1 ? 'point' : 'points'}`;
  const why = creditReasons(credit);
  return `${counted} towards the Leader Board (${points}).${why ? ` ${why}` : ''}`;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A result's ranking credit read back from navigation state or a stored payload, which the browser cannot
 * trust to be whole: null when it has none that makes sense.
 */
export function creditFromState(value: unknown): RankingCredit | null {
  const credit = value as Partial<RankingCredit> | null | undefined;
  if (!credit || !isNumber(credit.questions) || !isNumber(credit.points)) return null;
  return {
    questions: credit.questions,
    points: credit.points,
    seenBefore: isNumber(credit.seenBefore) ? credit.seenBefore : 0,
    creditedBefore: isNumber(credit.creditedBefore) ? credit.creditedBefore : 0,
  };
}
