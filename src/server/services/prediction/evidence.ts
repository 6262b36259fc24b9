/**
 * The answers a prediction may learn from (docs/prediction.md, "What counts as evidence"): each student's first
 * answer to a bank question, in a scored attempt, given before they had been shown its key (shown_keys, the
 * record every door that shows a key writes to). An answer given after seeing the key measures memory, not
 * level, so it never counts; nor do blanks (a question not answered says nothing of what the student knows),
 * answers to a question a lifeline touched (a skipped one is blank whatever row a racing save left; after a
 * 50-50 it was a choice of two options, not the question its parameters describe), contest levels (their
 * questions are reserved), attempts uploaded from a phone (taken at a downloaded paper, key in hand) or
 * admins' answers. Written once here in SQL, for the calibration (every student of a subject) and for one
 * student's prediction.
 */

import { type SQL, sql } from 'drizzle-orm';
import { type Executor, uuidArray } from '../../db/client.ts';
import { bankPaperAs } from '../exams/bank-paper.ts';

/** One counted answer. */
export interface EvidenceAnswer {
  userId: string;
  questionId: string;
  subjectId: string;
  /** The question's topic (questions.topic); null for an untagged question. */
  topic: string | null;
  correct: boolean;
  /** The question's options: its chance of a blind guess is 1 over this. */
  options: number;
}

/**
 * The counted answers of the attempts `which` selects (a condition on `a`, the attempts, and `p`, the papers).
 * A key shown at the very moment of the answer is the scoring's own: submitting saves the answers it carries
 * at the same time as the result that shows their keys, so only a key shown strictly before the answer keeps
 * it out. With `before`, the evidence as it stood at that moment: only answers given before it, in attempts
 * scored before it (an attempt still open then was not evidence yet).
 */
function evidenceQuery(which: SQL, before?: Date): SQL {
  const asOf = before
    ? sql`
      and a.submitted_at < ${before.toISOString()}::timestamptz
      and aa.answered_at < ${before.toISOString()}::timestamptz`
    : sql``;
  return sql`select distinct on (a.user_id, aa.question_id)
      a.user_id as "userId", aa.question_id as "questionId", p.subject_id as "subjectId",
      q.topic, o.is_correct as correct,
      (select count(*) from options each where each.question_id = aa.question_id)::integer as options
    from attempts a
    join users u on u.id = a.user_id
    join attempt_answers aa on aa.attempt_id = a.id
    join options o on o.id = aa.option_id
    join questions q on q.id = aa.question_id
    join papers p on p.id = q.paper_id
    where a.submitted_at is not null and a.contest_id is null and ${bankPaperAs('p')}
      -- An uploaded attempt was taken at a downloaded paper. Its times are the phone's clock, which may run
      -- behind the server's: by them it could seem to end before the download that showed the key.
      and a.client_id is null
      and not u.is_admin and u.deleted_at is null
      and ${which}${asOf}
      -- The answers a hand-in carries are saved at the instant its result shows the keys, in the same
      -- transaction (attempts.submitted_at): those were given before the key. Any other showing at or before
      -- the answer's moment came first.
      and not exists (select 1 from shown_keys k
        where k.user_id = a.user_id and k.question_id = aa.question_id
          and (k.shown_at < aa.answered_at or (k.shown_at = aa.answered_at and k.shown_at <> a.submitted_at)))
      and not exists (select 1 from lifeline_uses l
        where l.attempt_id = aa.attempt_id and l.question_id = aa.question_id)
    order by a.user_id, aa.question_id, aa.answered_at, a.id`;
}

/** Every counted answer to the questions of one subject, from every student: what calibration reads. */
export async function subjectEvidence(db: Executor, subjectId: string): Promise<EvidenceAnswer[]> {
  const result = (await db.execute(evidenceQuery(sql`p.subject_id = ${subjectId}`))) as unknown as {
    rows: EvidenceAnswer[];
  };
  return result.rows;
}

/**
 * One student's counted answers in the given subjects: what their levels, and so their prediction, read. With
 * `before`, those the evidence held at that moment (a prediction made then, as the comparison with a mock
 * sitting needs).
 */
export async function studentEvidence(
  db: Executor,
  userId: string,
  subjectIds: readonly string[],
  before?: Date,
): Promise<EvidenceAnswer[]> {
  if (subjectIds.length === 0) return [];
  const result = (await db.execute(
    evidenceQuery(sql`a.user_id = ${userId} and p.subject_id = any(${uuidArray(subjectIds)})`, before),
  )) as unknown as { rows: EvidenceAnswer[] };
  return result.rows;
}
