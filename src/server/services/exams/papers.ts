import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { examTypes, options, papers, questions, subjects, years } from '../../db/schema.ts';

/** A question as the student sees it during a test: no right answer, no explanation. */
export interface ExamQuestion {
  _id: string;
  question: string;
  questionType: 'text' | 'image' | 'diagram';
  file: { url: string } | null;
  options: {
    _id: string;
    option: string;
    optionType: 'text' | 'image' | 'media' | 'file';
    file: { url: string } | null;
  }[];
}

/** The paper for an exam type, subject and year, with the titles the quiz header shows. */
export async function findPaper(db: Executor, ids: { examType: string; subject: string; year: string }) {
  const [paper] = await db
    .select({
      id: papers.id,
      duration: papers.duration,
      subjectId: papers.subjectId,
      examType: examTypes.title,
      subject: subjects.title,
      year: years.title,
    })
    .from(papers)
    .innerJoin(examTypes, eq(examTypes.id, papers.examTypeId))
    .innerJoin(subjects, eq(subjects.id, papers.subjectId))
    .innerJoin(years, eq(years.id, papers.yearId))
    .where(
      and(
        eq(papers.examTypeId, ids.examType),
        eq(papers.subjectId, ids.subject),
        eq(papers.yearId, ids.year),
      ),
    )
    .limit(1);
  return paper;
}

/** The ids of a paper's questions, in their stored order. */
export async function paperQuestionIds(db: Executor, paperId: string): Promise<string[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.paperId, paperId))
    .orderBy(asc(questions.position));
  return rows.map((row) => row.id);
}

/** The ids of every question in a subject, across all its papers: the pool of the daily test. */
export async function subjectQuestionIds(db: Executor, subjectId: string): Promise<string[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .innerJoin(papers, eq(papers.id, questions.paperId))
    .where(eq(papers.subjectId, subjectId));
  return rows.map((row) => row.id);
}

/** Questions with their options, in the order of `ids`, stripped of anything that gives the answer away. */
export async function loadExamQuestions(db: Executor, ids: readonly string[]): Promise<ExamQuestion[]> {
  if (ids.length === 0) return [];
  const [questionRows, optionRows] = await Promise.all([
    db
      .select({
        id: questions.id,
        html: questions.questionHtml,
        type: questions.questionType,
        fileUrl: questions.fileUrl,
      })
      .from(questions)
      .where(inArray(questions.id, [...ids])),
    db
      .select({
        id: options.id,
        questionId: options.questionId,
        html: options.optionHtml,
        type: options.optionType,
        fileUrl: options.fileUrl,
      })
      .from(options)
      .where(inArray(options.questionId, [...ids]))
      .orderBy(asc(options.questionId), asc(options.position)),
  ]);
  const byId = new Map(questionRows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        _id: row.id,
        question: row.html,
        questionType: row.type,
        file: row.fileUrl ? { url: row.fileUrl } : null,
        options: optionRows
          .filter((option) => option.questionId === id)
          .map((option) => ({
            _id: option.id,
            option: option.html,
            optionType: option.type,
            file: option.fileUrl ? { url: option.fileUrl } : null,
          })),
      },
    ];
  });
}

/** The answer key of some questions: for each, its options, which is right, and the explanation. */
export async function loadAnswerKey(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, AnswerKeyEntry>();
  const [questionRows, optionRows] = await Promise.all([
    db
      .select({ id: questions.id, html: questions.questionHtml, explanation: questions.explanationHtml })
      .from(questions)
      .where(inArray(questions.id, [...ids])),
    db
      .select({
        id: options.id,
        questionId: options.questionId,
        html: options.optionHtml,
        isCorrect: options.isCorrect,
      })
      .from(options)
      .where(inArray(options.questionId, [...ids]))
      .orderBy(asc(options.position)),
  ]);
  const key = new Map<string, AnswerKeyEntry>();
  for (const row of questionRows) {
    key.set(row.id, { question: row.html, explanation: row.explanation, options: [] });
  }
  for (const option of optionRows) {
    key
      .get(option.questionId)
      ?.options.push({ id: option.id, html: option.html, isCorrect: option.isCorrect });
  }
  return key;
}

export interface AnswerKeyEntry {
  question: string;
  explanation: string;
  options: { id: string; html: string; isCorrect: boolean }[];
}
