/**
 * What /utme/result reads and says: a UTME result handed over by the sitting as navigation state (checked,
 * since the state is stored in the browser), the percentile in words, and what a failed read means.
 */

import { UTME, type UtmeResult, type UtmeSectionResult } from '../../lib/api/utme.ts';
import { countOf } from '../../lib/format.ts';
import { creditFromState, creditReasons, RANKING_RULE } from '../../lib/ranking.ts';
import { quizAnswersFromState } from '../results/result.ts';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';

function sectionFromState(value: unknown): UtmeSectionResult | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const section = value as Partial<Record<keyof UtmeSectionResult, unknown>>;
  const subject = section.subject as { _id?: unknown; title?: unknown } | undefined;
  if (
    !subject ||
    !isText(subject._id) ||
    !isText(subject.title) ||
    !isNumber(section.score) ||
    !isNumber(section.correctAnswer) ||
    !isNumber(section.totalQuestions)
  ) {
    return undefined;
  }
  return {
    subject: { _id: subject._id, title: subject.title },
    score: section.score,
    maxScore: isNumber(section.maxScore) ? section.maxScore : UTME.maxScore,
    correctAnswer: section.correctAnswer,
    totalQuestions: section.totalQuestions,
    quizAnswers: quizAnswersFromState(section),
  };
}

/**
 * The result in a navigation state object: the UtmeResult itself or `{ result }`, when it is whole and is
 * the sitting the address names; otherwise undefined, and the page reads it from the server.
 */
export function utmeResultFromState(state: unknown, examId: string): UtmeResult | undefined {
  const wrapped = (state as { result?: unknown } | null | undefined)?.result;
  const candidate = (wrapped ?? state) as Partial<Record<keyof UtmeResult, unknown>> | null | undefined;
  if (!candidate || typeof candidate !== 'object' || candidate._id !== examId) return undefined;
  if (
    !isNumber(candidate.total) ||
    !isNumber(candidate.percentile) ||
    !isNumber(candidate.candidates) ||
    typeof candidate.ranked !== 'boolean'
  ) {
    return undefined;
  }
  if (!Array.isArray(candidate.sections) || candidate.sections.length === 0) return undefined;
  const sections = candidate.sections.map(sectionFromState);
  if (sections.some((section) => section === undefined)) return undefined;
  return {
    _id: examId,
    total: candidate.total,
    maxTotal: isNumber(candidate.maxTotal) ? candidate.maxTotal : UTME.maxTotal,
    percentile: candidate.percentile,
    candidates: candidate.candidates,
    ranked: candidate.ranked,
    credit: creditFromState(candidate.credit),
    startedAt: isText(candidate.startedAt) ? candidate.startedAt : '',
    submittedAt: isText(candidate.submittedAt) ? candidate.submittedAt : '',
    timeSpent: isNumber(candidate.timeSpent) ? candidate.timeSpent : 0,
    sections: sections as UtmeSectionResult[],
  };
}

/** Where the total stands, in words: "Better than 64% of students who have sat a mock". */
export function percentileLine(result: Pick<UtmeResult, 'percentile' | 'candidates'>): string {
  if (result.candidates === 0) return 'You are the first to sit a mock';
  return `Better than ${result.percentile}% of students who have sat a mock`;
}

/** Whom the percentile compares with: "Compared with the ranked mocks of 25 other students". */
export function comparedWithLine(candidates: number): string | undefined {
  if (candidates === 0) return undefined;
  return `Compared with the ranked mocks of ${countOf(candidates, 'other student')}.`;
}

/**
 * Whether the sitting is on the mock ranking, and with what: the ranking rule in words. A student's first
 * mock drawn from questions they had not seen is ranked; later ones are practice.
 */
export function rankingLine(result: Pick<UtmeResult, 'ranked' | 'credit' | 'maxTotal'>): string {
  if (!result.ranked || !result.credit) {
    return `A practice mock: the mock ranking keeps one mock per student, the first drawn wholly from questions whose answers they had not seen. ${RANKING_RULE}`;
  }
  const { credit } = result;
  const why = creditReasons(credit);
  return `This mock is on the mock ranking with ${credit.points} / ${result.maxTotal}. ${RANKING_RULE}${why ? ` ${why}` : ''}`;
}

/** The time a sitting took, from minutes: "1 h 24 min", "38 min", "under a minute". */
export function timeUsed(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 1) return 'under a minute';
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** What the page says when the result cannot be read, and whether trying again could help. */
export interface ResultFailure {
  message: string;
  retry: boolean;
}

/** A failed GET /exam/utme/result in the student's words: a lost connection can be retried, the rest cannot. */
export function resultFailure(status: number, message: string): ResultFailure {
  if (status === 400 || status === 404) {
    return {
      message:
        'We could not find that mock sitting. It may belong to another account, or the address is wrong.',
      retry: false,
    };
  }
  if (status === 409) {
    return {
      message:
        'This sitting has not been handed in yet, so it has no result. Open it from the UTME mock page.',
      retry: false,
    };
  }
  return { message, retry: true };
}

/** The failure of a page opened without a sitting in its address. */
export const NO_SITTING: ResultFailure = {
  message: 'This page shows the result of a mock sitting, and none was named.',
  retry: false,
};
