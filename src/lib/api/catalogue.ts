/**
 * The catalogue contract of GET /api/v1/examType, /subject and /year: public, cacheable lists of what a
 * student chooses a paper by, each a `Paged` list. The server's routes `satisfies` these types and the
 * exam-selection screens read them. Declared here once.
 */

import type { PageQuery } from './paged.ts';

/** An image a card shows. */
export interface CatalogueImage {
  url: string;
}

/** An exam type (WAEC, JAMB, …) as GET /api/v1/examType lists it, by title. */
export interface ExamType {
  _id: string;
  title: string;
  image: CatalogueImage | null;
}

/** A subject as GET /api/v1/subject lists it, by title. */
export interface Subject {
  _id: string;
  title: string;
  /** The title again, under the name the spec's older clients read. */
  name: string;
  image: CatalogueImage | null;
  /** The ids of the exam types that have a paper in this subject. */
  examType: string[];
}

/** A year that has a paper, as GET /api/v1/year lists it, newest first: `title` is the year ("2021"). */
export interface Year {
  _id: string;
  title: string;
  /** The ids of the exam types that have a paper in this year. */
  examType: string[];
  /** The ids of the subjects that have a paper in this year. */
  subject: string[];
}

/** The query of GET /api/v1/examType. */
export type ExamTypeListQuery = PageQuery;

/** The query of GET /api/v1/subject: only the subjects of one exam type, when it names one. */
export interface SubjectListQuery extends PageQuery {
  examType?: string;
}

/** The query of GET /api/v1/year: only the years with a paper of this exam type and subject, when named. */
export interface YearListQuery extends PageQuery {
  examType?: string;
  subject?: string;
}
