/**
 * Scoring one contest level, once: by its hand-in, or, when its time ran out without one, by the next request
 * of its entrant or by the finishing job. Contest points are the spec's +5/−2/0 on the questions the ranking
 * rule credits (ranking-credit.ts: the key not shown before, at most once); they go to the contest's entry,
 * never to the Leader Board. The keys are recorded as shown at the contest's end, when its review opens.
 */

import { and, eq, sql } from 'drizzle-orm';
import { CONTEST } from '../../../lib/api/contest.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { attempts } from '../../db/schema.ts';
import { conflict } from '../errors.ts';
import { readAnswers } from '../exams/answers.ts';
import { resultOf } from '../exams/attempt-result.ts';
import { lockAttempt } from '../exams/attempt-rows.ts';
import { type AnswerKeyEntry, loadAnswerKey } from '../exams/papers.ts';
import { answersFinalAt, boardCreditOf, claimCredit } from '../exams/ranking-credit.ts';
import { saveSubmittedAnswers } from '../exams/submitted-answers.ts';
import type { Contest } from './contest-rows.ts';
import { levelEnd } from './level-windows.ts';

/**
 * The level's attempt, locked for this transaction; another student's is a 404. With `skipLocked` (the
 * finishing job), undefined when another transaction holds it, so instances share the work.
 */
async function lockLevel(tx: Transaction, userId: string, attemptId: string, skipLocked: boolean) {
  if (!skipLocked) return lockAttempt(tx, userId, attemptId);
  const [attempt] = await tx
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .for('update', { skipLocked: true });
  return attempt;
}

export interface LevelHandIn {
  userId: string;
  contest: Contest;
  attemptId: string;
  /** The answers a hand-in carries; none when the finishing job scores a level whose time ran out. */
  submitted: { question: string; option: string }[];
  now: Date;
  /** The contest's answer key when the caller holds it (the paper cache); read here otherwise. */
  key?: Map<string, AnswerKeyEntry>;
}

/**
 * Scores the level attempt unless it was scored already (the row lock makes concurrent hand-ins, and a
 * hand-in racing the finishing job, score it once), and adds its points and time to the entry in the same
 * transaction. Answers carried by a hand-in count until the deadline plus CONTEST.submitGraceMs; later, only
 * the answers saved before the deadline do.
 */
export async function scoreLevel(
  db: Database,
  { userId, contest, attemptId, submitted, now, key: heldKey }: LevelHandIn,
  { skipLocked = false }: { skipLocked?: boolean } = {},
): Promise<{ submittedAt: Date } | undefined> {
  return db.transaction(async (tx) => {
    const attempt = await lockLevel(tx, userId, attemptId, skipLocked);
    if (!attempt) return undefined; // the finishing job on another instance is scoring it
    if (attempt.contestId !== contest.id || attempt.contestLevel === null) {
      throw conflict('This test is not a level of this contest.');
    }
    if (attempt.submittedAt) return { submittedAt: attempt.submittedAt };
    const key = heldKey ?? (await loadAnswerKey(tx, attempt.questionIds));
    const inTime = now.getTime() <= attempt.endsAt.getTime() + CONTEST.submitGraceMs;
    const answers =
      inTime && submitted.length > 0
        ? await saveSubmittedAnswers(tx, attempt, key, submitted, now)
        : await readAnswers(tx, attempt.id);
    const result = resultOf(attempt, key, answers);
    const claim = await claimCredit(tx, {
      userId,
      questionIds: attempt.questionIds,
      now: answersFinalAt(attempt.endsAt, CONTEST.submitGraceMs, now),
      shownAt: contest.endsAt,
      via: 'contest',
    });
    const credit = boardCreditOf(claim, attempt.questionIds, result.outcomes);
    const ended = levelEnd({ endsAt: attempt.endsAt, submittedAt: now });
    const timeSpentSeconds = Math.max(0, Math.round((ended.getTime() - attempt.startedAt.getTime()) / 1000));
    // One statement for both rows. The levels run back to back from the start, so the time from the start
    // to this level's end is the entrant's whole time so far.
    await tx.execute(sql`with scored as (
        update attempts set submitted_at = ${now.toISOString()}::timestamptz, score = ${result.score}::integer,
          correct_answer = ${result.correctAnswer}::integer, wrong_answer = ${result.wrongAnswer}::integer,
          unanswered = ${result.unanswered}::integer, score_accuracy = ${result.scoreAccuracy}::integer,
          time_spent_seconds = ${timeSpentSeconds}::integer,
          -- Contest points never enter the Leader Board: the attempt is never counted there.
          counted = false, credit = ${JSON.stringify(credit)}::jsonb
        where id = ${attempt.id}::uuid
        returning id
      )
      update contest_entries
      set points = points + ${credit.points}::integer,
        levels_done = greatest(levels_done, ${attempt.contestLevel}::smallint),
        time_ms = greatest(time_ms, ${ended.getTime() - contest.startsAt.getTime()}::integer)
      where contest_id = ${contest.id}::uuid and user_id = ${userId}::uuid and exists (select 1 from scored)`);
    return { submittedAt: now };
  });
}
