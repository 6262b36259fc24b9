/**
 * The Today card's topics (docs/prediction.md, "The plan to exam day"): the topics of the student's UTME
 * subjects where a typical sitting costs them the most points, as many a day as the days left need.
 */

import { PREDICTION, type PredictionSubject, type TodayTopic } from '../../../lib/api/prediction.ts';
import { UTME } from '../../../lib/api/utme.ts';
import { probability } from './irt.ts';
import type { SubjectPool } from './pool-cache.ts';

/** A topic is worth a day's practice when a typical sitting costs at least this many points in it. */
export const POINTS_WORTH_PRACTISING = 1;

/**
 * Each tagged topic of the subject's pool, with the points the student loses in it on a typical sitting at
 * their level in that topic (`levelIn`: levels.ts, their own answers in the topic around their level in the
 * subject): UTME.maxScore × Σ over the topic's questions of (1 − P(right)) / the pool's size. Those are the
 * points that practising the topic could add to the predicted score, so a topic the student has mastered
 * weighs little however large it is. A sitting draws its questions from the whole pool, so a topic weighs
 * its share of the pool; the subject's 100 points are 100 of the 400, so the number is points of the total
 * too. Untagged questions count in the pool's size but name no topic to practise.
 */
export function topicStakes(
  subject: PredictionSubject,
  pool: SubjectPool,
  levelIn: (topic: string) => number,
): TodayTopic[] {
  const lost = new Map<string, number>();
  pool.items.forEach((item, index) => {
    const topic = pool.topics[index];
    if (topic === null || topic === undefined) return;
    lost.set(topic, (lost.get(topic) ?? 0) + 1 - probability(item, levelIn(topic)));
  });
  return [...lost]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([topic, sum]) => ({ subject, topic, pointsAtStake: (UTME.maxScore * sum) / pool.items.length }));
}

/**
 * How many topics to practise today: the topics worth practising spread over the days left, at least one
 * and at most PREDICTION.maxTopicsToday. Without a date (or once it has passed) there is no horizon to
 * spread them over, so the day gets the most.
 */
export function topicsToday(worthPractising: number, daysLeft: number | null): number {
  if (daysLeft === null) return PREDICTION.maxTopicsToday;
  const share = Math.ceil(worthPractising / Math.max(daysLeft, 1));
  return Math.min(PREDICTION.maxTopicsToday, Math.max(1, share));
}

/** Today's topics: those worth practising, most points at stake first, as many as topicsToday says. */
export function todaysTopics(stakes: readonly TodayTopic[], daysLeft: number | null): TodayTopic[] {
  const worth = stakes
    .filter((stake) => stake.pointsAtStake >= POINTS_WORTH_PRACTISING)
    .sort((a, b) => b.pointsAtStake - a.pointsAtStake);
  return worth.slice(0, topicsToday(worth.length, daysLeft)).map((stake) => ({
    ...stake,
    pointsAtStake: Math.round(stake.pointsAtStake * 10) / 10,
  }));
}
