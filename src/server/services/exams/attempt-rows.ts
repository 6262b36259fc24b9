/** An attempt as stored, and the small pieces every part of taking one shares. */

import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { LifelineKind, LifelineUse, SavedAnswer } from '../../../lib/api/exam.ts';

/** A lifeline used in an attempt, as the exam payload lists it. */
export type UsedLifeline = LifelineUse;

import type { Executor, Transaction } from '../../db/client.ts';
import { attempts } from '../../db/schema.ts';
import { conflict, invalidField, notFound } from '../errors.ts';
import { loadAnswerKey } from './papers.ts';

/** How long after the deadline a submission still counts the answers it carries (DESIGN §6). */
export const GRACE_MS = 30_000;

export type Attempt = typeof attempts.$inferSelect;

export const MINUTE = 60_000;

export function conflictError(message: string) {
  return conflict(message);
}

/**
 * The student's attempt of a kind that meets the conditions, if any: the unique indexes on attempts allow one
 * open attempt per paper, UTME sitting or topic, and one daily test per subject and day.
 */
export async function findAttempt(
  db: Executor,
  userId: string,
  kind: Attempt['kind'],
  ...conditions: SQL[]
): Promise<Attempt | undefined> {
  const [attempt] = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.kind, kind), ...conditions))
    .limit(1);
  return attempt;
}

export function findOpenExamAttempt(db: Executor, userId: string, paperId: string) {
  return findAttempt(db, userId, 'exam', eq(attempts.paperId, paperId), isNull(attempts.submittedAt));
}

/** The titles shown above the quiz. */
export interface Heading {
  examType: string;
  subject: string;
  year: string;
  /** A topic practice's topic. */
  topic?: string;
}

/** An attempt row as `to_jsonb` spells it. */
export interface AttemptJson {
  id: string;
  user_id: string;
  kind: Attempt['kind'];
  paper_id: string | null;
  subject_id: string;
  topic: string | null;
  day: string | null;
  question_ids: string[];
  duration_minutes: number;
  started_at: string;
  ends_at: string;
  submitted_at: string | null;
  score: number | null;
  correct_answer: number | null;
  wrong_answer: number | null;
  unanswered: number | null;
  score_accuracy: number | null;
  time_spent_seconds: number | null;
  counted: boolean;
  credit: Attempt['credit'];
  practice: boolean;
  client_id: string | null;
  deck_added_at: string | null;
  contest_id: string | null;
  contest_level: number | null;
}

export function attemptFromJson(row: AttemptJson): Attempt {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    paperId: row.paper_id,
    subjectId: row.subject_id,
    topic: row.topic,
    day: row.day,
    questionIds: row.question_ids,
    durationMinutes: row.duration_minutes,
    startedAt: new Date(row.started_at),
    endsAt: new Date(row.ends_at),
    submittedAt: row.submitted_at === null ? null : new Date(row.submitted_at),
    score: row.score,
    correctAnswer: row.correct_answer,
    wrongAnswer: row.wrong_answer,
    unanswered: row.unanswered,
    scoreAccuracy: row.score_accuracy,
    timeSpentSeconds: row.time_spent_seconds,
    counted: row.counted,
    credit: row.credit,
    practice: row.practice,
    clientId: row.client_id,
    deckAddedAt: row.deck_added_at === null ? null : new Date(row.deck_added_at),
    contestId: row.contest_id,
    contestLevel: row.contest_level,
  };
}

// A race with a skip lifeline can leave an answer row on a skipped question (see saveAnswer); it never
// counts and is never shown, which is what the student would get had the skip come just after the save.
export const notSkipped = (answer: { attemptId: SQL; questionId: SQL }) =>
  sql`not exists (select 1 from lifeline_uses l where l.attempt_id = ${answer.attemptId}
    and l.question_id = ${answer.questionId} and l.kind = 'skip')`;

/** The saved answers of an attempt (the SQL expression `attemptId`), as a JSON array. */
export const savedAnswersJson = (attemptId: SQL) => sql`coalesce((
  select json_agg(json_build_object('question', aa.question_id, 'option', aa.option_id))
  from attempt_answers aa
  where aa.attempt_id = ${attemptId} and ${notSkipped({ attemptId: sql`aa.attempt_id`, questionId: sql`aa.question_id` })}
), '[]'::json)`;

/** The lifelines used in an attempt (the SQL expression `attemptId`), as a JSON array. */
export const usedLifelinesJson = (attemptId: SQL) => sql`coalesce((
  select json_agg(json_build_object('question', l.question_id, 'kind', l.kind, 'hiddenOptions', l.hidden_option_ids))
  from lifeline_uses l where l.attempt_id = ${attemptId}
), '[]'::json)`;

export function endOf(start: Date, durationMinutes: number): Date {
  return new Date(start.getTime() + durationMinutes * MINUTE);
}

/**
 * The attempt `attemptId` if it is the student's own: a student reaches only their own attempts, and another
 * student's is answered as if it did not exist (noSuchTest), so that its id tells nothing.
 */
export function ownAttempt(userId: string, attemptId: string): SQL {
  return sql`${eq(attempts.id, attemptId)} and ${eq(attempts.userId, userId)}`;
}

/** The 404 for an attempt that does not exist or is another student's. */
export const noSuchTest = () => notFound('This test does not exist.');

/** The attempt, locked for this transaction, if it belongs to the user; another user's attempt is a 404. */
export async function lockAttempt(tx: Transaction, userId: string, attemptId: string) {
  const [attempt] = await tx
    .select()
    .from(attempts)
    .where(ownAttempt(userId, attemptId))
    .for('update')
    .prepare('lock_attempt')
    .execute();
  if (!attempt) throw noSuchTest();
  return attempt;
}

export function requireOpen(attempt: Attempt, now: Date) {
  if (attempt.submittedAt) throw conflictError('This test has already been submitted.');
  if (now > attempt.endsAt) throw conflictError('Time is up for this test.');
}

export async function questionOptions(tx: Executor, attempt: Attempt, questionId: string) {
  if (!attempt.questionIds.includes(questionId)) return undefined;
  const key = await loadAnswerKey(tx, [questionId]);
  return key.get(questionId)?.options;
}

export function badAnswer(field: 'question' | 'option', message: string) {
  return invalidField([field], message);
}

export type { LifelineKind, SavedAnswer };
