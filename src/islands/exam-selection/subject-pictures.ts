/**
 * The picture a subject's card shows when the subject comes without an image: the subject's own (a flask for
 * Chemistry, a leaf for Biology), or, for a subject that has none, one of the general study pictures in turn
 * (spec §2's rotating defaults).
 */

import type { Subject } from '../../lib/api/catalogue.ts';
import { cardImage, displayTitle } from './catalogue.ts';

const FOLDER = '/images/subjects';

/** Each picture, by the subject titles it stands for, written as subjectKey() writes them. */
const PICTURE_TITLES: Record<string, readonly string[]> = {
  mathematics: ['mathematics', 'maths', 'general mathematics', 'further mathematics'],
  english: ['english', 'english language', 'use of english'],
  literature: ['literature', 'literature in english'],
  physics: ['physics'],
  chemistry: ['chemistry'],
  biology: ['biology'],
  geography: ['geography'],
  economics: ['economics'],
  commerce: ['commerce'],
  government: ['government'],
  'civic-education': ['civic education', 'civics'],
  'general-knowledge': ['general knowledge'],
};

const PICTURE_BY_TITLE = new Map(
  Object.entries(PICTURE_TITLES).flatMap(([picture, titles]) =>
    titles.map((title) => [title, `${FOLDER}/${picture}.svg`] as const),
  ),
);

/** The general study pictures, used in turn for subjects without a picture of their own. */
export const GENERAL_SUBJECT_IMAGES = [
  `${FOLDER}/book.svg`,
  `${FOLDER}/notes.svg`,
  `${FOLDER}/backpack.svg`,
  `${FOLDER}/chalkboard.svg`,
] as const;

/** A title as the picture table spells it: lower case, "&" as "and", one space between words. */
export function subjectKey(title: string): string {
  return title
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

/** The subject's own picture, or undefined when the subject has none. */
export function subjectPicture(title: string): string | undefined {
  return PICTURE_BY_TITLE.get(subjectKey(title));
}

/**
 * A subject card's image: the placeholder after a failed load, else the subject's own image, else its own
 * picture, else a general one by the card's position.
 */
export function subjectCardImage(subject: Subject, index: number, failed = false): string {
  const own = subjectPicture(displayTitle(subject));
  return cardImage(subject, index, own ? [own] : GENERAL_SUBJECT_IMAGES, failed);
}
