/**
 * What the prediction panel says (docs/prediction.md, "On the screens"): the predicted total and each
 * subject's score with its range in plain words, what a subject without enough answers still needs, and
 * how the question difficulties were measured. Every range is said in words, so a screen reader never
 * meets a bare "212–251".
 */

import {
  PREDICTION,
  type ScoreRange,
  type SubjectPrediction,
  type UtmePrediction,
} from '../../lib/api/prediction.ts';
import { UTME } from '../../lib/api/utme.ts';
import { countOf, formatDateTime } from '../../lib/format.ts';

/** The range's share as a count of sittings: 0.8 -> "8 sittings in 10". */
export function sittingsShare(): string {
  return `${Math.round(PREDICTION.rangeShare * 10)} sittings in 10`;
}

/** A score as the screens show it: the server's figures, rounded to whole marks. */
export function wholeMarks(range: ScoreRange): ScoreRange {
  return { expected: Math.round(range.expected), low: Math.round(range.low), high: Math.round(range.high) };
}

/** The total's headline for a screen reader: "Predicted total: 232 out of 400". */
export function totalLabel(total: ScoreRange): string {
  return `Predicted total: ${wholeMarks(total).expected} out of ${UTME.maxTotal}`;
}

/**
 * What the total's range means: "If you sat the UTME today, 8 sittings in 10 would land between 212 and
 * 251. The more questions you answer, the narrower it gets."
 */
export function totalRangeLine(total: ScoreRange): string {
  const { low, high } = wholeMarks(total);
  return `If you sat the UTME today, ${sittingsShare()} would land between ${low} and ${high}. The more questions you answer, the narrower it gets.`;
}

/** A subject's score and range in words: "58 out of 100: 8 sittings in 10 between 51 and 65". */
export function subjectScoreLine(score: ScoreRange): string {
  const { expected, low, high } = wholeMarks(score);
  return `${expected} out of ${UTME.maxScore}: ${sittingsShare()} between ${low} and ${high}`;
}

/** What a subject without a prediction still needs: "Answer about 40 more Physics questions to see your prediction". */
export function answersNeededLine(subject: SubjectPrediction): string {
  return `Answer about ${countOf(subject.answersNeeded, `more ${subject.subject.title} question`)} to see your prediction`;
}

/** Why the total is not shown yet, when the subjects are chosen but some lack answers. */
export function missingTotalLine(prediction: UtmePrediction): string {
  if (prediction.chosenFrom === 'none') {
    return `Choose your ${UTME.electives} subjects besides ${UTME.englishTitle} to see your predicted total out of ${UTME.maxTotal}.`;
  }
  return `Your predicted total out of ${UTME.maxTotal} shows once each of your four subjects has a prediction.`;
}

/** Where the subjects came from, when that is worth saying: the latest mock, not a plan the student made. */
export function chosenFromLine(prediction: UtmePrediction): string | undefined {
  if (prediction.chosenFrom !== 'sitting') return undefined;
  return 'These are the subjects of your latest mock. Choose your own in your exam plan.';
}

/** How the questions' difficulties were measured, so a student knows how settled the figures are. */
export function calibrationLine(calibratedAt: string | null): string {
  if (calibratedAt === null) {
    return 'The questions’ difficulties are first estimates for now: they are measured as more students answer them.';
  }
  return `The questions’ difficulties were last measured on ${formatDateTime(calibratedAt)} (West Africa Time).`;
}

/** Where to practise a subject: any past paper of it counts (the exam type is the student's to pick). */
export const PRACTICE_PATH = '/select-exam';

/** The practice link's text, naming the subject for a screen reader's list of links. */
export function practiseLinkText(subject: SubjectPrediction): string {
  return `Practise ${subject.subject.title}`;
}

/** Where a score sits on its scale, in percent of the bar's width, for the range bar (the eye only). */
export function rangeBar(range: ScoreRange, max: number) {
  const share = (value: number) => Math.min(100, Math.max(0, (value / max) * 100));
  const { expected, low, high } = wholeMarks(range);
  return { from: share(low), width: share(high) - share(low), mark: share(expected) };
}
