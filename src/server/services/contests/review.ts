/**
 * An entrant's review of a contest: every level's answers with the key and the explanations, open once the
 * contest has ended (the keys are recorded as shown then, when each level is scored) and never before, when
 * others may still be playing.
 */

import { and, asc, eq } from 'drizzle-orm';
import type { ContestReview } from '../../../lib/api/contest.ts';
import { formatDayAndTime } from '../../../lib/format.ts';
import type { Executor } from '../../db/client.ts';
import { attempts } from '../../db/schema.ts';
import { conflict } from '../errors.ts';
import { attemptResult } from '../exams/attempt-result.ts';
import { findContest } from './contest-rows.ts';

export async function contestReview(
  db: Executor,
  input: { userId: string; contestId: string; now: Date },
): Promise<ContestReview> {
  const contest = await findContest(db, input.contestId);
  if (input.now < contest.endsAt) {
    throw conflict(
      `The answers open when the contest ends, ${formatDayAndTime(contest.endsAt.toISOString())} (WAT).`,
    );
  }
  const levels = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.contestId, contest.id), eq(attempts.userId, input.userId)))
    .orderBy(asc(attempts.contestLevel));
  const scored = levels.filter((attempt) => attempt.submittedAt !== null);
  return {
    title: contest.title,
    levels: await Promise.all(
      scored.map(async (attempt) => {
        const result = await attemptResult(db, attempt);
        return {
          level: attempt.contestLevel ?? 0,
          points: attempt.credit?.points ?? 0,
          correctAnswer: result.correctAnswer,
          wrongAnswer: result.wrongAnswer,
          unanswered: result.unanswered,
          quizAnswers: result.quizAnswers,
        };
      }),
    ),
  };
}
