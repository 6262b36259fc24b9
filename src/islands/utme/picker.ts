/**
 * The rules of the /utme subject picker, as JAMB's registration applies them: Use of English is fixed, and
 * the candidate adds exactly three subjects the bank can fill.
 */

import { accessSummary } from '../../lib/access.ts';
import type { Profile, User } from '../../lib/api/user.ts';
import { UTME, type UtmeCatalogue, type UtmeSubjectChoice } from '../../lib/api/utme.ts';
import { countOf } from '../../lib/format.ts';

/** What ticking or unticking a subject leads to: the new choice, or why it was refused. */
export interface ToggleOutcome {
  chosen: string[];
  refused?: string;
}

/** Ticks or unticks a subject; a subject without enough questions, or a fourth, is refused with a reason. */
export function toggleChoice(chosen: readonly string[], subject: UtmeSubjectChoice): ToggleOutcome {
  if (chosen.includes(subject._id)) return { chosen: chosen.filter((id) => id !== subject._id) };
  if (!subject.available) {
    return {
      chosen: [...chosen],
      refused: `${subject.title} does not have enough questions for a mock yet.`,
    };
  }
  if (chosen.length >= UTME.electives) {
    return {
      chosen: [...chosen],
      refused: `You have chosen ${UTME.electives} subjects already. Untick one to choose ${subject.title}.`,
    };
  }
  return { chosen: [...chosen, subject._id] };
}

/** The live count under the choices: "2 of 3 chosen". */
export function choiceCountLine(count: number): string {
  return `${count} of ${UTME.electives} chosen`;
}

/** What Start says when the choice is not complete, or undefined when it is. */
export function incompleteChoiceLine(count: number): string | undefined {
  const missing = UTME.electives - count;
  return missing > 0 ? `Choose ${countOf(missing, 'more subject')} to start.` : undefined;
}

/** Why a subject cannot be chosen: "Not enough questions yet (32 of 40)". */
export function unavailableLine(subject: UtmeSubjectChoice): string {
  return `Not enough questions yet (${subject.questions} of ${UTME.electiveQuestions})`;
}

/** The chosen ids in the catalogue's order, so that the same three subjects always make the same address. */
export function inCatalogueOrder(
  chosen: readonly string[],
  electives: readonly UtmeSubjectChoice[],
): string[] {
  return electives.filter((subject) => chosen.includes(subject._id)).map((subject) => subject._id);
}

/** The sitting screen's address for three elective subjects. */
export function sittingPath(electiveIds: readonly string[]): string {
  return `/utme/sitting?subjects=${electiveIds.join(',')}`;
}

/**
 * The address that resumes an unfinished sitting: its three subjects besides Use of English (the server
 * resumes it whatever subjects are asked for, and the sitting screen is opened with those it has).
 */
export function resumePath(catalogue: UtmeCatalogue): string | undefined {
  const { open, english } = catalogue;
  if (!open) return undefined;
  const electives = open.subjects.filter((subject) => subject._id !== english?._id);
  return sittingPath(electives.slice(-UTME.electives).map((subject) => subject._id));
}

/** Whether the bank can fill a sitting: Use of English and at least three other subjects. */
export function mockReady(catalogue: UtmeCatalogue): boolean {
  const electives = catalogue.electives.filter((subject) => subject.available);
  return catalogue.english?.available === true && electives.length >= UTME.electives;
}

/** The subjects of an unfinished sitting in words: "Use of English, Physics, Chemistry and Biology". */
export function subjectList(subjects: readonly { title: string }[]): string {
  const titles = subjects.map((subject) => subject.title);
  if (titles.length <= 1) return titles.join('');
  return `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
}

/** Whether the student may start a mock, and if not, what to tell them. */
export type MockAccess = { open: true } | { open: false; reason: string; confirmEmail: boolean };

/**
 * A mock needs a plan or the trial, as a full exam does (the server answers 402 otherwise). Judged from the
 * account this browser holds, freshly loaded by the picker; the server has the last word at Start.
 */
export function mockAccess(
  account: { user: Pick<User, 'emailVerified'> | null; profile: Pick<Profile, 'subscription'> | null },
  now: Date,
): MockAccess {
  const subscription = account.profile?.subscription;
  const summary = accessSummary(subscription, now);
  if (summary.live) return { open: true };
  const neverSubscribed = !subscription || subscription.status === 'none';
  if (neverSubscribed && account.user?.emailVerified === false) {
    return {
      open: false,
      reason:
        'The UTME mock needs a plan or the free trial. Your trial starts once you confirm your email address.',
      confirmEmail: true,
    };
  }
  return {
    open: false,
    reason: neverSubscribed
      ? 'The UTME mock needs a plan or the free trial.'
      : `The UTME mock needs a plan or the free trial. ${summary.text}.`,
    confirmEmail: false,
  };
}

/** The mock in short, from the format's constants: "4 subjects, 180 questions, 2 hours". */
export const UTME_IN_SHORT = `${UTME.electives + 1} subjects, ${
  UTME.englishQuestions + UTME.electives * UTME.electiveQuestions
} questions, ${UTME.durationMinutes / 60} hours`;
