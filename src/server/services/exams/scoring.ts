import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { RankingCredit } from '../../../lib/api/exam.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { attempts } from '../../db/schema.ts';
import { notFound } from '../errors.ts';
import { readAnswers } from './answers.ts';
import {
  answersOpenAt,
  attemptResult,
  contestElsewhere,
  heldKeysOf,
  resultOf,
  utmeElsewhere,
} from './attempt-result.ts';
import { type Attempt, GRACE_MS, noSuchTest, ownAttempt } from './attempt-rows.ts';
import { boardCredit } from './leaderboard.ts';
import type { PaperCache } from './paper-cache.ts';
import { type AnswerKeyEntry, loadAnswerKey, paperVersionSql } from './papers.ts';
import { answersFinalAt, boardCreditOf, claimCredit, recordShown } from './ranking-credit.ts';
import { saveSubmittedAnswers } from './submitted-answers.ts';

// The attempt's result and the student's leaderboard total change in one statement. Whether it counts and
// what it adds were decided by the caller (eligibility below, then the ranking rule's claimCredit).
// attempts_one_counted_exam_idx holds the one-counted-attempt rule in the database.
const recordScoreQuery = preparedQuery<
  { counted: boolean },
  {
    attemptId: string;
    userId: string;
    now: string;
    score: number;
    correctAnswer: number;
    wrongAnswer: number;
    unanswered: number;
    scoreAccuracy: number;
    timeSpentSeconds: number | null;
    counted: boolean;
    credit: string | null;
    points: number;
  }
>(
  'record_score',
  sql`with scored as (
    update attempts set submitted_at = ${sql.placeholder('now')}::timestamptz,
      score = ${sql.placeholder('score')}::integer,
      correct_answer = ${sql.placeholder('correctAnswer')}::integer,
      wrong_answer = ${sql.placeholder('wrongAnswer')}::integer,
      unanswered = ${sql.placeholder('unanswered')}::integer,
      score_accuracy = ${sql.placeholder('scoreAccuracy')}::integer,
      time_spent_seconds = ${sql.placeholder('timeSpentSeconds')}::integer,
      counted = ${sql.placeholder('counted')}::boolean,
      credit = ${sql.placeholder('credit')}::jsonb
    where id = ${sql.placeholder('attemptId')}::uuid
    returning counted
  ), credited as (${boardCredit(sql`(select counted from scored)`)})
  select counted from scored`,
);

// Whether an attempt may earn Leader Board credit at all (written with the table's own name: drizzle leaves
// a column unqualified in a select list, where the subqueries' tables would capture it). A daily test may, once a subject a day, for a
// student who confirmed their email (throwaway accounts earn nothing); a full exam may when no earlier
// attempt at its paper counted, so retakes are practice, and never once the student has downloaded the
// paper, key and all, for offline practice (an attempt counted before the download stays counted). A topic
// practice never may: it has no paper, and is practice by definition. Which of its questions then earn
// credit is the ranking rule's (ranking-credit.ts).
const eligibleSql = sql<boolean>`(
  (attempts.kind = 'daily' and exists (
    select 1 from users u where u.id = attempts.user_id and u.email_verified_at is not null
  ))
  or (attempts.kind = 'exam'
    and not exists (
      select 1 from attempts earlier
      where earlier.user_id = attempts.user_id and earlier.paper_id = attempts.paper_id
        and earlier.kind = 'exam' and earlier.counted
    )
    and not exists (
      select 1 from paper_downloads d where d.user_id = attempts.user_id and d.paper_id = attempts.paper_id
    )
  )
)`;

/** The attempt, locked for scoring, with the version of its paper's questions ('0:' for a daily test). */
async function lockForScoring(tx: Transaction, userId: string, attemptId: string) {
  const [row] = await tx
    .select({
      ...getTableColumns(attempts),
      version: paperVersionSql(sql`${attempts.paperId}`),
      eligible: eligibleSql,
    })
    .from(attempts)
    .where(ownAttempt(userId, attemptId))
    .for('update')
    .prepare('lock_attempt_for_scoring')
    .execute();
  if (!row) throw noSuchTest();
  if (row.kind === 'utme') throw utmeElsewhere();
  if (row.kind === 'contest') throw contestElsewhere();
  const { version, eligible, ...attempt } = row;
  return { attempt, version, eligible };
}

