/**
 * Scoring a UTME sitting and reading its result: each subject out of 100 (the share right, no negative
 * marking), the total out of 400, where it stands among other students (a percentile) and the mock ranking.
 * A sitting never touches the +5/−2 leaderboard: `counted` stays false. Its ranking total is its own
 * (`credit`): see scoreUtmeSitting.
 */

import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { RankingCredit } from '../../../lib/api/exam.ts';
import type { UtmeRanking, UtmeResult } from '../../../lib/api/utme.ts';
import { UTME, utmeSubjectScore } from '../../../lib/api/utme.ts';
import { type Outcome, tally } from '../../../lib/scoring.ts';
import type { Database, Executor } from '../../db/client.ts';
import { attempts, utmeSections } from '../../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { readAnswers } from './answers.ts';
import { type Attempt, GRACE_MS, ownAttempt, type SavedAnswer } from './attempt-rows.ts';
import { boardUser } from './board-names.ts';
import { markAnswers } from './marking.ts';
import { type AnswerKeyEntry, loadAnswerKey } from './papers.ts';
import { answersFinalAt, claimCredit, creditPayload, recordShown } from './ranking-credit.ts';
import { saveSubmittedAnswers } from './submitted-answers.ts';
import { sectionSubject, sittingSections } from './utme.ts';

/** How many of the mock ranking's top places GET /exam/utme/ranking lists. */
export const UTME_RANKING_SIZE = 100;

const notASitting = () => notFound('This UTME sitting does not exist.');

/** Each section of a sitting marked against the key. */
async function markedSections(
  db: Executor,
  attemptId: string,
  key: Map<string, AnswerKeyEntry>,
  answers: SavedAnswer[],
) {
  const sections = await sittingSections(db, attemptId);
  return sections.map((section) => {
    const { outcomes, quizAnswers } = markAnswers(section.questionIds, key, answers);
    const correct = outcomes.filter((outcome: Outcome) => outcome === 'right').length;
    return {
      position: section.position,
      subject: sectionSubject(section),
      score: utmeSubjectScore(correct, outcomes.length),
      maxScore: UTME.maxScore,
      correctAnswer: correct,
      totalQuestions: outcomes.length,
      questionIds: section.questionIds,
      outcomes,
      quizAnswers,
    };
  });
}

/**
 * The sittings the percentile and the ranking compare: scored ones of students who may be on a board (as
 * on the leaderboard: not admins, email confirmed), from `attempts a join users u`.
 */
const rankedSitting = sql`a.kind = 'utme' and a.submitted_at is not null and not u.is_admin
  and u.email_verified_at is not null`;

/**
 * Each compared student's ranked sitting: the first drawn wholly from questions whose answers they had not
 * seen, which alone earns credit (docs/decisions/093-every-ranking-is-earned-one-record-of-shown-keys-one-rule.md), with its ranking total (what its credited questions
 * earned). A student has one open sitting at most and it is scored before the next starts.
 */
const firstSittings = sql`select distinct on (a.user_id) a.user_id, (a.credit->>'points')::integer as total,
    a.submitted_at
  from attempts a join users u on u.id = a.user_id where ${rankedSitting} and a.credit is not null
  order by a.user_id, a.started_at, a.id`;

/**
 * Where `total` stands among the other students' ranking totals: the share below it, ties counted half; and
 * whether the sitting is its student's ranked one (it earned credit).
 */
async function standingOf(db: Executor, attempt: Attempt, total: number) {
  const result = (await db.execute(sql`with first as (${firstSittings})
    select count(*) filter (where total < ${total})::integer as below,
      count(*) filter (where total = ${total})::integer as equal, count(*)::integer as candidates
    from first where user_id <> ${attempt.userId}::uuid`)) as unknown as {
    rows: { below: number; equal: number; candidates: number }[];
  };
  const { below = 0, equal = 0, candidates = 0 } = result.rows[0] ?? {};
  const percentile = candidates === 0 ? 100 : Math.round(((below + equal / 2) / candidates) * 100);
  return { percentile, candidates, ranked: attempt.credit !== null, credit: creditPayload(attempt.credit) };
}

/** Whether the student has a ranked sitting already: one that earned credit. */
async function hasCreditedSitting(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.kind, 'utme'), isNotNull(attempts.credit)))
    .limit(1);
  return row !== undefined;
}

/** A scored sitting's result, rebuilt from its stored answers: the same however often it is read. */
async function resultOf(db: Executor, attempt: Attempt): Promise<UtmeResult> {
  const [key, answers] = await Promise.all([
    loadAnswerKey(db, attempt.questionIds),
    readAnswers(db, attempt.id),
  ]);
  const sections = await markedSections(db, attempt.id, key, answers);
  const total = attempt.score ?? 0;
  return {
    _id: attempt.id,
    total,
    maxTotal: UTME.maxTotal,
    // A ranked sitting stands where the ranking puts it, by what its credited questions earned; a practice
    // sitting, by its whole total.
    ...(await standingOf(db, attempt, attempt.credit?.points ?? total)),
    startedAt: attempt.startedAt.toISOString(),
    submittedAt: (attempt.submittedAt ?? attempt.endsAt).toISOString(),
    timeSpent: Math.round((attempt.timeSpentSeconds ?? 0) / 6) / 10,
    sections: sections.map(
      ({ position: _position, outcomes: _outcomes, questionIds: _questionIds, ...section }) => section,
    ),
  };
}

