import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/server/db/client.ts';
import { examTypes, options, papers, questions, subjects, years } from '../../src/server/db/schema.ts';
import type { FixtureQuestion } from './bank-fixture.ts';

/** A question of the topic bank: a FixtureQuestion with its paper and topic (null for untagged). */
export interface TopicQuestion extends FixtureQuestion {
  paperId: string;
  topic: string | null;
}

/**
 * A subject with topics, written straight into the tables: two papers of two exam types and years, so that
 * a topic practice has to draw across them. `papers` lists each paper's question topics in order (null
 * leaves a question untagged). Option B is right.
 */
export async function createTopicBank(db: Database, layout: { title?: string; papers: (string | null)[][] }) {
  const tag = randomUUID().slice(0, 8);
  const [subject] = await db
    .insert(subjects)
    .values({ slug: `maths-${tag}`, title: layout.title ?? `Mathematics ${tag}` })
    .returning({ id: subjects.id, slug: subjects.slug, title: subjects.title });
  if (!subject) throw new Error('fixture insert failed');
  const made: { examType: string; year: string; paperId: string; questions: TopicQuestion[] }[] = [];
  for (const [index, topics] of layout.papers.entries()) {
    const [examType] = await db
      .insert(examTypes)
      .values({ slug: `topic-exam-${tag}-${index}`, title: `EXAM ${tag} ${index}` })
      .returning({ id: examTypes.id });
    const yearNumber = 3000 + Math.floor(Math.random() * 1_000_000);
    const [year] = await db
      .insert(years)
      .values({ year: yearNumber, title: String(yearNumber) })
      .returning({ id: years.id });
    if (!examType || !year) throw new Error('fixture insert failed');
    const [paper] = await db
      .insert(papers)
      .values({ examTypeId: examType.id, subjectId: subject.id, yearId: year.id, duration: 30 })
      .returning({ id: papers.id });
    if (!paper) throw new Error('fixture insert failed');
    const inserted = await db
      .insert(questions)
      .values(
        topics.map((topic, position) => ({
          key: `${tag}-${index}-${position}`,
          paperId: paper.id,
          position,
          questionHtml: `<p>${topic ?? 'Untagged'} question ${position + 1} of paper ${index + 1}</p>`,
          questionSource: `${topic ?? 'Untagged'} question ${position + 1} of paper ${index + 1}`,
          topic,
          explanationHtml: `<p>Because of rule ${position + 1}.</p>`,
          explanationSource: `Because of rule ${position + 1}.`,
        })),
      )
      .returning({ id: questions.id, position: questions.position, topic: questions.topic });
    inserted.sort((a, b) => a.position - b.position);
    const optionRows = await db
      .insert(options)
      .values(
        inserted.flatMap((question) =>
          ['A', 'B', 'C', 'D'].map((letter, position) => ({
            questionId: question.id,
            position,
            optionHtml: `<p>Option ${letter}</p>`,
            optionSource: `Option ${letter}`,
            isCorrect: position === 1,
          })),
        ),
      )
      .returning({ id: options.id, questionId: options.questionId, isCorrect: options.isCorrect });
    made.push({
      examType: examType.id,
      year: year.id,
      paperId: paper.id,
      questions: inserted.map((question) => {
        const own = optionRows.filter((option) => option.questionId === question.id);
        return {
          id: question.id,
          optionIds: own.map((option) => option.id),
          right: own.find((option) => option.isCorrect)?.id ?? '',
          wrong: own.filter((option) => !option.isCorrect).map((option) => option.id),
          paperId: paper.id,
          topic: question.topic,
        };
      }),
    });
  }
  return {
    subject,
    papers: made.map((paper) => ({
      ...paper,
      ids: { examType: paper.examType, subject: subject.id, year: paper.year },
    })),
    questions: made.flatMap((paper) => paper.questions),
  };
}

export type TopicBank = Awaited<ReturnType<typeof createTopicBank>>;
