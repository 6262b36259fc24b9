import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { examTypes, options, papers, questions, subjects, years } from '../../db/schema.ts';
import { bankPaper } from '../exams/bank-paper.ts';
import { LETTERS } from './input-schema.ts';

/** An option in the native JSON format. */
export interface NativeOption {
  option: string;
  optionType?: 'image' | 'media' | 'file';
  file?: { url: string };
}

/** A question in the native JSON format. */
export interface NativeQuestion {
  id: string;
  passage?: string;
  question: string;
  questionType: 'text' | 'image' | 'diagram';
  file?: { url: string };
  topic?: string;
  options: NativeOption[];
  answer: string;
  explanation: string;
}

/** One paper in the native JSON format: one file of content/bank. */
export interface NativePaper {
  examType: string;
  examTypeImage?: string;
  subject: string;
  subjectImage?: string;
  year: number;
  duration?: number;
  questions: NativeQuestion[];
}

/**
 * Reads every bank paper back into the native format, with its path under a bank folder. A contest's paper is
 * left out: its questions are reserved, and it would share a bank paper's file.
 */
export async function readNativePapers(db: Executor): Promise<{ path: string; paper: NativePaper }[]> {
  const paperRows = await db
    .select({
      id: papers.id,
      duration: papers.duration,
      examTypeSlug: examTypes.slug,
      examType: examTypes.title,
      examTypeImage: examTypes.imageUrl,
      subjectSlug: subjects.slug,
      subject: subjects.title,
      subjectImage: subjects.imageUrl,
      year: years.year,
    })
    .from(papers)
    .innerJoin(examTypes, eq(examTypes.id, papers.examTypeId))
    .innerJoin(subjects, eq(subjects.id, papers.subjectId))
    .innerJoin(years, eq(years.id, papers.yearId))
    .where(bankPaper)
    .orderBy(asc(examTypes.slug), asc(subjects.slug), asc(years.year));
  const result: { path: string; paper: NativePaper }[] = [];
  for (const row of paperRows) {
    const questionRows = await db
      .select({
        id: questions.id,
        key: questions.key,
        passage: questions.passageSource,
        question: questions.questionSource,
        questionType: questions.questionType,
        fileUrl: questions.fileUrl,
        topic: questions.topic,
        explanation: questions.explanationSource,
      })
      .from(questions)
      .where(eq(questions.paperId, row.id))
      .orderBy(asc(questions.position), asc(questions.key));
    if (questionRows.length === 0) continue;
    const optionRows = await db
      .select({
        questionId: options.questionId,
        option: options.optionSource,
        optionType: options.optionType,
        fileUrl: options.fileUrl,
        isCorrect: options.isCorrect,
      })
      .from(options)
      .where(
        inArray(
          options.questionId,
          questionRows.map((question) => question.id),
        ),
      )
      .orderBy(asc(options.questionId), asc(options.position));
    const paper: NativePaper = {
      examType: row.examType,
      ...(row.examTypeImage ? { examTypeImage: row.examTypeImage } : {}),
      subject: row.subject,
      ...(row.subjectImage ? { subjectImage: row.subjectImage } : {}),
      year: row.year,
      ...(row.duration !== null ? { duration: row.duration } : {}),
      questions: questionRows.map((question) => {
        const own = optionRows.filter((option) => option.questionId === question.id);
        const answer = own.findIndex((option) => option.isCorrect);
        return {
          id: question.key,
          ...(question.passage ? { passage: question.passage } : {}),
          question: question.question,
          questionType: question.questionType,
          ...(question.fileUrl ? { file: { url: question.fileUrl } } : {}),
          ...(question.topic ? { topic: question.topic } : {}),
          options: own.map((option) => ({
            option: option.option,
            ...(option.optionType !== 'text' ? { optionType: option.optionType } : {}),
            ...(option.fileUrl ? { file: { url: option.fileUrl } } : {}),
          })),
          answer: LETTERS[answer] ?? 'A',
          explanation: question.explanation,
        };
      }),
    };
    result.push({ path: join(row.examTypeSlug, `${row.subjectSlug}-${row.year}.json`), paper });
  }
  return result;
}

/**
 * Writes the whole bank to a folder in the native JSON format, one file per paper
 * (`<exam-type>/<subject>-<year>.json`), so that importing the folder gives the same papers back.
 */
export async function exportBank(
  db: Executor,
  folder: string,
): Promise<{ papers: number; questions: number; files: string[] }> {
  const papersOut = await readNativePapers(db);
  for (const { path, paper } of papersOut) {
    const target = join(folder, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, `${JSON.stringify(paper, null, 2)}\n`);
  }
  return {
    papers: papersOut.length,
    questions: papersOut.reduce((sum, { paper }) => sum + paper.questions.length, 0),
    files: papersOut.map(({ path }) => path),
  };
}
