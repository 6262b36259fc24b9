/**
 * The JAMB UTME mock: the subjects a sitting can have, and starting or resuming a student's sitting (Use of
 * English and three chosen subjects, 180 questions drawn from every JAMB paper, on one two-hour clock).
 * Scoring it is in utme-result.ts.
 */

import { randomInt } from 'node:crypto';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { UtmeCatalogue, UtmeSitting, UtmeSubject, UtmeSubjectChoice } from '../../../lib/api/utme.ts';
import { UTME } from '../../../lib/api/utme.ts';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { attempts, subjects, utmeSections } from '../../db/schema.ts';
import { subscriptionStatus } from '../accounts.ts';
import { invalidField, notFound } from '../errors.ts';
import { assertExamAccess } from './access.ts';
import { attemptProgress } from './attempt-payload.ts';
import { type Attempt, endOf, findAttempt, GRACE_MS } from './attempt-rows.ts';
import { bankPaperAs } from './bank-paper.ts';
import { loadExamQuestions } from './papers.ts';
import { knownQuestions } from './ranking-credit.ts';
import { drawSection, type PoolQuestion } from './utme-draw.ts';

/** How many questions a subject's section has. */
function sectionSize(isEnglish: boolean): number {
  return isEnglish ? UTME.englishQuestions : UTME.electiveQuestions;
}

/** The title a sitting shows for a subject: JAMB calls the compulsory one Use of English. */
export function sittingTitle(subject: { slug: string; title: string }): string {
  return subject.slug === UTME.englishSlug ? UTME.englishTitle : subject.title;
}

/**
 * The JAMB pool, which sittings draw from and the prediction reads: the questions (q) of JAMB bank papers (p)
 * with exactly the four options A to D.
 */
export const utmeEligible = sql`p.exam_type_id = (select id from exam_types where slug = ${UTME.examTypeSlug}) and ${bankPaperAs('p')}
  and (select count(*) from options o where o.question_id = q.id) = ${UTME.optionKeys}`;

export interface JambSubject {
  id: string;
  slug: string;
  title: string;
  questions: number;
}

/** Every subject with a JAMB paper, and how many questions a sitting could draw from it. */
export async function jambSubjects(db: Executor): Promise<JambSubject[]> {
  const result = (await db.execute(sql`select s.id, s.slug, s.title, count(q.id)::integer as questions
    from subjects s
    join papers p on p.subject_id = s.id
    join questions q on q.paper_id = p.id
    where ${utmeEligible}
    group by s.id, s.slug, s.title
    order by s.title`)) as unknown as { rows: JambSubject[] };
  return result.rows;
}

function choiceOf(subject: JambSubject): UtmeSubjectChoice {
  const isEnglish = subject.slug === UTME.englishSlug;
  return {
    _id: subject.id,
    title: sittingTitle(subject),
    questions: subject.questions,
    available: subject.questions >= sectionSize(isEnglish),
  };
}

/** The student's unfinished sitting, if any (whether or not its time has run out). */
function findOpenSitting(db: Executor, userId: string): Promise<Attempt | undefined> {
  return findAttempt(db, userId, 'utme', isNull(attempts.submittedAt));
}

interface SectionRow {
  position: number;
  subjectId: string;
  slug: string;
  title: string;
  questionIds: string[];
}

/** A sitting's sections in order, with their subjects. */
export async function sittingSections(db: Executor, attemptId: string): Promise<SectionRow[]> {
  return db
    .select({
      position: utmeSections.position,
      subjectId: utmeSections.subjectId,
      slug: subjects.slug,
      title: subjects.title,
      questionIds: utmeSections.questionIds,
    })
    .from(utmeSections)
    .innerJoin(subjects, eq(subjects.id, utmeSections.subjectId))
    .where(eq(utmeSections.attemptId, attemptId))
    .orderBy(asc(utmeSections.position));
}

export function sectionSubject(section: Pick<SectionRow, 'subjectId' | 'slug' | 'title'>): UtmeSubject {
  return { _id: section.subjectId, title: sittingTitle(section) };
}

/** GET /exam/utme/subjects: the picker's choices and the caller's unfinished sitting. */
export async function utmeCatalogue(db: Executor, userId: string, now: Date): Promise<UtmeCatalogue> {
  const [all, open] = await Promise.all([jambSubjects(db), findOpenSitting(db, userId)]);
  const english = all.find((subject) => subject.slug === UTME.englishSlug);
  const live = open && now.getTime() <= open.endsAt.getTime() + GRACE_MS ? open : undefined;
  return {
    english: english ? choiceOf(english) : null,
    electives: all.filter((subject) => subject !== english).map(choiceOf),
    open: live
      ? {
          _id: live.id,
          subjects: (await sittingSections(db, live.id)).map(sectionSubject),
          endsAt: live.endsAt.toISOString(),
        }
      : null,
  };
}

/** The `index`th subject chosen besides Use of English; refused, naming the field, if not a JAMB elective. */
export function jambElective(all: readonly JambSubject[], id: string, index: number): JambSubject {
  const subject = all.find((candidate) => candidate.id === id);
  if (!subject) {
    throw invalidField(['subjects', index], `There is no JAMB subject with the id ${id}.`);
  }
  if (subject.slug === UTME.englishSlug) {
    throw invalidField(
      ['subjects', index],
      `${UTME.englishTitle} is in every sitting already: choose three other subjects.`,
    );
  }
  return subject;
}

