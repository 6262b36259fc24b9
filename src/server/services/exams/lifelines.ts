/** Lifelines: 50-50 and skip, bought with coins, one a question (and in a contest, one a level). */

import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CONTEST } from '../../../lib/api/contest.ts';
import type { LifelineOutcome } from '../../../lib/api/exam.ts';
import { PaymentCode } from '../../../lib/errors.ts';
import { LIFELINE_COST } from '../../../lib/scoring.ts';
import type { Database, Executor } from '../../db/client.ts';
import { attemptAnswers, lifelineUses } from '../../db/schema.ts';
import { debitCoins } from '../coins.ts';
import { paymentRequired } from '../errors.ts';
import {
  badAnswer,
  conflictError,
  type LifelineKind,
  lockAttempt,
  questionOptions,
  requireOpen,
} from './attempt-rows.ts';

/**
 * Uses a lifeline on one question for 4 coins, at most one per question. The debit, its ledger row and the
 * lifeline are one transaction; a 50-50 hides two wrong options chosen at random.
 */
export async function useLifeline(
  db: Database,
  userId: string,
  input: { exam: string; question: string; kind: LifelineKind },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, userId, input.exam);
    if (attempt.kind === 'utme')
      throw conflictError('There are no lifelines in a UTME mock, as in the exam hall.');
    requireOpen(attempt, now);
    const choices = await questionOptions(tx, attempt, input.question);
    if (!choices) throw badAnswer('question', 'This question is not part of this test.');
    const [used] = await tx
      .select({ kind: lifelineUses.kind })
      .from(lifelineUses)
      .where(and(eq(lifelineUses.attemptId, attempt.id), eq(lifelineUses.questionId, input.question)));
    if (used) throw conflictError('You have already used a lifeline on this question.');
    if (attempt.kind === 'contest' && (await lifelinesUsed(tx, attempt.id)) >= CONTEST.lifelinesPerLevel) {
      // The attempt row is locked above, so two lifelines asked for at once in one level queue here.
      throw conflictError('You have used this level’s lifeline: one lifeline per level.');
    }

    const balance = await debitCoins(tx, {
      userId,
      coins: LIFELINE_COST,
      description: input.kind === 'skip' ? 'Skip lifeline' : '50-50 lifeline',
      at: now,
    });
    if (balance === undefined) throw paymentRequired(PaymentCode.insufficientCoins, 'You are out of coin!');

    const hiddenOptions = input.kind === 'fifty-fifty' ? pickTwoWrong(choices) : [];
    await tx.insert(lifelineUses).values({
      attemptId: attempt.id,
      questionId: input.question,
      kind: input.kind,
      hiddenOptionIds: hiddenOptions,
      usedAt: now,
    });
    if (input.kind === 'skip') {
      await tx
        .delete(attemptAnswers)
        .where(and(eq(attemptAnswers.attemptId, attempt.id), eq(attemptAnswers.questionId, input.question)));
    }
    return {
      kind: input.kind,
      question: input.question,
      hiddenOptions,
      triviaPoints: balance,
    } satisfies LifelineOutcome;
  });
}

async function lifelinesUsed(tx: Executor, attemptId: string): Promise<number> {
  return tx.$count(lifelineUses, eq(lifelineUses.attemptId, attemptId));
}

function pickTwoWrong(choices: { id: string; isCorrect: boolean }[]): string[] {
  const wrong = choices.filter((choice) => !choice.isCorrect).map((choice) => choice.id);
  const hidden: string[] = [];
  while (hidden.length < 2 && wrong.length > 0) {
    hidden.push(...wrong.splice(randomInt(wrong.length), 1));
  }
  return hidden;
}
