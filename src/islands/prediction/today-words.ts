/**
 * What the Today card says, on home (components/home/TodayCard.astro, plain DOM) and on /profile
 * (TodayCard.tsx) alike: the days to the exam or a prompt to set the day, the reviews due, and the topics to
 * practise with the points they put at stake.
 */

import type { TodayPlan, TodayTopic } from '../../lib/api/prediction.ts';
import { UTME } from '../../lib/api/utme.ts';
import { countOf } from '../../lib/format.ts';
import { deckLinkText } from '../review-deck/review-deck.ts';

/** The card's heading on both screens. */
export const TODAY_HEADING = 'Today';

/** Where the exam plan is set: /profile's form, by its heading. */
export const PLAN_PATH = '/profile#exam-plan-heading';

/** The days to the exam: "42 days to your exam"; undefined without a date, or once the day has passed. */
export function daysLeftLine(daysLeft: number | null): string | undefined {
  if (daysLeft === null) return undefined;
  if (daysLeft === 0) return 'Your exam is today. Good luck!';
  return `${countOf(daysLeft, 'day')} to your exam`;
}

/**
 * What the card asks of a student without days left: to set the date, or, when the day they set has passed
 * (the server still names it, with no days left), to set the next one.
 */
export function setDatePrompt(plan: Pick<TodayPlan, 'examDate' | 'daysLeft'>): string {
  return plan.examDate !== null && plan.daysLeft === null
    ? 'Your exam day has passed. Set the day of your next exam to plan towards it.'
    : 'Set the day of your exam, and each day’s work is sized to the days you have left.';
}

/** The link under the prompt. */
export const SET_DATE_LINK = 'Set your exam date';

/** The reviews due: "You have 5 questions to review today." */
export function reviewsLine(reviewsDue: number): string {
  return reviewsDue > 0
    ? `You have ${countOf(reviewsDue, 'question')} to review today.`
    : 'No reviews due today.';
}

/** The link to the deck, in the words /award's link uses: "Review your mistakes (5 due)". */
export function reviewLinkText(reviewsDue: number): string {
  return deckLinkText(reviewsDue);
}

/** The heading over the topics, or the line that says why there are none. */
export function topicsIntro(plan: TodayPlan): string {
  return plan.topics.length > 0
    ? 'Then practise the topics that cost you most:'
    : `Answer questions in your ${UTME.electives + 1} subjects, and the topics that cost you most points will show here.`;
}

/** The points a topic puts at stake, in words: "about 6 of your 400 points at stake". */
export function stakeLine(topic: TodayTopic): string {
  const points = Math.round(topic.pointsAtStake);
  const amount = points < 1 ? 'under 1 point' : `about ${countOf(points, 'point')}`;
  return `${topic.subject.title}: ${amount} of your ${UTME.maxTotal} at stake`;
}

/** The practice button's name for a screen reader: "Practise Optics (Physics)". */
export function practiseTopicLabel(topic: TodayTopic): string {
  return `Practise ${topic.topic} (${topic.subject.title})`;
}

/**
 * Whether home shows the Today card: only for a student who has set an exam date. Without one, home keeps the
 * review reminder alone, so that it says the reviews once, and a student who has not planned is not asked to.
 */
export function homeShowsTodayCard(plan: TodayPlan): boolean {
  return plan.examDate !== null;
}
