import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { attemptAnswers, lifelineUses } from '../../db/schema.ts';
import { refuseAdminFromWebApp, refusedAdminSql } from '../admin-refusal.ts';
import { unauthenticated } from '../errors.ts';
import { type LiveSession, liveCaller, liveSessionValues } from '../sessions.ts';
import {
  badAnswer,
  conflictError,
  lockAttempt,
  notSkipped,
  questionOptions,
  requireOpen,
  type SavedAnswer,
} from './attempt-rows.ts';
import type { ExamCaller } from './exam-context.ts';

async function skippedQuestions(tx: Executor, attemptId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ question: lifelineUses.questionId })
    .from(lifelineUses)
    .where(and(eq(lifelineUses.attemptId, attemptId), eq(lifelineUses.kind, 'skip')));
  return new Set(rows.map((row) => row.question));
}

/**
 * Saves one picked answer, or clears it (`option: null`), only while the attempt is open and before its
 * deadline.
 *
 * The common case is one statement, which also reads the caller's session (so it takes the place of
 * requireUser, and returns the session): it locks the attempt row FOR SHARE, checks that the attempt is the
 * caller's, open and not past its deadline, that the question is in it (and the option is the question's,
 * and the question was not skipped), and writes. A submission locks the same row FOR UPDATE, so the two
 * queue: a save either commits before the submission reads the answers, or sees the attempt submitted
 * (PostgreSQL re-checks a row that changed while the statement waited for it) and changes nothing. When the
 * statement changes nothing, the checks run again one by one to give the exact reason.
 *
 * A skip lifeline takes the same lock but does not change the attempt row, so a save that waited for it
 * still runs on what it saw before, and may write an answer to the question just skipped. Every read of
 * the answers leaves out answers to skipped questions, so the student gets what they would have had if
 * the save had come just before the skip: the question skipped and blank.
 */
export async function saveAnswer(
  db: Database,
  caller: ExamCaller,
  input: { exam: string; question: string; option: string | null },
  now: Date,
): Promise<LiveSession> {
  const values = {
    ...liveSessionValues(caller.token, now),
    fromWebApp: caller.fromWebApp,
    exam: input.exam,
    question: input.question,
  };
  const [row] =
    input.option === null
      ? await clearAnswerQuery(db, values)
      : await saveAnswerQuery(db, { ...values, option: input.option });
  if (!row) throw unauthenticated();
  refuseAdminFromWebApp(row.isAdmin, caller.fromWebApp);
  if (!row.saved) await saveAnswerChecked(db, row.userId, input, now);
  return { sessionId: row.sessionId, userId: row.userId, isAdmin: row.isAdmin };
}

type AnswerValues = ReturnType<typeof liveSessionValues> & {
  fromWebApp: boolean;
  exam: string;
  question: string;
};

/** The caller's session, and whether the statement saved (or cleared) the answer; no row without a session. */
type AnswerRow = LiveSession & { saved: boolean };

// The caller's live session (read here rather than by requireUser: the save is one round trip), and their
// attempt, if it is open, not past its deadline and holds the question. An admin from the web app has none.
const callerAndAttempt = sql`caller as (${liveCaller}),
  target as (
    select a.id from attempts a join caller on caller.user_id = a.user_id
    where a.id = ${sql.placeholder('exam')}::uuid
      and a.submitted_at is null and a.ends_at >= ${sql.placeholder('now')}::timestamptz
      and ${sql.placeholder('question')}::uuid = any(a.question_ids)
      and not ${refusedAdminSql(sql`caller.is_admin`, sql.placeholder('fromWebApp'))}
    for share of a
  )`;

const callerAnswer = sql`select caller.session_id as "sessionId", caller.user_id as "userId",
    caller.is_admin as "isAdmin", exists (select 1 from done) as saved
  from caller`;

const saveAnswerQuery = preparedQuery<AnswerRow, AnswerValues & { option: string }>(
  'save_answer',
  sql`with ${callerAndAttempt}, done as (
    insert into attempt_answers (attempt_id, question_id, option_id, answered_at)
    select target.id, ${sql.placeholder('question')}::uuid, ${sql.placeholder('option')}::uuid,
      ${sql.placeholder('now')}::timestamptz
    from target
    where exists (
        select 1 from options o
        where o.id = ${sql.placeholder('option')}::uuid and o.question_id = ${sql.placeholder('question')}::uuid
      )
      and ${notSkipped({ attemptId: sql`target.id`, questionId: sql`${sql.placeholder('question')}::uuid` })}
    on conflict (attempt_id, question_id)
      do update set option_id = excluded.option_id, answered_at = excluded.answered_at
    returning attempt_id
  )
  ${callerAnswer}`,
);

const clearAnswerQuery = preparedQuery<AnswerRow, AnswerValues>(
  'clear_answer',
  sql`with ${callerAndAttempt}, done as (
    select target.id from target
    where exists (select 1 from questions q where q.id = ${sql.placeholder('question')}::uuid)
  ), cleared as (
    delete from attempt_answers
    where attempt_id in (select id from done) and question_id = ${sql.placeholder('question')}::uuid
  )
  ${callerAnswer}`,
);

/** saveAnswer one check at a time in a transaction: slower, but it says which check failed. */
async function saveAnswerChecked(
  db: Database,
  userId: string,
  input: { exam: string; question: string; option: string | null },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, userId, input.exam);
    requireOpen(attempt, now);
    const choices = await questionOptions(tx, attempt, input.question);
    if (!choices) throw badAnswer('question', 'This question is not part of this test.');
    const answer = { attemptId: attempt.id, questionId: input.question };
    if (input.option === null) {
      await tx
        .delete(attemptAnswers)
        .where(
          and(
            eq(attemptAnswers.attemptId, answer.attemptId),
            eq(attemptAnswers.questionId, answer.questionId),
          ),
        );
      return;
    }
    const option = input.option;
    if (!choices.some((choice) => choice.id === option)) {
      throw badAnswer('option', 'This option does not belong to the question.');
    }
    if ((await skippedQuestions(tx, attempt.id)).has(input.question)) {
      throw conflictError('You skipped this question with a lifeline.');
    }
    await tx
      .insert(attemptAnswers)
      .values({ ...answer, optionId: option, answeredAt: now })
      .onConflictDoUpdate({
        target: [attemptAnswers.attemptId, attemptAnswers.questionId],
        set: { optionId: option, answeredAt: now },
      });
  });
}

/** The answers saved to an attempt. */
export function readAnswers(db: Executor, attemptId: string): Promise<SavedAnswer[]> {
  return db
    .select({ question: attemptAnswers.questionId, option: attemptAnswers.optionId })
    .from(attemptAnswers)
    .where(
      and(
        eq(attemptAnswers.attemptId, attemptId),
        notSkipped({
          attemptId: sql`${attemptAnswers.attemptId}`,
          questionId: sql`${attemptAnswers.questionId}`,
        }),
      ),
    )
    .prepare('saved_answers')
    .execute();
}
