import { and, asc, eq, exists, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  ALREADY_REPORTED_MESSAGE,
  type QuestionReport,
  type QuestionReportReason,
  REPORT_UNSEEN_MESSAGE,
} from '../../lib/api/reports.ts';
import { plainNote } from '../../lib/validation/reports.ts';
import type { Database } from '../db/client.ts';
import { attempts, questionReports, questions, reviewCards } from '../db/schema.ts';
import { conflict, notFound } from './errors.ts';

/** A validated report, as the route hands it over. */
export interface ReportInput {
  question: string;
  reason: QuestionReportReason;
  note: string;
}

/**
 * True when the question exists and the student has met it: in one of their scored attempts (a test, a
 * daily test, a UTME sitting, an uploaded offline attempt) or in their review deck. Anything else is
 * answered alike, so a report can never tell whether a question exists in the bank.
 */
async function hasSeen(db: Database, userId: string, questionId: string): Promise<boolean> {
  const inScoredAttempt = db
    .select({ one: sql`1` })
    .from(attempts)
    .where(
      and(
        eq(attempts.userId, userId),
        isNotNull(attempts.submittedAt),
        sql`${questionId}::uuid = any(${attempts.questionIds})`,
      ),
    );
  const inDeck = db
    .select({ one: sql`1` })
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), eq(reviewCards.questionId, questionId)));
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), or(exists(inScoredAttempt), exists(inDeck))))
    .limit(1);
  return rows.length > 0;
}

/**
 * Stores a student's report of a question they have met. One report per student and question stays open
 * until an editor resolves it: a second one meanwhile is a conflict (the partial unique index decides, so
 * two taps at once store one).
 */
export async function reportQuestion(
  db: Database,
  userId: string,
  input: ReportInput,
  now: Date,
): Promise<QuestionReport> {
  if (!(await hasSeen(db, userId, input.question))) throw notFound(REPORT_UNSEEN_MESSAGE);
  const [stored] = await db
    .insert(questionReports)
    .values({
      userId,
      questionId: input.question,
      reason: input.reason,
      note: plainNote(input.note),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({
      id: questionReports.id,
      reason: questionReports.reason,
      createdAt: questionReports.createdAt,
    });
  if (!stored) throw conflict(ALREADY_REPORTED_MESSAGE, 'question');
  return { _id: stored.id, reason: stored.reason, createdAt: stored.createdAt.toISOString() };
}

/** An open report as the editors' tools list it. */
export interface OpenReport {
  id: string;
  questionKey: string;
  reason: QuestionReportReason;
  note: string;
  createdAt: Date;
}

/** Every open report, oldest first, with the key editors find the question by in the bank's files. */
export async function listOpenReports(db: Database): Promise<OpenReport[]> {
  return db
    .select({
      id: questionReports.id,
      questionKey: questions.key,
      reason: questionReports.reason,
      note: questionReports.note,
      createdAt: questionReports.createdAt,
    })
    .from(questionReports)
    .innerJoin(questions, eq(questions.id, questionReports.questionId))
    .where(isNull(questionReports.resolvedAt))
    .orderBy(asc(questionReports.createdAt), asc(questionReports.id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Marks open reports resolved: the one report with this id, or every open report of the question with this
 * key (an editor who fixed a question resolves all its reports at once). Returns how many it resolved.
 */
export async function resolveReports(db: Database, target: string, now: Date): Promise<number> {
  const open = isNull(questionReports.resolvedAt);
  const byKey = db.select({ id: questions.id }).from(questions).where(eq(questions.key, target));
  const which = UUID.test(target)
    ? or(eq(questionReports.id, target), sql`${questionReports.questionId} in (${byKey})`)
    : sql`${questionReports.questionId} in (${byKey})`;
  const resolved = await db
    .update(questionReports)
    .set({ resolvedAt: now })
    .where(and(open, which))
    .returning({ id: questionReports.id });
  return resolved.length;
}
