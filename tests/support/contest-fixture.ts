import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { contests, options, papers, questions, years } from '../../src/server/db/schema.ts';

// RECONSTRUCTED: this file's first version was overwritten by mistake by the editors' contests helper, who
// rebuilt it from how tests/api/contest-reserved.test.ts uses it. Its author should check it against theirs.

/** A word in every contest question's text and options: no response outside the contest may contain it. */
export const RESERVED_MARK = 'RESERVEDCONTESTMARK';

/** The id of the catalogue's year, created when missing. */
export async function yearId(db: Database, year: number): Promise<string> {
  await db
    .insert(years)
    .values({ year, title: String(year) })
    .onConflictDoNothing({ target: years.year });
  const [row] = await db.select({ id: years.id }).from(years).where(eq(years.year, year));
  if (!row) throw new Error(`year ${year} not found`);
  return row.id;
}

/** The bank paper (not a contest's) of an exam type, subject and year. */
export async function bankPaperId(
  db: Database,
  paper: { examType: string; subject: string; year: string },
): Promise<string> {
  const [row] = await db
    .select({ id: papers.id })
    .from(papers)
    .where(
      and(
        eq(papers.examTypeId, paper.examType),
        eq(papers.subjectId, paper.subject),
        eq(papers.yearId, paper.year),
        isNull(papers.contestId),
      ),
    );
  if (!row) throw new Error('bank paper not found');
  return row.id;
}

/**
 * A contest written straight into the tables, starting an hour after `now`, with its own paper of `count`
 * questions (four options each, A right) whose texts carry RESERVED_MARK, in one level.
 */
export async function createContest(
  db: Database,
  input: {
    key: string;
    examType: string;
    subject: string;
    year: string;
    count: number;
    now: Date;
    topicOf?: (position: number) => string;
  },
) {
  const startsAt = new Date(input.now.getTime() + 60 * 60_000);
  const ids = Array.from({ length: input.count }, () => crypto.randomUUID());
  const [contest] = await db
    .insert(contests)
    .values({
      title: `Contest ${input.key}`,
      description: 'A fixture contest.',
      examTypeId: input.examType,
      subjectId: input.subject,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      entryFee: 0,
      maxEntrants: 100,
      levels: [{ minutes: 30, questionIds: ids }],
      prizes: [{ place: 1, coins: 100 }],
      key: input.key,
      createdAt: input.now,
    })
    .returning({ id: contests.id });
  if (!contest) throw new Error('contest not created');
  const [paper] = await db
    .insert(papers)
    .values({
      examTypeId: input.examType,
      subjectId: input.subject,
      yearId: input.year,
      duration: 30,
      contestId: contest.id,
    })
    .returning({ id: papers.id });
  if (!paper) throw new Error('contest paper not created');
  const created = ids.map((id, position) => ({ id, key: `${input.key}-${position}`, position }));
  await db.insert(questions).values(
    created.map(({ id, key, position }) => ({
      id,
      key,
      paperId: paper.id,
      position,
      questionHtml: `<p>${RESERVED_MARK} question ${position + 1}</p>`,
      questionSource: `${RESERVED_MARK} question ${position + 1}`,
      topic: input.topicOf?.(position) ?? null,
      explanationHtml: `<p>${RESERVED_MARK} explanation</p>`,
      explanationSource: `${RESERVED_MARK} explanation`,
    })),
  );
  await db.insert(options).values(
    created.flatMap(({ id }) =>
      [0, 1, 2, 3].map((position) => ({
        questionId: id,
        position,
        optionHtml: `<p>${RESERVED_MARK} option ${position + 1}</p>`,
        optionSource: `${RESERVED_MARK} option ${position + 1}`,
        isCorrect: position === 0,
      })),
    ),
  );
  return { id: contest.id, paperId: paper.id, questions: created, ids: new Set(ids) };
}