/** The four subjects of a new sitting, checked: each a JAMB subject with enough questions. */
async function chosenSubjects(db: Executor, chosen: string[]): Promise<JambSubject[]> {
  const all = await jambSubjects(db);
  const english = all.find((subject) => subject.slug === UTME.englishSlug);
  if (!english || english.questions < UTME.englishQuestions) {
    throw notFound(`${UTME.englishTitle} does not have enough questions for a UTME sitting yet.`);
  }
  const electives = chosen.map((id, index) => {
    const subject = jambElective(all, id, index);
    if (subject.questions < UTME.electiveQuestions) {
      throw invalidField(
        ['subjects', index],
        `${subject.title} has only ${subject.questions} questions so far; a UTME sitting needs ${UTME.electiveQuestions}.`,
      );
    }
    return subject;
  });
  return [english, ...electives];
}

/**
 * The subject's pool for this student: every eligible question, marked seen when an earlier sitting had it
 * or the student has been shown its key (or earned credit for it) by `now`.
 */
export async function subjectPool(
  db: Executor,
  userId: string,
  subjectId: string,
  now: Date,
): Promise<PoolQuestion[]> {
  const result = (await db.execute(sql`with seen as (
      select distinct unnest(a.question_ids) as id from attempts a
      where a.user_id = ${userId}::uuid and a.kind = 'utme'
      union
      select question_id from ${knownQuestions(userId, now)} as known(question_id)
    )
    select q.id, q.paper_id as "paperId", q.position, q.passage_html as passage,
      exists (select 1 from seen where seen.id = q.id) as seen
    from questions q join papers p on p.id = q.paper_id
    where p.subject_id = ${subjectId}::uuid and ${utmeEligible}
    order by q.paper_id, q.position`)) as unknown as { rows: PoolQuestion[] };
  return result.rows;
}

/** Whether the student has a sitting on the mock ranking already (one that earned credit). */
async function hasRankedSitting(db: Executor, userId: string): Promise<boolean> {
  const result = (await db.execute(sql`select exists (select 1 from attempts
      where user_id = ${userId}::uuid and kind = 'utme' and credit is not null) as ranked`)) as unknown as {
    rows: { ranked: boolean }[];
  };
  return result.rows[0]?.ranked ?? false;
}

/** Starts a sitting in one transaction: the attempt and its four sections. Undefined if one is open. */
async function createSitting(
  db: Database,
  userId: string,
  chosen: JambSubject[],
  drawn: string[][],
  now: Date,
  practice: boolean,
): Promise<string | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(attempts)
        .values({
          userId,
          kind: 'utme',
          subjectId: chosen[0]?.id ?? '',
          questionIds: drawn.flat(),
          durationMinutes: UTME.durationMinutes,
          startedAt: now,
          endsAt: endOf(now, UTME.durationMinutes),
          practice,
        })
        .returning({ id: attempts.id });
      if (!created) throw new Error('The UTME sitting was not created');
      await tx.insert(utmeSections).values(
        chosen.map((subject, position) => ({
          attemptId: created.id,
          position,
          subjectId: subject.id,
          questionIds: drawn[position] ?? [],
        })),
      );
      return created.id;
    });
  } catch (error) {
    // Two tabs asked at once; both get the sitting the first one created.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** What GET /exam/utme answers for a sitting: its sections' questions (no key) and the saved answers. */
async function sittingPayload(db: Executor, attempt: Attempt, now: Date): Promise<UtmeSitting> {
  const [sections, questions, progress, rankedAlready] = await Promise.all([
    sittingSections(db, attempt.id),
    loadExamQuestions(db, attempt.questionIds),
    attemptProgress(db, attempt.id),
    hasRankedSitting(db, attempt.userId),
  ]);
  const byId = new Map(questions.map((question) => [question._id, question]));
  return {
    _id: attempt.id,
    duration: attempt.durationMinutes,
    startedAt: attempt.startedAt.toISOString(),
    endsAt: attempt.endsAt.toISOString(),
    serverTime: now.toISOString(),
    sections: sections.map((section) => ({
      subject: sectionSubject(section),
      questions: section.questionIds.flatMap((id) => {
        const question = byId.get(id);
        return question ? [question] : [];
      }),
    })),
    answers: progress.answers,
    ranked: !attempt.practice && !rankedAlready,
  };
}

/**
 * GET /exam/utme: resumes the student's unfinished sitting, whatever subjects are asked for; otherwise
 * starts one in Use of English and the three chosen subjects. A sitting whose time (and grace) ran out is
 * scored on its saved answers first (`scoreExpired`). Needs a plan or the trial, as full exams do.
 */
export async function openUtmeSitting(
  db: Database,
  userId: string,
  chosen: string[],
  now: Date,
  scoreExpired: (attemptId: string) => Promise<unknown>,
): Promise<UtmeSitting> {
  assertExamAccess((await subscriptionStatus(db, userId, now)).status);
  const open = await findOpenSitting(db, userId);
  if (open && now.getTime() <= open.endsAt.getTime() + GRACE_MS) return sittingPayload(db, open, now);
  // The subjects are checked first, so that a refused request leaves the expired sitting as it was.
  const four = await chosenSubjects(db, chosen);
  if (open) await scoreExpired(open.id);

  const draws = await Promise.all(
    four.map(async (subject, position) => {
      const pool = await subjectPool(db, userId, subject.id, now);
      const ids = drawSection(pool, sectionSize(position === 0), randomInt);
      const seen = new Set(pool.filter((question) => question.seen).map((question) => question.id));
      return { ids, unseen: ids.every((id) => !seen.has(id)) };
    }),
  );
  // A sitting the bank could not fill with unseen questions is practice from the start, and says so.
  const practice = draws.some((draw) => !draw.unseen);
  await createSitting(
    db,
    userId,
    four,
    draws.map((draw) => draw.ids),
    now,
    practice,
  );
  const sitting = await findOpenSitting(db, userId);
  if (!sitting) throw new Error('The UTME sitting vanished');
  return sittingPayload(db, sitting, now);
}
