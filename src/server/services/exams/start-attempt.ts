/** Starting or resuming an attempt: a full exam (GET /exam) or the day's daily test (GET /exam/daily). */

import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { attempts } from '../../db/schema.ts';
import { refuseAdminFromWebApp } from '../admin-refusal.ts';
import { notFound, unauthenticated } from '../errors.ts';
import type { LiveSession } from '../sessions.ts';
import { type AccessStatus, assertExamAccess } from './access.ts';
import {
  attemptPayload,
  attemptProgress,
  attemptQuestions,
  newAttemptPayload,
  payloadOf,
} from './attempt-payload.ts';
import {
  attemptFromJson,
  conflictError,
  endOf,
  findAttempt,
  findOpenExamAttempt,
  GRACE_MS,
  type Heading,
  MINUTE,
} from './attempt-rows.ts';
import { DAILY_DURATION_MINUTES, pickDailyQuestions, westAfricaDate } from './daily.ts';
import { type ExamCaller, type ExamContext, examContext } from './exam-context.ts';
import type { PaperCache, PaperIds } from './paper-cache.ts';
import { subjectQuestionIds } from './papers.ts';
import { knownAmong } from './ranking-credit.ts';
import { scoreAttempt } from './scoring.ts';

/** The same status as subscriptionStatus, from the latest subscription's source and whether it is live. */
function accessStatus(context: ExamContext): AccessStatus {
  if (context.subscriptionSource === null) return 'none';
  if (!context.subscriptionActive) return 'expired';
  return context.subscriptionSource === 'trial' ? 'trial' : 'active';
}

const insertExamAttemptQuery = preparedQuery<
  { id: string },
  {
    userId: string;
    paperId: string;
    subjectId: string;
    questionIds: string;
    durationMinutes: number;
    startedAt: string;
    endsAt: string;
  }
>(
  'insert_exam_attempt',
  sql`insert into attempts
    (user_id, kind, paper_id, subject_id, question_ids, duration_minutes, started_at, ends_at)
  values (${sql.placeholder('userId')}::uuid, 'exam', ${sql.placeholder('paperId')}::uuid,
    ${sql.placeholder('subjectId')}::uuid,
    array(select json_array_elements_text(${sql.placeholder('questionIds')}::json)::uuid),
    ${sql.placeholder('durationMinutes')}::integer, ${sql.placeholder('startedAt')}::timestamptz,
    ${sql.placeholder('endsAt')}::timestamptz)
  returning id`,
);

/**
 * GET /exam: starts a full exam, or resumes the student's unfinished attempt at the same paper, and returns
 * what the quiz shows. Needs an active subscription or trial. An unfinished attempt whose time (and grace)
 * ran out is scored on its saved answers first, and a new one starts. The caller's session is read in the
 * same statement (401 without one, 403 for an admin from the web app, as requireUser answers). The paper's
 * questions come from `cache` (checked against their version in the database), so starting an attempt at
 * a paper this instance holds is one statement, session included.
 */
export async function openExamAttempt(
  db: Database,
  cache: PaperCache,
  caller: ExamCaller,
  ids: PaperIds,
  now: Date,
  /** Told the caller's session as soon as it is known to be live. */
  signedIn: (session: LiveSession) => void,
) {
  const known = cache.peek(ids);
  const context = await examContext(db, caller, ids, now, known);
  const { sessionId, userId, isAdmin } = context;
  if (sessionId === null || userId === null || isAdmin === null) throw unauthenticated();
  refuseAdminFromWebApp(isAdmin, caller.fromWebApp);
  signedIn({ sessionId, userId, isAdmin });
  assertExamAccess(accessStatus(context));
  const { paperId, subjectId, examType, subject, year, version } = context;
  if (
    paperId === null ||
    subjectId === null ||
    examType === null ||
    subject === null ||
    year === null ||
    version === null
  ) {
    throw notFound('There is no paper for this exam type, subject and year yet.');
  }
  cache.remember(ids, paperId);
  const heading: Heading = { examType, subject, year };
  if (context.createdId !== null && known) {
    return newAttemptPayload(known.content, context.createdId, now, heading, {
      userId,
      paperId,
      subjectId,
      duration: context.duration,
    });
  }
  const content = async () => (version.startsWith('0:') ? undefined : await cache.get(db, paperId, version));

  const open = context.open ? attemptFromJson(context.open) : undefined;
  if (open && now.getTime() <= open.endsAt.getTime() + GRACE_MS) {
    const [questions, progress] = await Promise.all([
      content().then((paper) => attemptQuestions(db, paper, open.questionIds)),
      attemptProgress(db, open.id),
    ]);
    return payloadOf(open, now, heading, questions, progress.answers, progress.lifelines);
  }
  if (open) await scoreAttempt(db, userId, open.id, [], now, cache);

  const paper = await content();
  if (!paper || paper.questionIds.length === 0) throw notFound('This paper has no questions yet.');
  const started = { userId, paperId, subjectId, duration: context.duration };
  let created: { id: string } | undefined;
  try {
    [created] = await insertExamAttemptQuery(db, {
      userId,
      paperId,
      subjectId,
      questionIds: JSON.stringify(paper.questionIds),
      durationMinutes: context.duration ?? paper.questionIds.length,
      startedAt: now.toISOString(),
      endsAt: endOf(now, context.duration ?? paper.questionIds.length).toISOString(),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  if (created) return newAttemptPayload(paper, created.id, now, heading, started);
  // Two tabs asked at once; both get the attempt the first one created.
  const existing = await findOpenExamAttempt(db, userId, paperId);
  if (!existing) throw new Error('The open attempt vanished');
  return attemptPayload(db, existing, now);
}

/**
 * Starts (or resumes) today's daily test in a subject; one per subject per West Africa Time day. Its
 * questions are drawn for this student with the server's secret (`secret`), unseen ones first.
 */
export async function startDailyAttempt(
  db: Database,
  userId: string,
  subjectId: string,
  now: Date,
  secret: string,
) {
  const day = westAfricaDate(now);
  const find = () =>
    findAttempt(db, userId, 'daily', eq(attempts.subjectId, subjectId), eq(attempts.day, day));
  const existing = await find();
  if (existing?.submittedAt) {
    throw conflictError(
      "You have taken today's daily test in this subject. Come back tomorrow for a new one.",
    );
  }
  if (existing) return existing;

  const pool = await subjectQuestionIds(db, subjectId);
  if (pool.length === 0) throw notFound('There are no questions in this subject yet.');
  const known = await knownAmong(db, userId, pool, now);
  const questionIds = pickDailyQuestions(pool, { secret, day, subjectId, userId }, known);
  const [created] = await db
    .insert(attempts)
    .values({
      userId,
      kind: 'daily',
      subjectId,
      day,
      questionIds,
      durationMinutes: DAILY_DURATION_MINUTES,
      startedAt: now,
      endsAt: new Date(now.getTime() + DAILY_DURATION_MINUTES * MINUTE),
    })
    .onConflictDoNothing()
    .returning();
  const attempt = created ?? (await find());
  if (!attempt) throw new Error('Daily attempt vanished');
  return attempt;
}
