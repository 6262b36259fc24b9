/**
 * A scored attempt's result as the student reads it (GET /exam/result and every hand-in's answer): rebuilt from
 * its stored answers, with the keys kept back while they must be (a daily test's until its key opens, a topic
 * practice's while it shares questions with an open test that can count).
 */

import type { QuizResult } from '../../../lib/api/exam.ts';
import { tally } from '../../../lib/scoring.ts';
import type { Executor } from '../../db/client.ts';
import { attempts } from '../../db/schema.ts';
import { readAnswers } from './answers.ts';
import {
  type Attempt,
  conflictError,
  GRACE_MS,
  noSuchTest,
  ownAttempt,
  type SavedAnswer,
} from './attempt-rows.ts';
import { dailyKeyOpensAt } from './daily-key.ts';
import { markAnswers } from './marking.ts';
import { type AnswerKeyEntry, loadAnswerKey } from './papers.ts';
import { creditPayload, type HeldKeys, keysHeldBack } from './ranking-credit.ts';

/** Scores saved answers against the answer key with the +5/−2/0 rule, in the attempt's order. */
export function resultOf(attempt: Attempt, key: Map<string, AnswerKeyEntry>, answers: SavedAnswer[]) {
  const { outcomes, quizAnswers } = markAnswers(attempt.questionIds, key, answers);
  return { ...tally(outcomes), quizAnswers, outcomes };
}

/** A UTME sitting is scored and read through its own endpoints, with its own rules (no +5/−2, no board). */
export function utmeElsewhere() {
  return conflictError('This is a UTME mock sitting: submit it and read its result under /api/v1/exam/utme.');
}

/**
 * When the correct answers, explanations and right/wrong flags of a scored attempt open: a daily test's when
 * its key opens (daily-key.ts); a full exam's at once.
 */
export function answersOpenAt(attempt: Attempt): Date | null {
  if (attempt.kind !== 'daily' || attempt.day === null) return null;
  return dailyKeyOpensAt(attempt.day, attempt.durationMinutes);
}

/** A contest's levels are handed in and reviewed through /api/v1/contest, whose keys open at its end. */
export function contestElsewhere() {
  return conflictError('This is a contest level: it is handed in and reviewed on its contest’s page.');
}

/** What a student is told about a scored attempt at `now` (see QuizResult for the rules). */
export function resultPayload(
  scored: { attempt: Attempt; result: Awaited<ReturnType<typeof attemptResult>>; held?: HeldKeys | null },
  now: Date,
): QuizResult {
  const { attempt } = scored;
  const { outcomes: _outcomes, ...result } = scored.result;
  // A daily test's keys open at night; a topic practice's, once the open test it shares questions with closes.
  const openAt = answersOpenAt(attempt) ?? scored.held?.until ?? null;
  const withheld = openAt !== null && now < openAt;
  return {
    _id: attempt.id,
    // A UTME sitting never comes here: it has its own payload (utme.ts) and is refused by exam routes.
    kind: attempt.kind === 'daily' || attempt.kind === 'topic' ? attempt.kind : 'exam',
    counted: attempt.counted,
    credit: creditPayload(attempt.credit),
    answersOpenAt: withheld ? openAt.toISOString() : null,
    ...result,
    quizAnswers: withheld
      ? result.quizAnswers.map((answer) => ({
          ...answer,
          correctAnswer: null,
          isCorrect: null,
          explanation: null,
        }))
      : result.quizAnswers,
    timeSpent: Math.round((attempt.timeSpentSeconds ?? 0) / 6) / 10,
  };
}

/** GET /exam/result: the result of one of the student's scored attempts, read again. */
export async function readResult(db: Executor, userId: string, attemptId: string, now: Date) {
  const [attempt] = await db.select().from(attempts).where(ownAttempt(userId, attemptId));
  if (!attempt) throw noSuchTest();
  if (attempt.kind === 'utme') throw utmeElsewhere();
  if (attempt.kind === 'contest') throw contestElsewhere();
  if (attempt.submittedAt === null) throw conflictError('This test has not been submitted yet.');
  const [result, held] = await Promise.all([attemptResult(db, attempt), heldKeysOf(db, attempt, now)]);
  return resultPayload({ attempt, result, held }, now);
}

/** The keys a topic practice's result keeps back at `now` (keysHeldBack); none for any other attempt. */
export function heldKeysOf(db: Executor, attempt: Attempt, now: Date) {
  if (attempt.kind !== 'topic') return Promise.resolve(null);
  return keysHeldBack(db, attempt.userId, attempt.questionIds, now, GRACE_MS);
}

/** The result of a scored attempt, rebuilt from its stored answers: the same however often it is read. */
export async function attemptResult(db: Executor, attempt: Attempt) {
  const [key, answers] = await Promise.all([
    loadAnswerKey(db, attempt.questionIds),
    readAnswers(db, attempt.id),
  ]);
  return resultOf(attempt, key, answers);
}
