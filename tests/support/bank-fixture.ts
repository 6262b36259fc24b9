import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/server/db/client.ts';
import { examTypes, options, papers, questions, subjects, years } from '../../src/server/db/schema.ts';

/** A question of a fixture paper: its id, its options' ids in order, and which of them is right. */
export interface FixtureQuestion {
  id: string;
  optionIds: string[];
  right: string;
  wrong: string[];
}

/**
 * A paper with `count` questions of four options each, written straight into the tables (independent of
 * the importer). Option B is right unless `rightIndex` says otherwise.
 */
export async function createPaper(
  db: Database,
  {
    count = 5,
    duration = 5,
    subjectTitle,
    rightIndex = 1,
  }: { count?: number; duration?: number | null; subjectTitle?: string; rightIndex?: number } = {},
) {
  const tag = randomUUID().slice(0, 8);
  const [examType] = await db
    .insert(examTypes)
    .values({ slug: `exam-${tag}`, title: `EXAM ${tag}` })
    .returning();
  const [subject] = await db
    .insert(subjects)
    .values({ slug: `subject-${tag}`, title: subjectTitle ?? `Subject ${tag}` })
    .returning();
  const yearNumber = 1900 + Math.floor(Math.random() * 100_000);
  const [year] = await db
    .insert(years)
    .values({ year: yearNumber, title: String(yearNumber) })
    .returning();
  if (!examType || !subject || !year) throw new Error('fixture insert failed');
  const [paper] = await db
    .insert(papers)
    .values({ examTypeId: examType.id, subjectId: subject.id, yearId: year.id, duration })
    .returning();
  if (!paper) throw new Error('fixture insert failed');

  const created: FixtureQuestion[] = [];
  for (let position = 0; position < count; position++) {
    const [question] = await db
      .insert(questions)
      .values({
        key: `${tag}-${position}`,
        paperId: paper.id,
        position,
        questionHtml: `<p>Question ${position + 1} of ${tag}</p>`,
        questionSource: `Question ${position + 1} of ${tag}`,
        explanationHtml: `<p>Because of rule ${position + 1}.</p>`,
        explanationSource: `Because of rule ${position + 1}.`,
      })
      .returning({ id: questions.id });
    if (!question) throw new Error('fixture insert failed');
    const optionRows = await db
      .insert(options)
      .values(
        ['A', 'B', 'C', 'D'].map((letter, index) => ({
          questionId: question.id,
          position: index,
          optionHtml: `<p>Option ${letter}</p>`,
          optionSource: `Option ${letter}`,
          isCorrect: index === rightIndex,
        })),
      )
      .returning({ id: options.id, position: options.position, isCorrect: options.isCorrect });
    optionRows.sort((a, b) => a.position - b.position);
    const right = optionRows.find((row) => row.isCorrect)?.id ?? '';
    created.push({
      id: question.id,
      optionIds: optionRows.map((row) => row.id),
      right,
      wrong: optionRows.filter((row) => !row.isCorrect).map((row) => row.id),
    });
  }
  return {
    paperId: paper.id,
    ids: { examType: examType.id, subject: subject.id, year: year.id },
    questions: created,
  };
}
