/**
 * GET /api/v1/prediction/today: the day's work towards the exam (docs/prediction.md, "The plan to exam day"):
 * the days left, the review deck's questions for today, and the weakest topics by the points practising
 * them could add (each at the student's own level in it).
 */

import type { TodayPlan } from '../../../lib/api/prediction.ts';
import { dueToday } from '../../../lib/api/review.ts';
import type { Database } from '../../db/client.ts';
import { westAfricaDate } from '../exams/daily.ts';
import { addPendingMistakes, deckCounts } from '../learning/deck.ts';
import { subjectLevels, topicLevels } from './levels.ts';
import { daysBetween, examPlan } from './plan.ts';
import type { PoolCache } from './pool-cache.ts';
import { studentSubjects } from './student-subjects.ts';
import { todaysTopics, topicStakes } from './topics.ts';

/** The student's Today card at `now`. */
export async function todayPlan(
  db: Database,
  pools: PoolCache,
  userId: string,
  now: Date,
): Promise<TodayPlan> {
  // Counted as GET /review/due counts for the home reminder: the mistakes scored since the deck was read first.
  await addPendingMistakes(db, userId, now);
  const [plan, { subjects }, counts] = await Promise.all([
    examPlan(db, userId),
    studentSubjects(db, userId),
    deckCounts(db, userId, now),
  ]);
  const ids = subjects.map((subject) => subject._id);
  const [levels, bank] = await Promise.all([subjectLevels(db, userId, ids), pools.get(db, ids)]);

  const today = westAfricaDate(now);
  const daysLeft =
    plan.examDate !== null && plan.examDate >= today ? daysBetween(today, plan.examDate) : null;
  const stakes = subjects.flatMap((subject) => {
    const pool = bank.pools.get(subject._id);
    if (!pool || pool.items.length === 0) return [];
    const level = levels.get(subject._id);
    // A topic without answers is taken at the subject's level; with no evidence in the subject, the
    // prior's mean, 0 (an ordinary student).
    const inSubject = level?.level.mean ?? 0;
    const inTopics = level ? topicLevels(level) : new Map<string, number>();
    return topicStakes(subject, pool, (topic) => inTopics.get(topic) ?? inSubject);
  });
  return {
    examDate: plan.examDate,
    daysLeft,
    reviewsDue: dueToday(counts),
    topics: todaysTopics(stakes, daysLeft),
  };
}
