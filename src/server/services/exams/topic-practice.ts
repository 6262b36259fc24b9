/**
 * GET /api/v1/exam/topic: a practice of one topic of a subject, drawn from the whole bank (every exam type
 * and year), run by the same quiz and submitted, scored and reviewed as any attempt, but never counted on the
 * leaderboard (scoring.ts counts only full exams and daily tests). Its result shows its questions' keys, so
 * those questions earn no ranking credit later (ranking-credit.ts); it never draws a question of the
 * student's open counted attempt.
 */

import { and, eq, isNull, sql } from 'drizzle-orm';
import { TOPIC_PRACTICE_QUESTIONS, type TopicPracticeQuery } from '../../../lib/api/mastery.ts';
import type { Database, Executor } from '../../db/client.ts';
import { attempts, papers, questions, subjects } from '../../db/schema.ts';
import { subscriptionStatus } from '../accounts.ts';
import { notFound } from '../errors.ts';
import { assertExamAccess } from './access.ts';
import { attemptPayload } from './attempt-payload.ts';
import { type Attempt, endOf, findAttempt, GRACE_MS } from './attempt-rows.ts';
import { bankPaper } from './bank-paper.ts';
import { openAttemptQuestions } from './ranking-credit.ts';
import { scoreAttempt } from './scoring.ts';

/** The student's unsubmitted practice of a topic, if any (at most one: see openTopicPractice). */
function findOpenPractice(db: Executor, userId: string, subjectId: string, topic: string) {
  const open = [eq(attempts.subjectId, subjectId), eq(attempts.topic, topic), isNull(attempts.submittedAt)];
  return findAttempt(db, userId, 'topic', ...open);
}

/**
 * Up to TOPIC_PRACTICE_QUESTIONS questions of the topic, at random from every bank paper of the subject: each paper's
 * questions of the topic through questions_paper_topic_idx, not a scan of the whole bank. Never a question
 * of the student's open counted attempt: the practice's result would show its key before that is handed in.
 */
export async function drawQuestions(
  db: Executor,
  subjectId: string,
  topic: string,
  student: { userId: string; now: Date },
): Promise<string[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .innerJoin(papers, eq(papers.id, questions.paperId))
    .where(
      and(
        eq(papers.subjectId, subjectId),
        eq(questions.topic, topic),
        bankPaper,
        sql`${questions.id} not in ${openAttemptQuestions(student.userId, student.now, GRACE_MS)}`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(TOPIC_PRACTICE_QUESTIONS);
  return rows.map((row) => row.id);
}

/**
 * Starts a practice of one topic, or resumes the student's unfinished practice of the same topic with its
 * answers and time left; one whose time (and grace) ran out is scored on its saved answers first and a new
 * one starts. Needs a plan or the trial, as a full exam does. One minute a question.
 *
 * At most one unfinished practice per student and topic: the check and the insert run in one transaction
 * that first takes a PostgreSQL advisory lock on the student, subject and topic. A second request, from any
 * instance, waits for that lock and, once it has it, reads the attempt the first one committed (each
 * statement sees what was committed before it began), so it resumes that attempt instead of adding one.
 */
export async function openTopicPractice(db: Database, userId: string, query: TopicPracticeQuery, now: Date) {
  assertExamAccess((await subscriptionStatus(db, userId, now)).status);
  const [subject] = await db
    .select({ id: subjects.id, title: subjects.title })
    .from(subjects)
    .where(eq(subjects.slug, query.subject));
  if (!subject) throw notFound(`There is no subject "${query.subject}".`);

  const open = await findOpenPractice(db, userId, subject.id, query.topic);
  if (open && now.getTime() > open.endsAt.getTime() + GRACE_MS) {
    await scoreAttempt(db, userId, open.id, [], now);
  }

  const attempt: Attempt = await db.transaction(async (tx) => {
    const key = `topic-practice:${userId}:${subject.id}:${query.topic}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const resumed = await findOpenPractice(tx, userId, subject.id, query.topic);
    if (resumed) return resumed;
    const questionIds = await drawQuestions(tx, subject.id, query.topic, { userId, now });
    if (questionIds.length === 0) {
      throw notFound(`There are no questions on "${query.topic}" in ${subject.title}.`);
    }
    const [created] = await tx
      .insert(attempts)
      .values({
        userId,
        kind: 'topic',
        subjectId: subject.id,
        topic: query.topic,
        questionIds,
        durationMinutes: questionIds.length,
        startedAt: now,
        endsAt: endOf(now, questionIds.length),
      })
      .returning();
    if (!created) throw new Error('The new topic practice vanished');
    return created;
  });
  return attemptPayload(db, attempt, now);
}
