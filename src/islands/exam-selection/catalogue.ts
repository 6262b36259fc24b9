/**
 * The pure rules of choosing a paper (spec §2): which subjects an exam type offers, which years a pair has,
 * which image a card shows (a subject's own picture is in subject-pictures.ts), and what one screen hands
 * the next as navigation state.
 */

import type { Subject, Year } from '../../lib/api/catalogue.ts';

/**
 * Anything a card names: an exam type, a subject or a year. The spec calls a subject's name `title` or
 * `name`, so the name is read from either, and a blank one falls back to the other.
 */
export interface Named {
  title?: string | null;
  name?: string | null;
}

/** What a screen passes on about an exam type, subject or year: enough to ask for the paper and to show it. */
export interface Choice {
  _id: string;
  title: string;
}

/** The state /select-year reads, and, with `year`, the state /test reads. */
export interface PaperChoice {
  examType: Choice;
  subject: Choice;
}

/** Local images for exam types that come without one, used in turn. */
export const EXAM_IMAGES = [
  '/images/exams/answer-sheet.svg',
  '/images/exams/graduation-cap.svg',
  '/images/exams/pencil.svg',
  '/images/exams/medal.svg',
] as const;

/** Shown when a card's image fails to load. */
export const PLACEHOLDER_IMAGE = '/images/subjects/placeholder.svg';

/** The cards of the first row (at most four columns) load their images at once; the rest lazily. */
export const EAGER_IMAGE_COUNT = 4;

/** The daily-test quick picks at the top of /practice-subject, in the spec's order. */
export const QUICK_PICK_TITLES = ['ENGLISH', 'GENERAL KNOWLEDGE', 'MATHEMATICS'] as const;

/** The image of the card at `index` of a set, going round the set again when the list is longer. */
export function rotatingImage(set: readonly string[], index: number): string {
  const length = set.length;
  return set[((index % length) + length) % length] ?? PLACEHOLDER_IMAGE;
}

/** A card's image: the placeholder after a failed load, else the item's own image, else a default by index. */
export function cardImage(
  item: { image?: { url?: string | null } | null },
  index: number,
  defaults: readonly string[],
  failed = false,
): string {
  if (failed) return PLACEHOLDER_IMAGE;
  const own = item.image?.url?.trim();
  return own ? own : rotatingImage(defaults, index);
}

/** Whether the image of the card at `index` waits until it nears the viewport. */
export function imageLoading(index: number): 'eager' | 'lazy' {
  return index < EAGER_IMAGE_COUNT ? 'eager' : 'lazy';
}

/** The name an item shows: its title, or (for a subject) its name when it has no title. */
export function displayTitle(item: Named): string {
  return item.title?.trim() || item.name?.trim() || '';
}

/** The subjects that the exam type offers: those whose examType list includes its id. */
export function subjectsForExamType(subjects: readonly Subject[], examTypeId: string): Subject[] {
  return subjects.filter((subject) => subject.examType.includes(examTypeId));
}

/** The years that have a paper of this exam type and subject, newest first. */
export function yearsFor(years: readonly Year[], examTypeId: string, subjectId: string): Year[] {
  return years
    .filter((year) => year.examType.includes(examTypeId) && year.subject.includes(subjectId))
    .sort((a, b) => b.title.localeCompare(a.title, 'en', { numeric: true }));
}

/** The fixed quick picks, each with the listed subject of that title (case-insensitive); missing ones drop. */
export function quickPicks(subjects: readonly Subject[]): { label: string; subject: Subject }[] {
  const picks: { label: string; subject: Subject }[] = [];
  for (const label of QUICK_PICK_TITLES) {
    const subject = subjects.find((item) => displayTitle(item).toUpperCase() === label);
    if (subject) picks.push({ label, subject });
  }
  return picks;
}

/** The part of a catalogue item that travels to the next screen. */
export function toChoice(item: { _id: string } & Named): Choice {
  return { _id: item._id, title: displayTitle(item) };
}

/** Whether a value read from navigation state is a usable choice. */
export function isChoice(value: unknown): value is Choice {
  if (typeof value !== 'object' || value === null) return false;
  const { _id, title } = value as Record<string, unknown>;
  return typeof _id === 'string' && _id !== '' && typeof title === 'string';
}

/** The exam type that /subjects needs from its navigation state, or undefined when it has none. */
export function examTypeFromState(state: unknown): Choice | undefined {
  const examType = (state as { examType?: unknown } | null | undefined)?.examType;
  return isChoice(examType) ? { _id: examType._id, title: examType.title } : undefined;
}

/** The exam type and subject that /select-year needs from its navigation state, or undefined. */
export function paperChoiceFromState(state: unknown): PaperChoice | undefined {
  const examType = examTypeFromState(state);
  const subject = (state as { subject?: unknown } | null | undefined)?.subject;
  if (!examType || !isChoice(subject)) return undefined;
  return { examType, subject: { _id: subject._id, title: subject.title } };
}