/** The answer key of an attempt's questions: from the paper cache when the attempt has a paper. */
async function attemptKey(
  db: Executor,
  cache: PaperCache | undefined,
  attempt: Attempt,
  version: string,
): Promise<Map<string, AnswerKeyEntry>> {
  if (!cache || attempt.paperId === null || version.startsWith('0:')) {
    return loadAnswerKey(db, attempt.questionIds);
  }
  const { key } = await cache.get(db, attempt.paperId, version);
  // A question that an import moved to another paper is no longer in this paper's key.
  const missing = attempt.questionIds.filter((id) => !key.has(id));
  return missing.length === 0 ? key : new Map([...key, ...(await loadAnswerKey(db, missing))]);
}

/**
 * Scores an attempt once. Answers sent with a submission count when it arrives before the deadline plus the
 * grace period; later, only the answers saved before the deadline count. A second submission returns the
 * stored result and changes nothing: the attempt row is locked, so concurrent submissions queue and only
 * the first scores. The answer key comes from `cache` when given (checked against the paper's version,
 * read with the lock), and the answers are read once, after the lock: a save that was acknowledged before
 * the lock was granted is counted.
 */
export async function scoreAttempt(
  db: Database,
  userId: string,
  attemptId: string,
  submitted: { question: string; option: string }[],
  now: Date,
  cache?: PaperCache,
) {
  const scored = await db.transaction(async (tx) => {
    const { attempt: locked, version, eligible } = await lockForScoring(tx, userId, attemptId);
    if (locked.submittedAt) return { attempt: locked, result: undefined };

    const key = await attemptKey(tx, cache, locked, version);
    // Saved answers all predate the deadline (saveAnswer refuses later ones), so a late submission is
    // scored on them alone by ignoring what it carries.
    const inTime = now.getTime() <= locked.endsAt.getTime() + GRACE_MS;
    const answers =
      inTime && submitted.length > 0
        ? await saveSubmittedAnswers(tx, locked, key, submitted, now)
        : await readAnswers(tx, locked.id);
    const result = resultOf(locked, key, answers);
    const finishedAt = now < locked.endsAt ? now : locked.endsAt;
    const attempt: Attempt = {
      ...locked,
      submittedAt: now,
      score: result.score,
      correctAnswer: result.correctAnswer,
      wrongAnswer: result.wrongAnswer,
      unanswered: result.unanswered,
      scoreAccuracy: result.scoreAccuracy,
      timeSpentSeconds: Math.max(0, Math.round((finishedAt.getTime() - locked.startedAt.getTime()) / 1000)),
    };
    // The result shows the keys (a daily test's when its answers open); a counted attempt first claims the
    // credit of the questions whose keys the student had not been shown.
    const shownAt = answersOpenAt(locked) ?? now;
    const via = locked.kind === 'daily' ? 'daily' : 'result';
    const held = await heldKeysOf(tx, locked, now);
    let credit: RankingCredit | null = null;
    if (held) {
      // A topic practice never counts; the keys it shares with an open test show once that test closes.
      const shared = new Set(held.shared);
      await recordShown(tx, userId, held.shared, held.until, via);
      await recordShown(
        tx,
        userId,
        locked.questionIds.filter((id) => !shared.has(id)),
        now,
        via,
      );
    } else if (eligible) {
      const claim = await claimCredit(tx, {
        userId,
        questionIds: locked.questionIds,
        now: answersFinalAt(locked.endsAt, GRACE_MS, now),
        shownAt,
        via,
      });
      credit = boardCreditOf(claim, locked.questionIds, result.outcomes);
    } else {
      await recordShown(tx, userId, locked.questionIds, shownAt, via);
    }
    const counted = credit !== null && credit.questions > 0;
    const [recorded] = await recordScoreQuery(tx, {
      attemptId: locked.id,
      userId,
      now: now.toISOString(),
      score: result.score,
      correctAnswer: result.correctAnswer,
      wrongAnswer: result.wrongAnswer,
      unanswered: result.unanswered,
      scoreAccuracy: result.scoreAccuracy,
      timeSpentSeconds: attempt.timeSpentSeconds,
      counted,
      credit: credit === null ? null : JSON.stringify(credit),
      points: credit?.points ?? 0,
    });
    return { attempt: { ...attempt, counted: recorded?.counted ?? false, credit }, result, held };
  });
  if (scored.result) return scored;
  const [result, held] = await Promise.all([
    attemptResult(db, scored.attempt),
    heldKeysOf(db, scored.attempt, now),
  ]);
  return { attempt: scored.attempt, result, held };
}

/** The student's latest open daily attempt in a subject: what POST /exam/answer/daily submits. */
export async function findDailyAttemptToSubmit(db: Executor, userId: string, subjectId: string) {
  const [attempt] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.subjectId, subjectId), eq(attempts.kind, 'daily')))
    .orderBy(sql`${attempts.startedAt} desc`)
    .limit(1);
  if (!attempt) throw notFound('There is no daily test in this subject to submit.');
  return attempt.id;
}
