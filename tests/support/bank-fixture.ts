import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
    created.push(await addFixtureQuestion(db, { paperId: paper.id, position, tag, rightIndex }));
  }
  return {
    paperId: paper.id,
    ids: { examType: examType.id, subject: subject.id, year: year.id },
    questions: created,
  };
}

/**
 * One question of four options written into a paper at `position` (what an editor's import adds); option B
 * is right unless `rightIndex` says otherwise.
 */
export async function addFixtureQuestion(
  db: Database,
  {
    paperId,
    position,
    tag = randomUUID().slice(0, 8),
    rightIndex = 1,
  }: { paperId: string; position: number; tag?: string; rightIndex?: number },
): Promise<FixtureQuestion> {
  const [question] = await db
    .insert(questions)
    .values({
      key: `${tag}-${position}`,
      paperId,
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
  return {
    id: question.id,
    optionIds: optionRows.map((row) => row.id),
    right: optionRows.find((row) => row.isCorrect)?.id ?? '',
    wrong: optionRows.filter((row) => !row.isCorrect).map((row) => row.id),
  };
}

/** A question of the JAMB fixture bank: a FixtureQuestion, with where it sits and the passage it shares. */
export interface JambQuestion extends FixtureQuestion {
  paperId: string;
  position: number;
  /** The passage's HTML, as the sitting sends it; '' for none. */
  passage: string;
  /** How many options it has: 4, or 5 for the one question a UTME sitting must never draw. */
  optionCount: number;
}

export interface JambSubject {
  id: string;
  slug: string;
  title: string;
  questions: JambQuestion[];
}

async function subjectRow(db: Database, slug: string, title: string) {
  const [subject] = await db.insert(subjects).values({ slug, title }).returning({ id: subjects.id });
  if (!subject) throw new Error('fixture insert failed');
  return subject.id;
}

async function yearRow(db: Database, year: number) {
  // Years are shared with whatever else the test database holds.
  await db
    .insert(years)
    .values({ year, title: String(year) })
    .onConflictDoNothing();
  const [row] = await db.select({ id: years.id }).from(years).where(eq(years.year, year));
  if (!row) throw new Error('fixture insert failed');
  return row.id;
}

/**
 * One paper of the JAMB fixture, its questions written in two statements. Questions `from`–`to` (positions,
 * inclusive) of each passage share it; the question at `fiveOptionsAt` has options A to E. Option B is right.
 */
async function jambPaper(
  db: Database,
  paper: {
    examTypeId: string;
    subjectId: string;
    slug: string;
    year: number;
    count: number;
    passages?: { from: number; to: number }[];
    fiveOptionsAt?: number;
  },
): Promise<JambQuestion[]> {
  const [row] = await db
    .insert(papers)
    .values({
      examTypeId: paper.examTypeId,
      subjectId: paper.subjectId,
      yearId: await yearRow(db, paper.year),
    })
    .returning({ id: papers.id });
  if (!row) throw new Error('fixture insert failed');
  const passageAt = (position: number) => {
    const index = (paper.passages ?? []).findIndex(({ from, to }) => position >= from && position <= to);
    return index < 0 ? '' : `<p>Passage ${index + 1} of ${paper.slug} ${paper.year}</p>`;
  };
  const inserted = await db
    .insert(questions)
    .values(
      Array.from({ length: paper.count }, (_, position) => {
        const text = `${paper.slug} ${paper.year} question ${position + 1}`;
        const passage = passageAt(position);
        return {
          key: `jamb-${paper.slug}-${paper.year}-${position}`,
          paperId: row.id,
          position,
          questionHtml: `<p>${text}</p>`,
          questionSource: text,
          passageHtml: passage,
          passageSource: passage.replace(/<\/?p>/g, ''),
          explanationHtml: `<p>Because of rule ${position + 1}.</p>`,
          explanationSource: `Because of rule ${position + 1}.`,
        };
      }),
    )
    .returning({ id: questions.id, position: questions.position, passage: questions.passageHtml });
  inserted.sort((a, b) => a.position - b.position);
  const letters = ['A', 'B', 'C', 'D', 'E'];
  const optionCount = (position: number) => (position === paper.fiveOptionsAt ? 5 : 4);
  const optionRows = await db
    .insert(options)
    .values(
      inserted.flatMap((question) =>
        letters.slice(0, optionCount(question.position)).map((letter, index) => ({
          questionId: question.id,
          position: index,
          optionHtml: `<p>Option ${letter}</p>`,
          optionSource: `Option ${letter}`,
          isCorrect: index === 1,
        })),
      ),
    )
    .returning({
      id: options.id,
      questionId: options.questionId,
      position: options.position,
      isCorrect: options.isCorrect,
    });
  return inserted.map((question) => {
    const own = optionRows
      .filter((option) => option.questionId === question.id)
      .sort((a, b) => a.position - b.position);
    return {
      id: question.id,
      optionIds: own.map((option) => option.id),
      right: own.find((option) => option.isCorrect)?.id ?? '',
      wrong: own.filter((option) => !option.isCorrect).map((option) => option.id),
      paperId: row.id,
      position: question.position,
      passage: question.passage,
      optionCount: own.length,
    };
  });
}

/**
 * A small JAMB bank for the UTME mock, written straight into the tables (exam type `jamb`, so once per
 * database):
 * - English (slug `english`): 120 questions in three papers of 40, each with a five-question comprehension
 *   passage (positions 0–4) and a four-question cloze passage (positions 20–23);
 * - Mathematics, Physics and Biology: 80 each, in two papers, enough for two sittings without repeats;
 * - Chemistry: 40 four-option questions and one with five options, which no sitting may draw;
 * - Literature in English: 39, one short of a sitting;
 * - a WAEC Mathematics paper and a WAEC-only Civic Education paper, which no sitting draws from.
 * Option B is right everywhere.
 */
export async function createJambBank(db: Database) {
  const [jamb, waec] = await db
    .insert(examTypes)
    .values([
      { slug: 'jamb', title: 'JAMB' },
      { slug: `waec-${randomUUID().slice(0, 8)}`, title: 'WAEC' },
    ])
    .returning({ id: examTypes.id });
  if (!jamb || !waec) throw new Error('fixture insert failed');
  const subject = async (
    slug: string,
    title: string,
    papersOf: (id: string) => Promise<JambQuestion[][]>,
  ) => {
    const id = await subjectRow(db, slug, title);
    const paperQuestions = await papersOf(id);
    return { id, slug, title, questions: paperQuestions.flat() } satisfies JambSubject;
  };
  const paper = (
    subjectId: string,
    slug: string,
    year: number,
    count: number,
    extra: { passages?: { from: number; to: number }[]; fiveOptionsAt?: number; examTypeId?: string } = {},
  ) => jambPaper(db, { examTypeId: jamb.id, subjectId, slug, year, count, ...extra });
  const readingPassages = {
    passages: [
      { from: 0, to: 4 },
      { from: 20, to: 23 },
    ],
  };

  const english = await subject('english', 'English Language', (id) =>
    Promise.all([2019, 2020, 2021].map((year) => paper(id, 'english', year, 40, readingPassages))),
  );
  const twoPapers = (slug: string) => (id: string) =>
    Promise.all([paper(id, slug, 2019, 40), paper(id, slug, 2020, 40)]);
  const mathematics = await subject('mathematics', 'Mathematics', twoPapers('mathematics'));
  const physics = await subject('physics', 'Physics', twoPapers('physics'));
  const biology = await subject('biology', 'Biology', twoPapers('biology'));
  const chemistry = await subject('chemistry', 'Chemistry', (id) =>
    Promise.all([paper(id, 'chemistry', 2021, 41, { fiveOptionsAt: 17 })]),
  );
  const literature = await subject('literature', 'Literature in English', (id) =>
    Promise.all([paper(id, 'literature', 2021, 39)]),
  );
  const civic = await subject('civic-education', 'Civic Education', (id) =>
    Promise.all([paper(id, 'civic-education', 2021, 60, { examTypeId: waec.id })]),
  );
  const waecMathematics = await paper(mathematics.id, 'mathematics-waec', 2021, 10, {
    examTypeId: waec.id,
  });
  return {
    examTypeId: jamb.id,
    subjects: { english, mathematics, physics, biology, chemistry, literature, civic },
    /** Questions of JAMB subjects that are not in a JAMB paper. */
    waecMathematics,
  };
}

export type JambBank = Awaited<ReturnType<typeof createJambBank>>;
