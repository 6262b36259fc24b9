/**
 * The predicted score against real mocks (docs/prediction.md, "Against real mocks"): every scored UTME sitting
 * is set against the prediction the student would have been shown just before they started it. Each sitting's
 * four subjects are predicted as GET /api/v1/prediction predicts them (predictSitting), from the student's
 * evidence before the sitting's start, with the pools and parameters as they are now. A sitting is compared
 * only when all four subjects had a prediction then, so the figures speak of the predictions students saw.
 *
 * Practice sittings count: they are whole sittings on the same clock, scored as any other; they differ only in
 * not being ranked, because the bank could not fill them with questions the student had not been shown. Their
 * count among the compared is reported, since a student may remember some of those keys.
 */

import { sql } from 'drizzle-orm';
import type { PredictionSubject, ScoreRange } from '../../../lib/api/prediction.ts';
import { UTME } from '../../../lib/api/utme.ts';
import { type Executor, rowsOf } from '../../db/client.ts';
import { sittingTitle } from '../exams/utme.ts';
import { subjectLevels } from './levels.ts';
import type { PoolCache } from './pool-cache.ts';
import { predictSitting } from './predict.ts';

/** One subject of a sitting: the prediction made before it (null below PREDICTION.minAnswers) and the score. */
export interface MockSubject {
  subject: PredictionSubject;
  /** The student's evidence in the subject before the sitting started. */
  answers: number;
  predicted: ScoreRange | null;
  /** The section's score out of 100. */
  actual: number;
}

/** One scored sitting against the prediction made before it. */
export interface MockSitting {
  attemptId: string;
  userId: string;
  startedAt: Date;
  /** Started as practice: the bank could not fill it with questions whose keys the student had not seen. */
  practice: boolean;
  /** The total predicted out of 400; null unless every subject had a prediction. */
  predicted: ScoreRange | null;
  /** The sitting's total out of 400 (attempts.score, the sum of its sections' scores). */
  actual: number;
  /** Use of English first, in the sitting's order. */
  subjects: MockSubject[];
}

/** How a set of predictions fared against the scores. */
export interface ErrorSummary {
  compared: number;
  /** The mean absolute difference between the expected score and the score. */
  meanError: number;
  medianError: number;
  /** The share of scores inside the predicted range, its ends included. */
  coverage: number;
}

/** The comparison's figures: the total's, and each subject's over the compared sittings that had it. */
export interface MockComparison {
  sittings: number;
  compared: number;
  /** How many of the compared sittings were practice. */
  practice: number;
  /** Null when no sitting was compared. */
  total: ErrorSummary | null;
  subjects: (ErrorSummary & { subject: PredictionSubject })[];
}

interface SittingRow {
  attemptId: string;
  userId: string;
  startedAt: Date | string;
  practice: boolean;
  total: number;
  sections: { subjectId: string; slug: string; title: string; score: number }[];
}

/**
 * Every scored sitting of a student, oldest first, with its sections in order. Admins' sittings and deleted
 * accounts' are left out, as the evidence leaves their answers out.
 */
async function scoredSittings(db: Executor): Promise<SittingRow[]> {
  return rowsOf<SittingRow>(
    await db.execute(sql`select a.id::text as "attemptId", a.user_id::text as "userId",
        a.started_at as "startedAt", a.practice, a.score as total,
        json_agg(json_build_object('subjectId', s.subject_id, 'slug', sub.slug, 'title', sub.title,
          'score', s.score) order by s.position) as sections
      from attempts a
      join users u on u.id = a.user_id
      join utme_sections s on s.attempt_id = a.id
      join subjects sub on sub.id = s.subject_id
      where a.kind = 'utme' and a.submitted_at is not null and not u.is_admin and u.deleted_at is null
      group by a.id
      order by a.started_at, a.id`),
  );
}

/**
 * Every scored sitting with the prediction made from its student's evidence before it started, at the pools'
 * current version; and when the bank was last calibrated.
 */
export async function predictMockSittings(
  db: Executor,
  pools: PoolCache,
): Promise<{ sittings: MockSitting[]; calibratedAt: Date | null }> {
  const rows = await scoredSittings(db);
  const subjectIds = [...new Set(rows.flatMap((row) => row.sections.map((section) => section.subjectId)))];
  const bank = await pools.get(db, subjectIds);
  const sittings: MockSitting[] = [];
  // One sitting at a time: a database with many sittings is read without a burst of queries.
  for (const row of rows) {
    const startedAt = new Date(row.startedAt);
    const subjects = row.sections.map((section) => ({
      _id: section.subjectId,
      slug: section.slug,
      title: sittingTitle(section),
    }));
    const levels = await subjectLevels(
      db,
      row.userId,
      subjects.map((subject) => subject._id),
      startedAt,
    );
    const predicted = predictSitting(subjects, levels, bank.pools);
    sittings.push({
      attemptId: row.attemptId,
      userId: row.userId,
      startedAt,
      practice: row.practice,
      predicted: predicted.total,
      actual: row.total,
      subjects: predicted.subjects.map((entry, index) => ({
        subject: entry.subject,
        answers: entry.answers,
        predicted: entry.score,
        actual: row.sections[index]?.score ?? 0,
      })),
    });
  }
  return { sittings, calibratedAt: bank.calibratedAt };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** The errors and the coverage of some predictions against their scores (at least one). */
function summarise(pairs: readonly { predicted: ScoreRange; actual: number }[]): ErrorSummary {
  const errors = pairs.map(({ predicted, actual }) => Math.abs(predicted.expected - actual));
  const inside = pairs.filter(({ predicted, actual }) => actual >= predicted.low && actual <= predicted.high);
  return {
    compared: pairs.length,
    meanError: errors.reduce((sum, error) => sum + error, 0) / errors.length,
    medianError: median(errors),
    coverage: inside.length / pairs.length,
  };
}

/** The figures of the sittings that had a whole prediction before them: the total's, then each subject's. */
export function compareMocks(sittings: readonly MockSitting[]): MockComparison {
  const compared = sittings.flatMap(({ predicted, actual, practice, subjects }) =>
    predicted ? [{ predicted, actual, practice, subjects }] : [],
  );
  const bySubject = new Map<
    string,
    { subject: PredictionSubject; pairs: { predicted: ScoreRange; actual: number }[] }
  >();
  for (const sitting of compared) {
    for (const { subject, predicted, actual } of sitting.subjects) {
      if (!predicted) continue;
      const entry = bySubject.get(subject._id) ?? { subject, pairs: [] };
      entry.pairs.push({ predicted, actual });
      bySubject.set(subject._id, entry);
    }
  }
  // Use of English, which every sitting has, then the others by name.
  const order = (subject: PredictionSubject) =>
    `${subject.slug === UTME.englishSlug ? 0 : 1}${subject.title}`;
  return {
    sittings: sittings.length,
    compared: compared.length,
    practice: compared.filter((sitting) => sitting.practice).length,
    total: compared.length > 0 ? summarise(compared) : null,
    subjects: [...bySubject.values()]
      .sort((a, b) => order(a.subject).localeCompare(order(b.subject)))
      .map(({ subject, pairs }) => ({ subject, ...summarise(pairs) })),
  };
}