/**
 * POST /exam/answer/utme: scores a sitting once. Answers sent with it count when it arrives before the
 * deadline plus the grace period; later, only those saved in time. A second submission returns the stored
 * result: the row is locked, so concurrent submissions queue and only the first scores.
 */
export async function scoreUtmeSitting(
  db: Database,
  userId: string,
  attemptId: string,
  submitted: { question: string; option: string }[],
  now: Date,
): Promise<UtmeResult> {
  const attempt = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(attempts)
      .where(and(ownAttempt(userId, attemptId), eq(attempts.kind, 'utme')))
      .for('update');
    if (!locked) throw notASitting();
    if (locked.submittedAt) return locked;

    const key = await loadAnswerKey(tx, locked.questionIds);
    const inTime = now.getTime() <= locked.endsAt.getTime() + GRACE_MS;
    const answers =
      inTime && submitted.length > 0
        ? await saveSubmittedAnswers(tx, locked, key, submitted, now)
        : await readAnswers(tx, locked.id);
    const sections = await markedSections(tx, locked.id, key, answers);
    const counts = tally(sections.flatMap((section) => section.outcomes));
    const total = sections.reduce((sum, section) => sum + section.score, 0);
    const finishedAt = now < locked.endsAt ? now : locked.endsAt;
    // The result shows the keys. The student's first sitting drawn from unseen questions is ranked: each
    // subject's share of right answers among the questions that earn credit (ranking-credit.ts), the
    // others counted as not right; every other sitting is practice.
    let credit: RankingCredit | null = null;
    const rankable = !locked.practice && !(await hasCreditedSitting(tx, userId));
    if (rankable) {
      const claim = await claimCredit(tx, {
        userId,
        questionIds: locked.questionIds,
        now: answersFinalAt(locked.endsAt, GRACE_MS, now),
        shownAt: now,
        via: 'utme',
      });
      const points = sections.reduce((sum, section) => {
        const ids = section.questionIds;
        const right = ids.filter(
          (id, index) => claim.credited.has(id) && section.outcomes[index] === 'right',
        );
        return sum + utmeSubjectScore(right.length, ids.length);
      }, 0);
      credit = {
        questions: claim.credited.size,
        points,
        seenBefore: claim.seenBefore,
        creditedBefore: claim.creditedBefore,
      };
    } else {
      await recordShown(tx, userId, locked.questionIds, now, 'utme');
    }
    const scored: Attempt = {
      ...locked,
      submittedAt: now,
      score: total,
      correctAnswer: counts.correctAnswer,
      wrongAnswer: counts.wrongAnswer,
      unanswered: counts.unanswered,
      scoreAccuracy: counts.scoreAccuracy,
      timeSpentSeconds: Math.max(0, Math.round((finishedAt.getTime() - locked.startedAt.getTime()) / 1000)),
      counted: false,
      credit,
    };
    const { id: _id, ...columns } = scored;
    await tx.update(attempts).set(columns).where(eq(attempts.id, locked.id));
    for (const section of sections) {
      await tx
        .update(utmeSections)
        .set({ score: section.score, correctAnswer: section.correctAnswer })
        .where(and(eq(utmeSections.attemptId, locked.id), eq(utmeSections.position, section.position)));
    }
    return scored;
  });
  return resultOf(db, attempt);
}

/** GET /exam/utme/result: one of the student's scored sittings, read again. */
export async function readUtmeResult(db: Executor, userId: string, attemptId: string): Promise<UtmeResult> {
  const [attempt] = await db
    .select()
    .from(attempts)
    .where(and(ownAttempt(userId, attemptId), eq(attempts.kind, 'utme')));
  if (!attempt) throw notASitting();
  if (attempt.submittedAt === null) throw conflict('This UTME sitting has not been submitted yet.');
  return resultOf(db, attempt);
}

interface RankedRow {
  userId: string;
  rank: number;
  total: number;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
}

/**
 * GET /exam/utme/ranking: students by their first mock's total; a tie goes to whoever submitted it first.
 * Read from the scored sittings each time.
 */
export async function utmeRanking(db: Executor, userId: string): Promise<UtmeRanking> {
  const result = (await db.execute(sql`with first as (${firstSittings}), ranked as (
      select f.user_id, f.total, row_number() over (order by f.total desc, f.submitted_at, f.user_id) as rank
      from first f
    )
    select r.user_id as "userId", r.rank::integer as rank, r.total, u.first_name as "firstName",
      u.last_name as "lastName", u.image_url as "imageUrl"
    from ranked r join users u on u.id = r.user_id
    where r.rank <= ${UTME_RANKING_SIZE} or r.user_id = ${userId}::uuid
    order by r.rank`)) as unknown as { rows: RankedRow[] };
  const mine = result.rows.find((row) => row.userId === userId);
  return {
    docs: result.rows
      .filter((row) => row.rank <= UTME_RANKING_SIZE)
      .map((row) => {
        const isMe = row.userId === userId;
        return { rank: row.rank, user: boardUser(row, isMe), total: row.total, isMe };
      }),
    me: mine ? { rank: mine.rank, total: mine.total } : null,
  };
}
