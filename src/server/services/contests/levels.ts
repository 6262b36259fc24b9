/**
 * Playing a contest: serving the entrant's open level (and nothing of a level before it opens), and handing
 * a level in. A level is an attempt of kind 'contest', so answers are saved and lifelines bought through the
 * exam engine (PATCH /exam/answer, POST /exam/lifeline), and survive a reload or a dropped connection.
 */

import { and, eq, sql } from 'drizzle-orm';
import { CONTEST, type ContestLevelOutcome } from '../../../lib/api/contest.ts';
import type { ExamPayload, ExamQuestion } from '../../../lib/api/exam.ts';
import { formatDayAndTime } from '../../../lib/format.ts';
import type { Database, Executor } from '../../db/client.ts';
import { attempts, contestEntries } from '../../db/schema.ts';
import { conflict } from '../errors.ts';
import { attemptProgress, payloadOf } from '../exams/attempt-payload.ts';
import { type Attempt, lockAttempt } from '../exams/attempt-rows.ts';
import { loadExamQuestions } from '../exams/papers.ts';
import { type Contest, contestPaperId, findContest, levelAttempts } from './contest-rows.ts';
import { entrantOptionOrder, entrantQuestionOrder } from './entrant-order.ts';
import { scoreLevel } from './level-score.ts';
import { entrantProgress, type LevelWindow } from './level-windows.ts';
import { subjectTitle } from './subject-title.ts';

/** The caller may play only a contest they entered, that was not cancelled. */
async function requireEntrant(db: Executor, contest: Contest, userId: string) {
  if (contest.cancelledAt) throw conflict('This contest was cancelled, and every entry fee refunded.');
  const [entry] = await db
    .select({ seq: contestEntries.seq })
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contest.id), eq(contestEntries.userId, userId)));
  if (!entry) throw conflict('Enter this contest before its start to play it.');
}

/**
 * Scores the entrant's levels whose time ran out without a hand-in, so the clock of the next one is right;
 * returns their level attempts as they stand after.
 */
async function settledAttempts(db: Database, contest: Contest, userId: string, now: Date) {
  const rows = await levelAttempts(db, contest.id, userId);
  const expired = rows.filter(
    (row) => row.submittedAt === null && now.getTime() > row.endsAt.getTime() + CONTEST.submitGraceMs,
  );
  if (expired.length === 0) return rows;
  for (const row of expired) await scoreLevel(db, { userId, contest, attemptId: row.id, submitted: [], now });
  return levelAttempts(db, contest.id, userId);
}

/** The level's attempt: created (its questions in the entrant's own order) the first time it is asked for. */
async function openAttempt(db: Database, contest: Contest, userId: string, window: LevelWindow) {
  const level = contest.levels[window.level - 1];
  if (!level) throw new Error(`Contest ${contest.id} has no level ${window.level}`);
  const questionIds = entrantQuestionOrder(level.questionIds, {
    userId,
    contestId: contest.id,
    level: window.level,
  });
  // One statement when the level opens for the first time; a resume reads the stored attempt.
  const [inserted] = await db
    .insert(attempts)
    .values({
      userId,
      kind: 'contest',
      paperId: contestPaperId(contest.id),
      subjectId: contest.subjectId,
      questionIds,
      durationMinutes: level.minutes,
      startedAt: window.startsAt,
      endsAt: window.endsAt,
      contestId: contest.id,
      contestLevel: window.level,
      // A contest's mistakes never go to the review deck: its questions are reserved.
      deckAddedAt: window.startsAt,
    })
    .onConflictDoNothing({
      target: [attempts.contestId, attempts.userId, attempts.contestLevel],
      where: sql`${attempts.contestId} is not null`,
    })
    .returning();
  if (inserted) return inserted;
  const [attempt] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.contestId, contest.id),
        eq(attempts.userId, userId),
        eq(attempts.contestLevel, window.level),
      ),
    );
  if (!attempt) throw new Error('The level attempt was not stored');
  return attempt;
}

/** The questions as this entrant sees them: their options in the entrant's own order too. */
function inEntrantOrder(questions: ExamQuestion[], userId: string): ExamQuestion[] {
  return questions.map((question) => ({
    ...question,
    options: entrantOptionOrder(question.options, { userId, questionId: question._id }),
  }));
}

async function levelPayload(db: Executor, contest: Contest, attempt: Attempt, now: Date) {
  const [questions, progress, subject] = await Promise.all([
    loadExamQuestions(db, attempt.questionIds),
    attemptProgress(db, attempt.id),
    subjectTitle(db, contest.subjectId),
  ]);
  const heading = {
    examType: contest.title,
    subject,
    year: `Level ${attempt.contestLevel} of ${contest.levels.length}`,
  };
  const ordered = inEntrantOrder(questions, attempt.userId);
  return payloadOf(attempt, now, heading, ordered, progress.answers, progress.lifelines);
}

/**
 * GET /contest/:id/level: the level open to the caller now. Before the start, and once every level is
 * behind them, there is none, and the answer says why (and when).
 */
export async function openContestLevel(
  db: Database,
  userId: string,
  contestId: string,
  now: Date,
): Promise<ExamPayload> {
  const contest = await findContest(db, contestId);
  await requireEntrant(db, contest, userId);
  if (now < contest.startsAt) {
    throw conflict(`The contest starts at ${formatDayAndTime(contest.startsAt.toISOString())} (WAT).`);
  }
  const progress = entrantProgress(contest, await settledAttempts(db, contest, userId, now), now);
  if (progress.state !== 'playing') {
    throw conflict(
      `You have finished every level. The final board appears at the end, ${formatDayAndTime(contest.endsAt.toISOString())} (WAT).`,
    );
  }
  const attempt = await openAttempt(db, contest, userId, progress.open);
  return levelPayload(db, contest, attempt, now);
}

/**
 * POST /contest/:id/level: hands in the caller's level (with the answers it carries, as a quiz submission
 * does) and says what opens next. Handing in a level already scored changes nothing.
 */
export async function submitContestLevel(
  db: Database,
  userId: string,
  contestId: string,
  input: { exam: string; answers: { question: string; option: string }[] },
  now: Date,
): Promise<ContestLevelOutcome> {
  const contest = await findContest(db, contestId);
  await requireEntrant(db, contest, userId);
  const owned = await db.transaction(async (tx) => lockAttempt(tx, userId, input.exam));
  if (owned.contestId !== contest.id) throw conflict('This test is not a level of this contest.');
  await scoreLevel(db, { userId, contest, attemptId: owned.id, submitted: input.answers, now });
  const progress = entrantProgress(contest, await settledAttempts(db, contest, userId, now), now);
  return {
    levelsDone: progress.levelsDone,
    next:
      progress.state === 'playing'
        ? { level: progress.open.level, endsAt: progress.open.endsAt.toISOString() }
        : null,
  };
}
