/**
 * The questions that fit the item-response model badly (irt.ts, fitsBadly), with what an editor needs to find
 * and check each: `npm run bank:calibrate` lists them after a run, or from the stored parameters.
 */

import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf, uuidArray } from '../../db/client.ts';
import type { CalibratedQuestion } from './calibration.ts';
import { CALIBRATION_PRIORS, FIT_RULES, fitsBadly } from './irt.ts';

/** A question that fits badly: where it is, its key, and its parameters and fit. */
export interface Misfit {
  questionId: string;
  examType: string;
  subject: string;
  year: number;
  /** 1 for the paper's first question. */
  number: number;
  /** The question's stable key in the bank's files. */
  questionKey: string;
  topic: string | null;
  /** The letter of the right option. */
  answer: string;
  answers: number;
  difficulty: number;
  discrimination: number;
  infit: number | null;
  outfit: number | null;
}

type Placement = Pick<Misfit, 'questionId' | 'examType' | 'subject' | 'year' | 'number' | 'questionKey'> &
  Pick<Misfit, 'topic' | 'answer'>;

/**
 * Where the questions `where` picks are and their right option, in exam type, subject, year and question
 * order; `stored` adds their stored parameters.
 */
function placementQuery(where: SQL, stored = false): SQL {
  return sql`select q.id as "questionId", et.title as "examType", s.title as subject, y.year,
      q.position + 1 as number, q.key as "questionKey", q.topic,
      coalesce((select chr(65 + o.position) from options o where o.question_id = q.id and o.is_correct), '?')
        as answer
      ${stored ? sql`, ip.answers, ip.difficulty, ip.discrimination, ip.infit, ip.outfit` : sql``}
    from questions q
    ${stored ? sql`join item_parameters ip on ip.question_id = q.id` : sql``}
    join papers p on p.id = q.paper_id
    join exam_types et on et.id = p.exam_type_id
    join subjects s on s.id = p.subject_id
    join years y on y.id = p.year_id
    where ${where}
    order by et.title, s.title, y.year, q.position`;
}

/** The questions of a run that fit badly, placed in the bank. */
export async function describeMisfits(db: Executor, items: readonly CalibratedQuestion[]): Promise<Misfit[]> {
  const misfits = new Map(items.filter(fitsBadly).map((item) => [item.questionId, item]));
  if (misfits.size === 0) return [];
  const placed = rowsOf<Placement>(
    await db.execute(placementQuery(sql`q.id = any(${uuidArray([...misfits.keys()])})`)),
  );
  return placed.flatMap((place) => {
    const item = misfits.get(place.questionId);
    if (!item) return [];
    const { answers, difficulty, discrimination, infit, outfit } = item;
    return [{ ...place, answers, difficulty, discrimination, infit, outfit }];
  });
}

/**
 * The stored questions that fit badly (fitsBadly, in SQL: a mean square outside FIT_RULES, or a flat estimated
 * curve; a question with too few answers has no mean squares), of one subject or all, and when the latest
 * calibration finished.
 */
export async function storedMisfits(
  db: Executor,
  subjectId?: string,
): Promise<{ misfits: Misfit[]; calibratedAt: Date | null }> {
  const outside = (column: SQL) => sql`(${column} < ${FIT_RULES.low} or ${column} > ${FIT_RULES.high})`;
  const flat = sql`(ip.answers >= ${CALIBRATION_PRIORS.answersForDiscrimination} and ip.discrimination < ${FIT_RULES.minDiscrimination})`;
  const ofSubject = subjectId === undefined ? sql`` : sql`and p.subject_id = ${subjectId}::uuid`;
  const misfits = rowsOf<Misfit>(
    await db.execute(
      placementQuery(
        sql`(${outside(sql`ip.infit`)} or ${outside(sql`ip.outfit`)} or ${flat}) ${ofSubject}`,
        true,
      ),
    ),
  );
  const [latest] = rowsOf<{ ms: number | null }>(
    await db.execute(
      sql`select (extract(epoch from max(finished_at)) * 1000)::double precision as ms from calibration_runs`,
    ),
  );
  return { misfits, calibratedAt: latest?.ms == null ? null : new Date(latest.ms) };
}
