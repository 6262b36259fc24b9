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
import { attempts } from '../../db/schema.ts';
import { conflict } from '../errors.ts';
import { attemptProgress, payloadOf } from '../exams/attempt-payload.ts';
import type { Attempt } from '../exams/attempt-rows.ts';
import type { PaperCache } from '../exams/paper-cache.ts';
import type { PaperContent } from '../exams/papers.ts';
import { type Contest, contestPaperId, levelAttempts } from './contest-rows.ts';
import { entrantOptionOrder, entrantQuestionOrder } from './entrant-order.ts';
import { scoreLevel } from './level-score.ts';
import { entrantProgress, type LevelWindow } from './level-windows.ts';
import { type LevelAttempt, type PlayContext, playContext } from './play-context.ts';

/**
 * Scores the entrant's levels whose time ran out without a hand-in, so the clock of the next one is right;
 * returns their level attempts as they stand after.
 */
async function settledAttempts(db: Database, context: PlayContext, userId: string, now: Date) {
  const { contest, attempts: rows } = context;
  const expired = rows.filter(
    (row) => row.submittedAt === null && now.getTime() > row.endsAt.getTime() + CONTEST.submitGraceMs,
  );
  if (expired.length === 0) return rows;
  for (const row of expired) await scoreLevel(db, { userId, contest, attemptId: row.id, submitted: [], now });
  return levelAttempts(db, contest.id, userId);
}

/** The level's attempt: created (its questions in the entrant's own order) the first time it is asked for. */
async function openAttempt(
  db: Database,
  contest: Contest,
  userId: string,
  window: LevelWindow,
  known: readonly LevelAttempt[],
) {
  const level = contest.levels[window.level - 1];
  if (!level) throw new Error(`Contest ${contest.id} has no level ${window.level}`);
  const questionIds = entrantQuestionOrder(level.questionIds, {
    userId,
    contestId: contest.id,
    level: window.level,
  });
  // One statement when the level opens for the first time; a resume reads the stored attempt.
  const stored = known.some((attempt) => attempt.level === window.level);
  const [inserted] = stored
    ? []
    : await db
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
  { contest, subject }: PlayContext,
  content: PaperContent,
  opened: { attempt: Attempt; fresh: boolean },
  now: Date,
) {
  const { attempt } = opened;
  // A level opened just now has no answers or lifelines yet.
  const progress = opened.fresh ? { answers: [], lifelines: [] } : await attemptProgress(db, attempt.id);
  const heading = {
    examType: contest.title,
    subject,
    year: `Level ${attempt.contestLevel} of ${contest.levels.length}`,
  };
  const questions = attempt.questionIds.flatMap((id) => content.questions.get(id) ?? []);
  const ordered = inEntrantOrder(questions, attempt.userId);
  return payloadOf(attempt, now, heading, ordered, progress.answers, progress.lifelines);
}

/**
 * GET /contest/:id/level: the level open to the caller now. Before the start, and once every level is
 * behind them, there is none, and the answer says why (and when).
 */
export async function openContestLevel(
  db: Database,
  papers: PaperCache,
  userId: string,
  contestId: string,
  now: Date,
): Promise<ExamPayload> {
  const context = await playContext(db, contestId, userId);
  const { contest } = context;
  if (now < contest.startsAt) {
    throw conflict(`The contest starts at ${formatDayAndTime(contest.startsAt.toISOString())} (WAT).`);
  }
  const attempts = await settledAttempts(db, context, userId, now);
  const progress = entrantProgress(contest, attempts, now);
  if (progress.state !== 'playing') {
    throw conflict(
      `You have finished every level. The final board appears at the end, ${formatDayAndTime(contest.endsAt.toISOString())} (WAT).`,
    );
  }
  const [opened, content] = await Promise.all([
    openAttempt(db, contest, userId, progress.open, attempts),
    papers.get(db, context.paper.id, context.paper.version),
  ]);
  return levelPayload(db, context, content, opened, now);
}

/**
 * POST /contest/:id/level: hands in the caller's level (with the answers it carries, as a quiz submission
 * does) and says what opens next. Handing in a level already scored changes nothing.
 */
export async function submitContestLevel(
  db: Database,
  papers: PaperCache,
  userId: string,
  contestId: string,
  input: { exam: string; answers: { question: string; option: string }[] },
  now: Date,
): Promise<ContestLevelOutcome> {
  const context = await playContext(db, contestId, userId);
  const { contest } = context;
  const { key } = await papers.get(db, context.paper.id, context.paper.version);
  const scored = await scoreLevel(db, {
    userId,
    contest,
    attemptId: input.exam,
    submitted: input.answers,
    now,
    key,
  });
  // The attempts as read before the hand-in, with this one as the hand-in left it.
  const handedIn = context.attempts.map((attempt) =>
    attempt.id === input.exam && scored ? { ...attempt, submittedAt: scored.submittedAt } : attempt,
  );
  const attempts = await settledAttempts(db, { ...context, attempts: handedIn }, userId, now);
  const progress = entrantProgress(contest, attempts, now);
  return {
    levelsDone: progress.levelsDone,
    next:
      progress.state === 'playing'
        ? { level: progress.open.level, endsAt: progress.open.endsAt.toISOString() }
        : null,
  };
}
