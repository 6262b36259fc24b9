import { eq, sql } from 'drizzle-orm';
import type { ExamPayload } from '../../../lib/api/exam.ts';
import type { Executor } from '../../db/client.ts';
import { examTypes, papers, subjects, years } from '../../db/schema.ts';
import {
  type Attempt,
  endOf,
  type Heading,
  type SavedAnswer,
  savedAnswersJson,
  type UsedLifeline,
  usedLifelinesJson,
} from './attempt-rows.ts';
import { type ExamQuestion, loadExamQuestions, type PaperContent, serializedQuestions } from './papers.ts';

/** An attempt's questions in its order: from the cached paper, and from the database for any it lacks. */
export async function attemptQuestions(
  db: Executor,
  content: { questions: Map<string, ExamQuestion> } | undefined,
  questionIds: string[],
): Promise<ExamQuestion[]> {
  // A question that an import moved to another paper is no longer in this paper's content.
  const missing = content ? questionIds.filter((id) => !content.questions.has(id)) : questionIds;
  const extra =
    missing.length > 0
      ? new Map((await loadExamQuestions(db, missing)).map((question) => [question._id, question]))
      : undefined;
  return questionIds.flatMap((id) => {
    const question = content?.questions.get(id) ?? extra?.get(id);
    return question ? [question] : [];
  });
}

/** The payload of an attempt just started at `paper`: no answers and no lifelines yet. */
export function newAttemptPayload(
  paper: PaperContent,
  id: string,
  now: Date,
  heading: Heading,
  started: { userId: string; paperId: string; subjectId: string; duration: number | null },
) {
  const durationMinutes = started.duration ?? paper.questionIds.length;
  const attempt: Attempt = {
    id,
    userId: started.userId,
    kind: 'exam',
    paperId: started.paperId,
    subjectId: started.subjectId,
    topic: null,
    day: null,
    questionIds: paper.questionIds,
    durationMinutes,
    startedAt: now,
    endsAt: endOf(now, durationMinutes),
    submittedAt: null,
    score: null,
    correctAnswer: null,
    wrongAnswer: null,
    unanswered: null,
    scoreAccuracy: null,
    timeSpentSeconds: null,
    counted: false,
    credit: null,
    practice: false,
    clientId: null,
    deckAddedAt: null,
    contestId: null,
    contestLevel: null,
  };
  return payloadOf(attempt, now, heading, paper.ordered, [], []);
}

/** What a topic practice's heading gives as its exam type. */
export const TOPIC_PRACTICE_TITLE = 'Topic practice';

/** The titles shown above the quiz. */
export async function attemptHeading(db: Executor, attempt: Attempt): Promise<Heading | null> {
  if (attempt.paperId) {
    const [row] = await db
      .select({ examType: examTypes.title, subject: subjects.title, year: years.title })
      .from(papers)
      .innerJoin(examTypes, eq(examTypes.id, papers.examTypeId))
      .innerJoin(subjects, eq(subjects.id, papers.subjectId))
      .innerJoin(years, eq(years.id, papers.yearId))
      .where(eq(papers.id, attempt.paperId));
    return row ?? null;
  }
  const [row] = await db
    .select({ subject: subjects.title })
    .from(subjects)
    .where(eq(subjects.id, attempt.subjectId));
  if (!row) return null;
  if (attempt.kind === 'topic') {
    return { examType: TOPIC_PRACTICE_TITLE, subject: row.subject, year: '', topic: attempt.topic ?? '' };
  }
  return { examType: 'Daily Test', subject: row.subject, year: attempt.day ?? '' };
}

/** What GET /exam, /exam/daily and /exam/topic return: the questions (no answer key), the clock and progress. */
export function payloadOf(
  attempt: Attempt,
  now: Date,
  heading: Heading | null,
  questions: ExamQuestion[],
  answers: SavedAnswer[],
  lifelines: UsedLifeline[],
): ExamPayload {
  return {
    _id: attempt.id,
    // A UTME sitting never comes here: it has its own payload (utme.ts) and is refused by exam routes.
    kind: attempt.kind === 'utme' ? 'exam' : attempt.kind,
    duration: attempt.durationMinutes,
    startedAt: attempt.startedAt.toISOString(),
    endsAt: attempt.endsAt.toISOString(),
    submitted: attempt.submittedAt !== null,
    serverTime: now.toISOString(),
    heading,
    questions,
    answers: answers.map(({ question, option }) => ({ question, option })),
    lifelines: lifelines.map(({ question, kind, hiddenOptions }) => ({ question, kind, hiddenOptions })),
  };
}

/**
 * The answers and lifelines of an attempt. It runs as an ordinary (not a prepared) statement on purpose: a
 * plan kept from a moment when attempt_answers was still empty would scan the whole table on every resume.
 */
export async function attemptProgress(db: Executor, attemptId: string) {
  const result = (await db.execute(
    sql`select ${savedAnswersJson(sql`${attemptId}::uuid`)} as answers,
      ${usedLifelinesJson(sql`${attemptId}::uuid`)} as lifelines`,
  )) as unknown as { rows: { answers: SavedAnswer[]; lifelines: UsedLifeline[] }[] };
  const [row] = result.rows;
  return { answers: row?.answers ?? [], lifelines: row?.lifelines ?? [] };
}

/**
 * The body of a success answer carrying an attempt, exactly as `ok()` would write it, but with the
 * questions of a new attempt spliced in as the JSON the paper cache made once (about 30 KB a paper).
 */
export function attemptResponseJson(message: string, payload: ReturnType<typeof payloadOf>): string {
  const { questions, answers, lifelines, ...head } = payload;
  const questionsJson = serializedQuestions(questions);
  if (questionsJson === undefined) return JSON.stringify({ success: true, message, data: payload });
  // `head` ends with the heading; the fields after it follow in payloadOf's order.
  const start = JSON.stringify({ success: true, message, data: head }).slice(0, -2);
  return `${start},"questions":${questionsJson},"answers":${JSON.stringify(answers)},"lifelines":${JSON.stringify(lifelines)}}}`;
}

/** GET /exam/daily's and /exam/topic's answer (and GET /exam's in a rare race): all read from the database. */
export async function attemptPayload(db: Executor, attempt: Attempt, now: Date) {
  const [questions, progress, heading] = await Promise.all([
    loadExamQuestions(db, attempt.questionIds),
    attemptProgress(db, attempt.id),
    attemptHeading(db, attempt),
  ]);
  return payloadOf(attempt, now, heading, questions, progress.answers, progress.lifelines);
}
