/**
 * The question navigator: which questions are answered, unanswered, skipped or flagged for review, and the
 * flags and position that a reload keeps (in sessionStorage, per attempt).
 */
import { countOf } from '../../lib/format.ts';
import type { KeyValueStorage } from './answer-queue.ts';

export type QuestionStatus = 'answered' | 'unanswered' | 'skipped';

/** One button of the navigator grid. */
export interface NavigatorItem {
  index: number;
  number: number;
  status: QuestionStatus;
  flagged: boolean;
  current: boolean;
}

/** The status of every question, in order. */
export function navigatorItems(
  questionIds: readonly string[],
  answers: Readonly<Record<string, string>>,
  skipped: ReadonlySet<string>,
  flags: ReadonlySet<string>,
  current: number,
): NavigatorItem[] {
  return questionIds.map((id, index) => ({
    index,
    number: index + 1,
    status: skipped.has(id) ? 'skipped' : answers[id] ? 'answered' : 'unanswered',
    flagged: flags.has(id),
    current: index === current,
  }));
}

/** Counts for the navigator's legend. */
export function navigatorSummary(items: readonly NavigatorItem[]) {
  return {
    answered: items.filter((item) => item.status === 'answered').length,
    unanswered: items.filter((item) => item.status !== 'answered').length,
    flagged: items.filter((item) => item.flagged).length,
  };
}

/**
 * What the submit dialog says before Confirm: "3 questions unanswered, 1 flagged." or, with every question
 * answered, "All questions are answered." Skipped questions count as unanswered, as they score.
 */
export function submitSummary({ unanswered, flagged }: { unanswered: number; flagged: number }): string {
  const answered =
    unanswered === 0 ? 'All questions are answered' : `${countOf(unanswered, 'question')} unanswered`;
  return flagged === 0 ? `${answered}.` : `${answered}, ${flagged} flagged.`;
}

/** A navigator button's name for screen readers: "Question 3, answered, flagged for review". */
export function describeItem(item: NavigatorItem): string {
  const status = { answered: 'answered', unanswered: 'not answered', skipped: 'skipped' }[item.status];
  return `Question ${item.number}, ${status}${item.flagged ? ', flagged for review' : ''}`;
}

/** Flags or unflags a question. */
export function toggleFlag(flags: readonly string[], questionId: string): string[] {
  return flags.includes(questionId) ? flags.filter((id) => id !== questionId) : [...flags, questionId];
}

/** Where an attempt's flags live in sessionStorage. */
export function flagsKey(attemptId: string): string {
  return `quiz:flags:${attemptId}`;
}

/** Where an attempt's current question lives in sessionStorage. */
export function positionKey(attemptId: string): string {
  return `quiz:position:${attemptId}`;
}

/** The stored flags of an attempt, keeping only questions it has. */
export function loadFlags(
  storage: KeyValueStorage | undefined,
  attemptId: string,
  questionIds: readonly string[],
): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(flagsKey(attemptId)) ?? '[]');
    return Array.isArray(parsed) ? questionIds.filter((id) => parsed.includes(id)) : [];
  } catch {
    return [];
  }
}

/** The question to open on resume: the stored one when valid, else the first one without an answer. */
export function resumePosition(
  storage: KeyValueStorage | undefined,
  attemptId: string,
  questionIds: readonly string[],
  answers: Readonly<Record<string, string>>,
): number {
  const stored = Number(storage?.getItem(positionKey(attemptId)) ?? Number.NaN);
  if (Number.isInteger(stored) && stored >= 0 && stored < questionIds.length) return stored;
  const firstOpen = questionIds.findIndex((id) => !answers[id]);
  return firstOpen < 0 ? Math.max(0, questionIds.length - 1) : firstOpen;
}

/** Writes a value, ignoring a storage that refuses (private mode, full). */
export function storeQuietly(
  storage: KeyValueStorage | undefined,
  key: string,
  value: string | undefined,
): void {
  try {
    if (value === undefined) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Flags and position are conveniences; the quiz goes on without them.
  }
}
