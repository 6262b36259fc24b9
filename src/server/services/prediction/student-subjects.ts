/**
 * Which four subjects a student's prediction and Today card are about: Use of English, then the three of
 * their exam plan, or of their latest UTME sitting when they have no plan; Use of English alone when neither
 * names three.
 */

import { sql } from 'drizzle-orm';
import type { PredictionSubject, UtmePrediction } from '../../../lib/api/prediction.ts';
import { UTME } from '../../../lib/api/utme.ts';
import { type Executor, uuidArray } from '../../db/client.ts';
import { sittingTitle } from '../exams/utme.ts';

/** The student's UTME subjects, Use of English first, and where the other three came from. */
export interface StudentSubjects {
  subjects: PredictionSubject[];
  chosenFrom: UtmePrediction['chosenFrom'];
}

/** How many questions a sitting asks in the subject: 60 in Use of English, 40 in the others. */
export function sittingQuestions(subject: Pick<PredictionSubject, 'slug'>): number {
  return subject.slug === UTME.englishSlug ? UTME.englishQuestions : UTME.electiveQuestions;
}

/** The three subjects besides Use of English: the plan's, else the latest sitting's, else none. */
function electivesOf(plan: string[] | null, sitting: string[] | null) {
  if (plan?.length === UTME.electives) return { chosenFrom: 'plan' as const, electives: plan };
  if (sitting?.length === UTME.electives) return { chosenFrom: 'sitting' as const, electives: sitting };
  return { chosenFrom: 'none' as const, electives: [] };
}

/** The student's UTME subjects: Use of English and the three of their plan or latest sitting. */
export async function studentSubjects(db: Executor, userId: string): Promise<StudentSubjects> {
  const chosen = (await db.execute(sql`select
      (select subject_ids::text[] from exam_plans where user_id = ${userId}::uuid) as plan,
      (select array_agg(s.subject_id::text order by s.position) from utme_sections s
        where s.position > 0 and s.attempt_id = (select id from attempts
          where user_id = ${userId}::uuid and kind = 'utme' order by started_at desc limit 1)) as sitting`)) as unknown as {
    rows: { plan: string[] | null; sitting: string[] | null }[];
  };
  const { chosenFrom, electives } = electivesOf(
    chosen.rows[0]?.plan ?? null,
    chosen.rows[0]?.sitting ?? null,
  );
  const rows = (await db.execute(sql`select id::text as "_id", slug, title from subjects
    where slug = ${UTME.englishSlug} or id = any(${uuidArray(electives)})`)) as unknown as {
    rows: PredictionSubject[];
  };
  const byId = new Map(rows.rows.map((subject) => [subject._id, subject]));
  const english = rows.rows.find((subject) => subject.slug === UTME.englishSlug);
  const subjects = [english?._id, ...electives].flatMap((id) => {
    const subject = id === undefined ? undefined : byId.get(id);
    return subject ? [{ ...subject, title: sittingTitle(subject) }] : [];
  });
  return { subjects, chosenFrom };
}
