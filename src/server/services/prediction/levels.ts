/**
 * A student's level in each of their UTME subjects, from their evidence (evidence.ts) and the questions'
 * calibrated parameters (docs/prediction.md): the posterior over the levels and its mean. A subject with no
 * evidence has the prior, mean 0.
 */

import { sql } from 'drizzle-orm';
import { type Executor, uuidArray } from '../../db/client.ts';
import { studentEvidence } from './evidence.ts';
import {
  estimateLevel,
  type ItemParameters,
  type LevelEstimate,
  priorParameters,
  topicLevel,
} from './irt.ts';

/** One counted answer, scored against its question's parameters. */
interface ScoredAnswer {
  item: ItemParameters;
  correct: boolean;
  topic: string | null;
}

/** One subject's evidence: how many answers count, the level they give, and the answers themselves. */
export interface SubjectLevel {
  answers: number;
  level: LevelEstimate;
  scored: ScoredAnswer[];
}

type Calibrated = Pick<ItemParameters, 'difficulty' | 'discrimination'>;

/** The calibrated difficulty and discrimination of the questions `ids` that have them. */
async function parametersOf(db: Executor, ids: readonly string[]): Promise<Map<string, Calibrated>> {
  if (ids.length === 0) return new Map();
  const result = (await db.execute(sql`select question_id::text as id, difficulty, discrimination
    from item_parameters where question_id = any(${uuidArray(ids)})`)) as unknown as {
    rows: ({ id: string } & Calibrated)[];
  };
  return new Map(
    result.rows.map((row) => [row.id, { difficulty: row.difficulty, discrimination: row.discrimination }]),
  );
}

/**
 * The student's level in each subject of `subjectIds`, by subject id (every one present); with `before`, from
 * the evidence they had at that moment (studentEvidence), at the questions' parameters as they are now.
 */
export async function subjectLevels(
  db: Executor,
  userId: string,
  subjectIds: readonly string[],
  before?: Date,
): Promise<Map<string, SubjectLevel>> {
  const evidence = await studentEvidence(db, userId, subjectIds, before);
  const parameters = await parametersOf(
    db,
    evidence.map((answer) => answer.questionId),
  );
  return new Map(
    subjectIds.map((subjectId) => {
      const answers = evidence
        .filter((answer) => answer.subjectId === subjectId)
        .map((answer) => {
          // The guessing floor is always the question's own: 1 in its options.
          const prior = priorParameters(1 / answer.options);
          const calibrated = parameters.get(answer.questionId);
          return {
            item: calibrated ? { ...prior, ...calibrated } : prior,
            correct: answer.correct,
            topic: answer.topic,
          };
        });
      return [subjectId, { answers: answers.length, level: estimateLevel(answers), scored: answers }];
    }),
  );
}

/**
 * The student's level in each topic of a subject they have answered in (topicLevel, around their level in
 * the subject): what the Today card weighs topics at. Only the Today card asks, so a prediction never pays.
 */
export function topicLevels({ level, scored }: SubjectLevel): Map<string, number> {
  const byTopic = Map.groupBy(
    scored.filter((answer) => answer.topic !== null),
    (answer) => answer.topic ?? '',
  );
  return new Map([...byTopic].map(([topic, inTopic]) => [topic, topicLevel(level.mean, inTopic)]));
}
