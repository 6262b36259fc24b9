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
import { attempts, contests, subjects } from '../../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { attemptProgress, payloadOf } from '../exams/attempt-payload.ts';
import type { Attempt } from '../exams/attempt-rows.ts';
import { loadExamQuestions } from '../exams/papers.ts';
import { type Contest, contestPaperId, levelAttempts } from './contest-rows.ts';
import { entrantOptionOrder, entrantQuestionOrder } from './entrant-order.ts';
import { scoreLevel } from './level-score.ts';
import { entrantProgress, type LevelWindow } from './level-windows.ts';

/**
 * The contest and its subject's title, for an entrant: one statement. Only an entrant may play, and only
 * while the contest is not cancelled.
 */
async function entrantsContest(db: Executor, contestId: string, userId: string) {
  const [row] = await db
    .select({
      contest: contests,
      subject: subjects.title,
      entered: sql<boolean>`exists (select 1 from contest_entries e
        where e.contest_id = ${contests.id} and e.user_id = ${userId}::uuid)`,
    })
    .from(contests)
    .innerJoin(subjects, eq(subjects.id, contests.subjectId))
    .where(eq(contests.id, contestId));
  if (!row) throw notFound('This contest does not exist.');
  if (row.contest.cancelledAt) throw conflict('This contest was cancelled, and every entry fee refunded.');
  if (!row.entered) throw conflict('Enter this contest before its start to play it.');
  return { contest: row.contest, subject: row.subject };
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
  if (inserted) return { attempt: inserted, fresh: true };
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
  return { attempt, fresh: false };
}

/** The questions as this entrant sees them: their options in the entrant's own order too. */
function inEntrantOrder(questions: ExamQuestion[], userId: string): ExamQuestion[] {
  return questions.map((question) => ({
    ...question,
    options: entrantOptionOrder(question.options, { userId, questionId: question._id }),
  }));
}

async function levelPayload(
  db: Executor,
  { contest, subject }: { contest: Contest; subject: string },
  opened: { attempt: Attempt; fresh: boolean },
  now: Date,
) {
  const { attempt } = opened;
  const [questions, progress] = await Promise.all([
    loadExamQuestions(db, attempt.questionIds),
    // A level opened just now has no answers or lifelines yet.
    opened.fresh ? { answers: [], lifelines: [] } : attemptProgress(db, attempt.id),
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
  const entrants = await entrantsContest(db, contestId, userId);
  const { contest } = entrants;
  if (now < contest.startsAt) {
    throw conflict(`The contest starts at ${formatDayAndTime(contest.startsAt.toISOString())} (WAT).`);
  }
  const progress = entrantProgress(contest, await settledAttempts(db, contest, userId, now), now);
  if (progress.state !== 'playing') {
    throw conflict(
      `You have finished every level. The final board appears at the end, ${formatDayAndTime(contest.endsAt.toISOString())} (WAT).`,
    );
  }
  const opened = await openAttempt(db, contest, userId, progress.open);
  return levelPayload(db, entrants, opened, now);
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
  const { contest } = await entrantsContest(db, contestId, userId);
  await scoreLevel(db, { userId, contest, attemptId: input.exam, submitted: input.answers, now });
  const progress = entrantProgress(contest, await settledAttempts(db, contest, userId, now), now);
  return {
    levelsDone: progress.levelsDone,
    next:
      progress.state === 'playing'
        ? { level: progress.open.level, endsAt: progress.open.endsAt.toISOString() }
        : null,
  };
}
