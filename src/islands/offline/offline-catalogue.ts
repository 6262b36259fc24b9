/**
 * The catalogue of what is on the phone: with no network, /select-exam, /subjects and /select-year list the
 * exam types, subjects and years of the student's downloaded papers instead of the server's catalogue.
 * The items take the catalogue's shapes, so the screens list them as they list the server's.
 */

import type { ExamType, Subject, Year } from '../../lib/api/catalogue.ts';
import type { PaperSummary } from './offline-papers.ts';

type Heading = Pick<PaperSummary, 'examType' | 'subject' | 'year'>;

function unique<T extends { _id: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item._id, item])).values()];
}

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, 'en');

/** The exam types that have a downloaded paper. */
export function downloadedExamTypes(papers: readonly Heading[]): ExamType[] {
  return unique(
    papers.map((paper) => ({ _id: paper.examType._id, title: paper.examType.title, image: null })),
  ).sort(byTitle);
}

/** The subjects of an exam type that have a downloaded paper. */
export function downloadedSubjects(papers: readonly Heading[], examTypeId: string): Subject[] {
  return unique(
    papers
      .filter((paper) => paper.examType._id === examTypeId)
      .map((paper) => ({
        _id: paper.subject._id,
        title: paper.subject.title,
        name: paper.subject.title,
        image: null,
        examType: [examTypeId],
      })),
  ).sort(byTitle);
}

/** The years of an exam type and subject that have a downloaded paper (the screen sorts them). */
export function downloadedYears(papers: readonly Heading[], examTypeId: string, subjectId: string): Year[] {
  return unique(
    papers
      .filter((paper) => paper.examType._id === examTypeId && paper.subject._id === subjectId)
      .map((paper) => ({
        _id: paper.year._id,
        title: paper.year.title,
        examType: [examTypeId],
        subject: [subjectId],
      })),
  );
}

/** The downloaded paper of an exam type, subject and year, if there is one. */
export function findDownload<T extends Heading>(
  papers: readonly T[],
  choice: { examType: { _id: string }; subject: { _id: string }; year: { _id: string } },
): T | undefined {
  return papers.find(
    (paper) =>
      paper.examType._id === choice.examType._id &&
      paper.subject._id === choice.subject._id &&
      paper.year._id === choice.year._id,
  );
}
