/** Catalogue records as the API sends them, for the island tests of the paper-choosing screens. */

import type { Subject, Year } from '../../src/lib/api/catalogue.ts';

/** A subject of these exam types; one without a title falls back to its name (the spec's older field). */
export const subject = (id: string, title: string | null, examType: string[], name?: string): Subject => ({
  _id: id,
  title: title ?? '',
  name: name ?? title ?? '',
  image: null,
  examType,
});

/** A year that has papers of these exam types and subjects. */
export const year = (id: string, title: string, examType: string[], subjects: string[]): Year => ({
  _id: id,
  title,
  examType,
  subject: subjects,
});
