/**
 * GET /api/v1/prediction: the signed-in student's predicted UTME score (docs/prediction.md, "The endpoints").
 * Each subject's score is predicted once its evidence reaches PREDICTION.minAnswers: the student's level
 * (levels.ts), a sitting's questions drawn from the subject's JAMB pool (pool-cache.ts), and the chances of
 * each score that gives; the total is the sum of the four. It is read, never stored: no board, ranking or
 * leaderboard ever sees it.
 */

import {
  PREDICTION,
  type PredictionSubject,
  type SubjectPrediction,
  type UtmePrediction,
} from '../../../lib/api/prediction.ts';
import { UTME } from '../../../lib/api/utme.ts';
import type { Executor } from '../../db/client.ts';
import { scoreDistribution, scoreRange, sumDistributions } from './irt.ts';
import { type SubjectLevel, subjectLevels } from './levels.ts';
import type { PoolCache, SubjectPool } from './pool-cache.ts';
import { sittingQuestions, studentSubjects } from './student-subjects.ts';

/**
 * The predicted scores of a sitting in `subjects` (Use of English first), from the student's level in each
 * and each subject's pool: what the endpoint answers, and what the comparison with real mocks (mock-comparison.ts)
 * sets against a sitting. The total shows once every subject of a whole sitting has a score.
 */
export function predictSitting(
  subjects: readonly PredictionSubject[],
  levels: ReadonlyMap<string, SubjectLevel>,
  pools: ReadonlyMap<string, SubjectPool>,
): Pick<UtmePrediction, 'subjects' | 'total'> {
  const predicted = subjects.map((subject) => {
    const evidence = levels.get(subject._id);
    const pool = pools.get(subject._id);
    const answers = evidence?.answers ?? 0;
    // A subject whose pool is empty (no JAMB question left) has no sitting to predict.
    const distribution =
      evidence && answers >= PREDICTION.minAnswers && pool && pool.items.length > 0
        ? scoreDistribution(evidence.level.posterior, pool.chance, sittingQuestions(subject), UTME.maxScore)
        : null;
    const prediction: SubjectPrediction = {
      subject,
      answers,
      score: distribution ? scoreRange(distribution, PREDICTION.rangeShare) : null,
      answersNeeded: Math.max(0, PREDICTION.minAnswers - answers),
    };
    return { prediction, distribution };
  });

  const distributions = predicted.flatMap(({ distribution }) => (distribution ? [distribution] : []));
  const whole = distributions.length === 1 + UTME.electives;
  return {
    subjects: predicted.map(({ prediction }) => prediction),
    total: whole ? scoreRange(sumDistributions(distributions), PREDICTION.rangeShare) : null,
  };
}

/** The student's predicted UTME score: each subject out of 100, and the total out of 400 once all four show. */
export async function utmePrediction(
  db: Executor,
  pools: PoolCache,
  userId: string,
): Promise<UtmePrediction> {
  const { subjects, chosenFrom } = await studentSubjects(db, userId);
  const ids = subjects.map((subject) => subject._id);
  const [levels, bank] = await Promise.all([subjectLevels(db, userId, ids), pools.get(db, ids)]);
  return {
    ...predictSitting(subjects, levels, bank.pools),
    chosenFrom,
    calibratedAt: bank.calibratedAt?.toISOString() ?? null,
  };
}
