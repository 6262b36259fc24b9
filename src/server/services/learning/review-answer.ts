/** POST /api/v1/review/answer: one answer in the review deck, marked and scheduled (docs/learning.md). */

import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReviewAnswerBody, ReviewOutcome, ReviewRating } from '../../../lib/api/review.ts';
import { type Database, rowsOf } from '../../db/client.ts';
import { options, questions, reviewAnswers, reviewCards } from '../../db/schema.ts';
import { conflict, invalidField, notFound } from '../errors.ts';
import { GRACE_MS } from '../exams/attempt-rows.ts';
import { openAttemptQuestions, recordShown } from '../exams/ranking-credit.ts';
import { deckCounts } from './deck.ts';
import { cappedDue, examDateOf, examDueCap, lockSchedule } from './exam-cap.ts';
import { countWords, type DeckRating, Rating, ratingFor, scheduleAnswer } from './schedule.ts';

const RATING_NAMES: Record<DeckRating, ReviewRating> = {
  [Rating.Again]: 'again',
  [Rating.Good]: 'good',
  [Rating.Easy]: 'easy',
};

/**
 * Marks an answer to a due question of the caller's deck, logs it (review_answers) and moves the card on, in
 * one transaction; the card's row lock makes a second answer sent at once (a double tap) find the question
 * no longer due. The card comes back before the student's exam day, if one is set (exam-cap.ts). Reviews are
 * practice: no points, no coins.
 */
export async function answerReview(
  db: Database,
  userId: string,
  input: ReviewAnswerBody,
  now: Date,
): Promise<ReviewOutcome> {
  return db.transaction(async (tx) => {
    // Taken before the card's row lock, in the order setting the plan takes its locks.
    await lockSchedule(tx, userId);
    const [card] = await tx
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.questionId, input.question)))
      .for('update');
    if (!card) throw notFound('This question is not in your review deck.');

    const [question] = await tx
      .select({ source: questions.questionSource, explanation: questions.explanationHtml })
      .from(questions)
      .where(eq(questions.id, input.question));
    const choices = await tx
      .select({ id: options.id, isCorrect: options.isCorrect, source: options.optionSource })
      .from(options)
      .where(eq(options.questionId, input.question))
      .orderBy(asc(options.position));
    if (input.option !== null && !choices.some((choice) => choice.id === input.option)) {
      throw invalidField(['option'], 'This option is not one of the question’s options.');
    }
    if (card.due > now) throw conflict('This question is not due for review yet.', 'question');
    // Its answer would give away the key of a question the student is answering in a counted test.
    const [open] = rowsOf<{ open: boolean }>(
      await tx.execute(
        sql`select ${input.question}::uuid in ${openAttemptQuestions(userId, now, GRACE_MS)} as open`,
      ),
    );
    if (open?.open) {
      throw conflict(
        'This question is in a test you have open: review it once that test is handed in.',
        'question',
      );
    }

    const right = choices.find((choice) => choice.isCorrect);
    const correct = input.option !== null && input.option === right?.id;
    const rating = ratingFor({
      correct,
      ...(input.seconds === undefined ? {} : { seconds: input.seconds }),
      words: countWords([question?.source ?? '', ...choices.map((choice) => choice.source)]),
    });
    const scheduled = scheduleAnswer(card, rating, now);
    const next = {
      ...scheduled,
      due: cappedDue(scheduled.due, examDueCap(await examDateOf(tx, userId), now)),
    };

    await recordShown(tx, userId, [input.question], now, 'review');
    await tx.insert(reviewAnswers).values({
      userId,
      questionId: input.question,
      optionId: input.option,
      correct,
      rating,
      answeredAt: now,
    });
    await tx
      .update(reviewCards)
      .set({
        due: next.due,
        stability: next.stability,
        difficulty: next.difficulty,
        scheduledDays: next.scheduledDays,
        learningSteps: next.learningSteps,
        reps: next.reps,
        lapses: next.lapses,
        state: next.state,
        lastReview: next.lastReview,
        // The first review of a question spends one of the day's places for new questions.
        ...(card.lastReview === null ? { introducedAt: now } : {}),
      })
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.questionId, input.question)));

    return {
      question: input.question,
      correct,
      correctOption: right?.id ?? '',
      explanation: question?.explanation ?? '',
      rating: RATING_NAMES[rating],
      due: next.due.toISOString(),
      counts: await deckCounts(tx, userId, now),
    } satisfies ReviewOutcome;
  });
}
