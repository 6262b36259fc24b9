/**
 * The review deck's schedule (docs/learning.md, "The review deck"): FSRS, through ts-fsrs, with the
 * parameters below, rated from the student's answer and kept in West Africa Time days. Pure functions: the
 * routes read and write the card, these say what comes next.
 */

import { type Card, createEmptyCard, fsrs, type Grade, Rating, State } from 'ts-fsrs';
import { westAfricaDate } from '../exams/daily.ts';
import { endOfWestAfricaDay, westAfricaMidnight } from '../exams/daily-key.ts';

/**
 * The FSRS parameters, in one place. ts-fsrs's default weights (trained on millions of reviews) with:
 * - 90% retention asked for: a question comes back when the student would still get it right 9 times in 10;
 * - one short step of 10 minutes after a wrong answer, for a new card and a forgotten one, so that a
 *   mistake comes back later the same sitting rather than the next day (ts-fsrs's default is 1 and 10 min;
 *   one minute is too soon to be more than remembering the key just shown);
 * - at most a year between reviews: the exams students practise for are months away, not decades;
 * - no fuzz: a deck is one student's, small, and due dates already fall on whole days (see dueOnDay), so
 *   spreading them by chance gains nothing and would make the schedule harder to check.
 */
export const FSRS_PARAMETERS = {
  request_retention: 0.9,
  maximum_interval: 365,
  enable_fuzz: false,
  enable_short_term: true,
  learning_steps: ['10m'],
  relearning_steps: ['10m'],
} as const;

const scheduler = fsrs({
  ...FSRS_PARAMETERS,
  learning_steps: [...FSRS_PARAMETERS.learning_steps],
  relearning_steps: [...FSRS_PARAMETERS.relearning_steps],
});

/**
 * "Right and fast" earns Easy: right within FAST_ANSWER.baseSeconds plus one second for every
 * FAST_ANSWER.wordsPerSecond words of the question and its options (the passage is not counted: a student
 * who knows the answer does not read it all again). A 20-word question with four one-word options is fast
 * within 14 seconds. The time is the phone's own count, which a student could fake: it only moves their own
 * reviews, so nothing is gained by it.
 */
export const FAST_ANSWER = { baseSeconds: 8, wordsPerSecond: 4 } as const;

/** The deck's memory state of one question: the columns of review_cards that FSRS reads and writes. */
export interface CardState {
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  lastReview: Date | null;
}

/** The ratings the deck gives: wrong or blank is Again, right is Good, right and fast is Easy. */
export type DeckRating = Rating.Again | Rating.Good | Rating.Easy;

/** How many words a text has (LaTeX and HTML tags count as they come: this is a rough reading time). */
export function countWords(texts: readonly string[]): number {
  return texts.reduce((total, text) => total + (text.match(/\S+/g)?.length ?? 0), 0);
}

/** The seconds within which a right answer to a question of `words` words is fast. */
export function fastWithinSeconds(words: number): number {
  return FAST_ANSWER.baseSeconds + words / FAST_ANSWER.wordsPerSecond;
}

/** The rating of an answer: Again when wrong or blank, Easy when right and fast, else Good. */
export function ratingFor(answer: { correct: boolean; seconds?: number; words: number }): DeckRating {
  if (!answer.correct) return Rating.Again;
  if (answer.seconds !== undefined && answer.seconds <= fastWithinSeconds(answer.words)) return Rating.Easy;
  return Rating.Good;
}

/** The state of a question just added to the deck: new, due at `due`. */
export function newCardState(due: Date): CardState {
  return fromFsrs(createEmptyCard(due));
}

/** The start of the West Africa Time day that `moment` falls in (midnight in Lagos, UTC+1 all year). */
export function startOfWestAfricaDay(moment: Date): Date {
  return westAfricaMidnight(westAfricaDate(moment));
}

/** The end of the West Africa Time day that `moment` falls in: the next midnight in Lagos. */
export function endOfWestAfricaDayOf(moment: Date): Date {
  return endOfWestAfricaDay(westAfricaDate(moment));
}

/**
 * When a scheduled card is due. A review a day or more away is due from the start of its West Africa Time
 * day, not at the hour of the last answer: "due on Thursday" means all Thursday, in Lagos, whatever the
 * server's or the phone's clock zone, and the home reminder counts everything due before tonight's midnight.
 * A short step (minutes after a wrong answer) keeps its exact time.
 */
export function dueOnDay(card: { due: Date; scheduledDays: number }): Date {
  return card.scheduledDays >= 1 ? startOfWestAfricaDay(card.due) : card.due;
}

/** The card after an answer rated `rating` at `now`, its due date kept to West Africa Time days. */
export function scheduleAnswer(card: CardState, rating: DeckRating, now: Date): CardState {
  const next = fromFsrs(scheduler.next(toFsrs(card), now, rating as Grade).card);
  return { ...next, due: dueOnDay(next) };
}

function toFsrs(card: CardState): Card {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    // Deprecated in ts-fsrs 5 and read by nothing it computes: it works from last_review.
    elapsed_days: 0,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as State,
    ...(card.lastReview ? { last_review: card.lastReview } : {}),
  };
}

function fromFsrs(card: Card): CardState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

export { Rating, State };
