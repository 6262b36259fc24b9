import { randomInt } from 'node:crypto';
import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { QuizResult } from '../../../lib/api/exam.ts';
import { PaymentCode } from '../../../lib/errors.ts';
import { LIFELINE_COST, type Outcome, type QuizAnswer, tally } from '../../../lib/scoring.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  attemptAnswers,
  attempts,
  examTypes,
  lifelineUses,
  papers,
  sessions,
  subjects,
  users,
  years,
} from '../../db/schema.ts';
import { adminRefused, HttpError, notFound, paymentRequired, unauthorized } from '../../http/errors.ts';
import { debitCoins } from '../coins.ts';
import { type LiveSession, liveSession, liveSessionValues } from '../sessions.ts';
import { type AccessStatus, assertExamAccess } from './access.ts';
import { DAILY_DURATION_MINUTES, endOfWestAfricaDay, pickDailyQuestions, westAfricaDate } from './daily.ts';
import { boardCredit } from './leaderboard.ts';
import type { PaperCache, PaperIds } from './paper-cache.ts';
import {
  type AnswerKeyEntry,
  type ExamQuestion,
  loadAnswerKey,
  loadExamQuestions,
  type PaperContent,
  paperVersionSql,
  serializedQuestions,
  subjectQuestionIds,
} from './papers.ts';

/** How long after the deadline a submission still counts the answers it carries (DESIGN §6). */
export const GRACE_MS = 30_000;

type Attempt = typeof attempts.$inferSelect;

const MINUTE = 60_000;

function conflictError(message: string) {
  return new HttpError(409, message);
}

/** True when a unique index refused an insert: another request created the same attempt first. */
function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (cause?.code ?? (error as { code?: string }).code) === '23505';
}

async function findOpenExamAttempt(db: Executor, userId: string, paperId: string) {
  const [attempt] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.userId, userId),
        eq(attempts.paperId, paperId),
        eq(attempts.kind, 'exam'),
        isNull(attempts.submittedAt),
      ),
    )
    .limit(1);
  return attempt;
}

/** An answer saved to an attempt, as the exam payload lists it. */
interface SavedAnswer {
  question: string;
  option: string;
}

/** A lifeline used in an attempt, as the exam payload lists it. */
interface UsedLifeline {
  question: string;
  kind: LifelineKind;
  hiddenOptions: string[];
}

/** The titles shown above the quiz. */
interface Heading {
  examType: string;
  subject: string;
  year: string;
}

/** An attempt row as `to_jsonb` spells it. */
interface AttemptJson {
  id: string;
  user_id: string;
  kind: Attempt['kind'];
  paper_id: string | null;
  subject_id: string;
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
}

function attemptFromJson(row: AttemptJson): Attempt {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    paperId: row.paper_id,
    subjectId: row.subject_id,
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
  };
}

// A race with a skip lifeline can leave an answer row on a skipped question (see saveAnswer); it never
// counts and is never shown, which is what the student would get had the skip come just after the save.
const notSkipped = (answer: { attemptId: SQL; questionId: SQL }) =>
  sql`not exists (select 1 from lifeline_uses l where l.attempt_id = ${answer.attemptId}
    and l.question_id = ${answer.questionId} and l.kind = 'skip')`;

/** The saved answers of an attempt (the SQL expression `attemptId`), as a JSON array. */
const savedAnswersJson = (attemptId: SQL) => sql`coalesce((
  select json_agg(json_build_object('question', aa.question_id, 'option', aa.option_id))
  from attempt_answers aa
  where aa.attempt_id = ${attemptId} and ${notSkipped({ attemptId: sql`aa.attempt_id`, questionId: sql`aa.question_id` })}
), '[]'::json)`;

/** The lifelines used in an attempt (the SQL expression `attemptId`), as a JSON array. */
const usedLifelinesJson = (attemptId: SQL) => sql`coalesce((
  select json_agg(json_build_object('question', l.question_id, 'kind', l.kind, 'hiddenOptions', l.hidden_option_ids))
  from lifeline_uses l where l.attempt_id = ${attemptId}
), '[]'::json)`;

interface ExamContext {
  /** The caller's live session; all null when the token has none. */
  sessionId: string | null;
  userId: string | null;
  isAdmin: boolean | null;
  subscriptionSource: string | null;
  subscriptionActive: boolean | null;
  paperId: string | null;
  duration: number | null;
  subjectId: string | null;
  examType: string | null;
  subject: string | null;
  year: string | null;
  version: string | null;
  open: AttemptJson | null;
  /** The attempt the same statement started, when it could (see examContext). */
  createdId: string | null;
}

/** Who asks for an exam: their bearer token, and whether they come through the web app. */
export interface ExamCaller {
  token: string;
  fromWebApp: boolean;
}

/**
 * Everything GET /exam needs from the database, in one statement: the caller's live session (read here
 * rather than by requireUser, never from a cache, so a logout holds at once), their latest subscription,
 * the paper with its titles and the version of its questions, and their open attempt at it. When this
 * instance already holds the paper (`known`), the same statement also starts the attempt, if the caller
 * may take it (not an admin from the web app, an active subscription or trial, no open attempt) and the
 * held copy is the current version; otherwise `createdId` is null and the caller decides.
 */
async function examContext(
  db: Executor,
  caller: ExamCaller,
  ids: PaperIds,
  now: Date,
  known: { paperId: string; content: PaperContent } | undefined,
): Promise<ExamContext> {
  const [row] = await examContextQuery(db, {
    ...liveSessionValues(caller.token, now),
    fromWebApp: caller.fromWebApp,
    ...ids,
    knownPaperId: known?.paperId ?? null,
    knownVersion: known?.content.version ?? null,
    questionIds: JSON.stringify(known?.content.questionIds ?? []),
    questionCount: known?.content.questionIds.length ?? 0,
  });
  if (!row) throw new Error('The exam context query returned no row');
  return row;
}

const examContextQuery = preparedQuery<
  ExamContext,
  PaperIds &
    ReturnType<typeof liveSessionValues> & {
      fromWebApp: boolean;
      knownPaperId: string | null;
      knownVersion: string | null;
      questionIds: string;
      questionCount: number;
    }
>(
  'exam_context',
  sql`with caller as (
    select ${sessions.id} as session_id, ${sessions.userId} as user_id, ${users.isAdmin} as is_admin
    from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${liveSession}
    limit 1
  ), context as (
    select sub.source as "subscriptionSource", sub.active as "subscriptionActive",
      p.id as "paperId", p.duration, p.subject_id as "subjectId",
      p.exam_type as "examType", p.subject, p.year,
      ${paperVersionSql(sql`p.id`)} as version,
      to_jsonb(a) as "open"
    from caller
    left join lateral (
      select s.source, s.ends_at > ${sql.placeholder('now')}::timestamptz as active
      from subscriptions s where s.user_id = caller.user_id
      order by s.ends_at desc limit 1
    ) sub on true
    left join lateral (
      select p.id, p.duration, p.subject_id, t.title as exam_type, sj.title as subject, y.title as year
      from papers p
      join exam_types t on t.id = p.exam_type_id
      join subjects sj on sj.id = p.subject_id
      join years y on y.id = p.year_id
      where p.exam_type_id = ${sql.placeholder('examType')}::uuid
        and p.subject_id = ${sql.placeholder('subject')}::uuid and p.year_id = ${sql.placeholder('year')}::uuid
      limit 1
    ) p on true
    left join lateral (
      select * from attempts a
      where a.user_id = caller.user_id and a.paper_id = p.id and a.kind = 'exam' and a.submitted_at is null
      limit 1
    ) a on true
  ), created as (
    insert into attempts
      (user_id, kind, paper_id, subject_id, question_ids, duration_minutes, started_at, ends_at)
    select caller.user_id, 'exam', c."paperId", c."subjectId",
      array(select json_array_elements_text(${sql.placeholder('questionIds')}::json)::uuid),
      coalesce(c.duration, ${sql.placeholder('questionCount')}::integer), ${sql.placeholder('now')}::timestamptz,
      ${sql.placeholder('now')}::timestamptz
        + make_interval(mins => coalesce(c.duration, ${sql.placeholder('questionCount')}::integer))
    from context c cross join caller
    where c."paperId" = ${sql.placeholder('knownPaperId')}::uuid and c.version = ${sql.placeholder('knownVersion')}::text
      and c."subscriptionActive" and c."open" is null
      and not (caller.is_admin and ${sql.placeholder('fromWebApp')}::boolean)
    -- Another tab that started the same attempt first wins; the caller then reads that one.
    on conflict (user_id, paper_id) where kind = 'exam' and submitted_at is null do nothing
    returning id
  )
  select caller.session_id as "sessionId", caller.user_id as "userId", caller.is_admin as "isAdmin",
    context.*, (select id from created) as "createdId"
  from (select 1) as one left join caller on true left join context on true`,
);

/** The same status as subscriptionStatus, from the latest subscription's source and whether it is live. */
function accessStatus(context: ExamContext): AccessStatus {
  if (context.subscriptionSource === null) return 'none';
  if (!context.subscriptionActive) return 'expired';
  return context.subscriptionSource === 'trial' ? 'trial' : 'active';
}

/** An attempt's questions in its order: from the cached paper, and from the database for any it lacks. */
async function attemptQuestions(
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
  if (sessionId === null || userId === null || isAdmin === null) throw unauthorized();
  if (isAdmin && caller.fromWebApp) throw adminRefused();
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

function endOf(start: Date, durationMinutes: number): Date {
  return new Date(start.getTime() + durationMinutes * MINUTE);
}

/** The payload of an attempt just started at `paper`: no answers and no lifelines yet. */
function newAttemptPayload(
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
  };
  return payloadOf(attempt, now, heading, paper.ordered, [], []);
}

/** Starts (or resumes) today's daily test in a subject; one per subject per West Africa Time day. */
export async function startDailyAttempt(db: Database, userId: string, subjectId: string, now: Date) {
  const day = westAfricaDate(now);
  const find = async () => {
    const [attempt] = await db
      .select()
      .from(attempts)
      .where(
        and(
          eq(attempts.userId, userId),
          eq(attempts.subjectId, subjectId),
          eq(attempts.day, day),
          eq(attempts.kind, 'daily'),
        ),
      )
      .limit(1);
    return attempt;
  };
  const existing = await find();
  if (existing?.submittedAt) {
    throw conflictError(
      "You have taken today's daily test in this subject. Come back tomorrow for a new one.",
    );
  }
  if (existing) return existing;

  const pool = await subjectQuestionIds(db, subjectId);
  if (pool.length === 0) throw notFound('There are no questions in this subject yet.');
  const questionIds = pickDailyQuestions(pool, day, subjectId);
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

/** The titles shown above the quiz. */
async function attemptHeading(db: Executor, attempt: Attempt): Promise<Heading | null> {
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
  return row ? { examType: 'Daily Test', subject: row.subject, year: attempt.day ?? '' } : null;
}

/** What GET /exam and GET /exam/daily return: the questions (no answer key), the clock and saved progress. */
function payloadOf(
  attempt: Attempt,
  now: Date,
  heading: Heading | null,
  questions: ExamQuestion[],
  answers: SavedAnswer[],
  lifelines: UsedLifeline[],
) {
  return {
    _id: attempt.id,
    kind: attempt.kind,
    duration: attempt.durationMinutes,
    startedAt: attempt.startedAt.toISOString(),
    endsAt: attempt.endsAt.toISOString(),
    submitted: attempt.submittedAt !== null,
    /** The server's clock when it answered, so a phone whose clock is wrong can still count down right. */
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
async function attemptProgress(db: Executor, attemptId: string) {
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

/** GET /exam/daily's answer (and GET /exam's in a rare race): everything read from the database. */
export async function attemptPayload(db: Executor, attempt: Attempt, now: Date) {
  const [questions, progress, heading] = await Promise.all([
    loadExamQuestions(db, attempt.questionIds),
    attemptProgress(db, attempt.id),
    attemptHeading(db, attempt),
  ]);
  return payloadOf(attempt, now, heading, questions, progress.answers, progress.lifelines);
}

/** The attempt, locked for this transaction, if it belongs to the user; another user's attempt is a 404. */
async function lockAttempt(tx: Transaction, userId: string, attemptId: string) {
  const [attempt] = await tx
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .for('update')
    .prepare('lock_attempt')
    .execute();
  if (!attempt) throw notFound('This test does not exist.');
  return attempt;
}

function requireOpen(attempt: Attempt, now: Date) {
  if (attempt.submittedAt) throw conflictError('This test has already been submitted.');
  if (now > attempt.endsAt) throw conflictError('Time is up for this test.');
}

async function questionOptions(tx: Executor, attempt: Attempt, questionId: string) {
  if (!attempt.questionIds.includes(questionId)) return undefined;
  const key = await loadAnswerKey(tx, [questionId]);
  return key.get(questionId)?.options;
}

async function skippedQuestions(tx: Executor, attemptId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ question: lifelineUses.questionId })
    .from(lifelineUses)
    .where(and(eq(lifelineUses.attemptId, attemptId), eq(lifelineUses.kind, 'skip')));
  return new Set(rows.map((row) => row.question));
}

/**
 * Saves one picked answer, or clears it (`option: null`), only while the attempt is open and before its
 * deadline.
 *
 * The common case is one statement: it locks the attempt row FOR SHARE, checks that the attempt is the
 * student's, open and not past its deadline, that the question is in it (and the option is the question's,
 * and the question was not skipped), and writes. A submission locks the same row FOR UPDATE, so the two
 * queue: a save either commits before the submission reads the answers, or sees the attempt submitted
 * (PostgreSQL re-checks a row that changed while the statement waited for it) and changes nothing. When the
 * statement changes nothing, the checks run again one by one to give the exact reason.
 *
 * A skip lifeline takes the same lock but does not change the attempt row, so a save that waited for it
 * still runs on what it saw before, and may write an answer to the question just skipped. Every read of
 * the answers leaves out answers to skipped questions, so the student gets what they would have had if
 * the save had come just before the skip: the question skipped and blank.
 */
export async function saveAnswer(
  db: Database,
  userId: string,
  input: { exam: string; question: string; option: string | null },
  now: Date,
) {
  const values = { exam: input.exam, userId, question: input.question, now: now.toISOString() };
  const done =
    input.option === null
      ? await clearAnswerQuery(db, values)
      : await saveAnswerQuery(db, { ...values, option: input.option });
  if (done.length === 0) await saveAnswerChecked(db, userId, input, now);
}

type AnswerValues = { exam: string; userId: string; question: string; now: string };

// The student's attempt, if it is open, not past its deadline and holds the question.
const openAttemptHolding = sql`select a.id from attempts a
  where a.id = ${sql.placeholder('exam')}::uuid and a.user_id = ${sql.placeholder('userId')}::uuid
    and a.submitted_at is null and a.ends_at >= ${sql.placeholder('now')}::timestamptz
    and ${sql.placeholder('question')}::uuid = any(a.question_ids)`;

const saveAnswerQuery = preparedQuery<{ attemptId: string }, AnswerValues & { option: string }>(
  'save_answer',
  sql`with target as (${openAttemptHolding} for share)
  insert into attempt_answers (attempt_id, question_id, option_id, answered_at)
  select target.id, ${sql.placeholder('question')}::uuid, ${sql.placeholder('option')}::uuid,
    ${sql.placeholder('now')}::timestamptz
  from target
  where exists (
      select 1 from options o
      where o.id = ${sql.placeholder('option')}::uuid and o.question_id = ${sql.placeholder('question')}::uuid
    )
    and ${notSkipped({ attemptId: sql`target.id`, questionId: sql`${sql.placeholder('question')}::uuid` })}
  on conflict (attempt_id, question_id)
    do update set option_id = excluded.option_id, answered_at = excluded.answered_at
  returning attempt_id as "attemptId"`,
);

const clearAnswerQuery = preparedQuery<{ id: string }, AnswerValues>(
  'clear_answer',
  sql`with target as (
    ${openAttemptHolding}
      and exists (select 1 from questions q where q.id = ${sql.placeholder('question')}::uuid)
    for share
  ), cleared as (
    delete from attempt_answers
    where attempt_id in (select id from target) and question_id = ${sql.placeholder('question')}::uuid
  )
  select id from target`,
);

/** saveAnswer one check at a time in a transaction: slower, but it says which check failed. */
async function saveAnswerChecked(
  db: Database,
  userId: string,
  input: { exam: string; question: string; option: string | null },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, userId, input.exam);
    requireOpen(attempt, now);
    const choices = await questionOptions(tx, attempt, input.question);
    if (!choices) throw badAnswer('question', 'This question is not part of this test.');
    const answer = { attemptId: attempt.id, questionId: input.question };
    if (input.option === null) {
      await tx
        .delete(attemptAnswers)
        .where(
          and(
            eq(attemptAnswers.attemptId, answer.attemptId),
            eq(attemptAnswers.questionId, answer.questionId),
          ),
        );
      return;
    }
    const option = input.option;
    if (!choices.some((choice) => choice.id === option)) {
      throw badAnswer('option', 'This option does not belong to the question.');
    }
    if ((await skippedQuestions(tx, attempt.id)).has(input.question)) {
      throw conflictError('You skipped this question with a lifeline.');
    }
    await tx
      .insert(attemptAnswers)
      .values({ ...answer, optionId: option, answeredAt: now })
      .onConflictDoUpdate({
        target: [attemptAnswers.attemptId, attemptAnswers.questionId],
        set: { optionId: option, answeredAt: now },
      });
  });
}

function badAnswer(field: 'question' | 'option', message: string) {
  return new HttpError(400, message, { errors: [{ path: [field], message }] });
}

/** The answers saved to an attempt. */
function readAnswers(db: Executor, attemptId: string): Promise<SavedAnswer[]> {
  return db
    .select({ question: attemptAnswers.questionId, option: attemptAnswers.optionId })
    .from(attemptAnswers)
    .where(
      and(
        eq(attemptAnswers.attemptId, attemptId),
        notSkipped({
          attemptId: sql`${attemptAnswers.attemptId}`,
          questionId: sql`${attemptAnswers.questionId}`,
        }),
      ),
    )
    .prepare('saved_answers')
    .execute();
}

/** Scores saved answers against the answer key, question by question in the attempt's order. */
function resultOf(attempt: Attempt, key: Map<string, AnswerKeyEntry>, answers: SavedAnswer[]) {
  const chosen = new Map(answers.map((answer) => [answer.question, answer.option]));
  const outcomes: Outcome[] = [];
  const quizAnswers: QuizAnswer[] = [];
  for (const questionId of attempt.questionIds) {
    const entry = key.get(questionId);
    if (!entry) continue;
    const right = entry.options.find((option) => option.isCorrect);
    const picked = entry.options.find((option) => option.id === chosen.get(questionId));
    const isCorrect = picked !== undefined && picked.id === right?.id;
    outcomes.push(picked === undefined ? 'blank' : isCorrect ? 'right' : 'wrong');
    quizAnswers.push({
      questionId,
      question: entry.question,
      userAnswer: picked?.html ?? null,
      correctAnswer: right?.html ?? '',
      isCorrect,
      explanation: entry.explanation,
    });
  }
  return { ...tally(outcomes), quizAnswers };
}

/**
 * When the correct answers and explanations of a scored attempt open: a daily test's when its West Africa
 * Time day ends, because every student gets the same questions that day; a full exam's at once.
 */
export function answersOpenAt(attempt: Attempt): Date | null {
  return attempt.kind === 'daily' && attempt.day !== null ? endOfWestAfricaDay(attempt.day) : null;
}

/** What a student is told about a scored attempt at `now` (see QuizResult for the rules). */
export function resultPayload(
  scored: { attempt: Attempt; result: Awaited<ReturnType<typeof attemptResult>> },
  now: Date,
): QuizResult {
  const { attempt, result } = scored;
  const openAt = answersOpenAt(attempt);
  const withheld = openAt !== null && now < openAt;
  return {
    _id: attempt.id,
    kind: attempt.kind,
    counted: attempt.counted,
    answersOpenAt: withheld ? openAt.toISOString() : null,
    ...result,
    quizAnswers: withheld
      ? result.quizAnswers.map((answer) => ({ ...answer, correctAnswer: null, explanation: null }))
      : result.quizAnswers,
    timeSpent: Math.round((attempt.timeSpentSeconds ?? 0) / 6) / 10,
  };
}

/** GET /exam/result: the result of one of the student's scored attempts, read again. */
export async function readResult(db: Executor, userId: string, attemptId: string, now: Date) {
  const [attempt] = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)));
  if (!attempt) throw notFound('This test does not exist.');
  if (attempt.submittedAt === null) throw conflictError('This test has not been submitted yet.');
  return resultPayload({ attempt, result: await attemptResult(db, attempt) }, now);
}

/** The result of a scored attempt, rebuilt from its stored answers: the same however often it is read. */
export async function attemptResult(db: Executor, attempt: Attempt) {
  const [key, answers] = await Promise.all([
    loadAnswerKey(db, attempt.questionIds),
    readAnswers(db, attempt.id),
  ]);
  return resultOf(attempt, key, answers);
}

// The attempt's result and the student's leaderboard total change in one statement.
// A daily test always counts (there is one per subject a day); a full exam counts when no earlier attempt
// at its paper did, so retakes are practice. attempts_one_counted_exam_idx holds the rule in the database.
const recordScoreQuery = preparedQuery<
  { counted: boolean },
  {
    attemptId: string;
    userId: string;
    now: string;
    score: number;
    correctAnswer: number;
    wrongAnswer: number;
    unanswered: number;
    scoreAccuracy: number;
    timeSpentSeconds: number | null;
  }
>(
  'record_score',
  sql`with scored as (
    update attempts set submitted_at = ${sql.placeholder('now')}::timestamptz,
      score = ${sql.placeholder('score')}::integer,
      correct_answer = ${sql.placeholder('correctAnswer')}::integer,
      wrong_answer = ${sql.placeholder('wrongAnswer')}::integer,
      unanswered = ${sql.placeholder('unanswered')}::integer,
      score_accuracy = ${sql.placeholder('scoreAccuracy')}::integer,
      time_spent_seconds = ${sql.placeholder('timeSpentSeconds')}::integer,
      counted = kind = 'daily' or not exists (
        select 1 from attempts earlier
        where earlier.user_id = attempts.user_id and earlier.paper_id = attempts.paper_id
          and earlier.kind = 'exam' and earlier.counted
      )
    where id = ${sql.placeholder('attemptId')}::uuid
    returning counted
  ), credited as (${boardCredit(sql`(select counted from scored)`)})
  select counted from scored`,
);

/** The attempt, locked for scoring, with the version of its paper's questions ('0:' for a daily test). */
async function lockForScoring(tx: Transaction, userId: string, attemptId: string) {
  const [row] = await tx
    .select({ ...getTableColumns(attempts), version: paperVersionSql(sql`${attempts.paperId}`) })
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .for('update')
    .prepare('lock_attempt_for_scoring')
    .execute();
  if (!row) throw notFound('This test does not exist.');
  const { version, ...attempt } = row;
  return { attempt, version };
}

/** The answer key of an attempt's questions: from the paper cache when the attempt has a paper. */
async function attemptKey(
  db: Executor,
  cache: PaperCache | undefined,
  attempt: Attempt,
  version: string,
): Promise<Map<string, AnswerKeyEntry>> {
  if (!cache || attempt.paperId === null || version.startsWith('0:')) {
    return loadAnswerKey(db, attempt.questionIds);
  }
  const { key } = await cache.get(db, attempt.paperId, version);
  // A question that an import moved to another paper is no longer in this paper's key.
  const missing = attempt.questionIds.filter((id) => !key.has(id));
  return missing.length === 0 ? key : new Map([...key, ...(await loadAnswerKey(db, missing))]);
}

/**
 * Scores an attempt once. Answers sent with a submission count when it arrives before the deadline plus the
 * grace period; later, only the answers saved before the deadline count. A second submission returns the
 * stored result and changes nothing: the attempt row is locked, so concurrent submissions queue and only
 * the first scores. The answer key comes from `cache` when given (checked against the paper's version,
 * read with the lock), and the answers are read once, after the lock: a save that was acknowledged before
 * the lock was granted is counted.
 */
export async function scoreAttempt(
  db: Database,
  userId: string,
  attemptId: string,
  submitted: { question: string; option: string }[],
  now: Date,
  cache?: PaperCache,
) {
  const scored = await db.transaction(async (tx) => {
    const { attempt: locked, version } = await lockForScoring(tx, userId, attemptId);
    if (locked.submittedAt) return { attempt: locked, result: undefined };

    const key = await attemptKey(tx, cache, locked, version);
    // Saved answers all predate the deadline (saveAnswer refuses later ones), so a late submission is
    // scored on them alone by ignoring what it carries.
    const inTime = now.getTime() <= locked.endsAt.getTime() + GRACE_MS;
    const answers =
      inTime && submitted.length > 0
        ? await saveSubmittedAnswers(tx, locked, key, submitted, now)
        : await readAnswers(tx, locked.id);
    const result = resultOf(locked, key, answers);
    const finishedAt = now < locked.endsAt ? now : locked.endsAt;
    const attempt: Attempt = {
      ...locked,
      submittedAt: now,
      score: result.score,
      correctAnswer: result.correctAnswer,
      wrongAnswer: result.wrongAnswer,
      unanswered: result.unanswered,
      scoreAccuracy: result.scoreAccuracy,
      timeSpentSeconds: Math.max(0, Math.round((finishedAt.getTime() - locked.startedAt.getTime()) / 1000)),
    };
    const [recorded] = await recordScoreQuery(tx, {
      attemptId: locked.id,
      userId,
      now: now.toISOString(),
      score: result.score,
      correctAnswer: result.correctAnswer,
      wrongAnswer: result.wrongAnswer,
      unanswered: result.unanswered,
      scoreAccuracy: result.scoreAccuracy,
      timeSpentSeconds: attempt.timeSpentSeconds,
    });
    return { attempt: { ...attempt, counted: recorded?.counted ?? false }, result };
  });
  return { attempt: scored.attempt, result: scored.result ?? (await attemptResult(db, scored.attempt)) };
}

/**
 * Checks the answers a submission carries against the key, saves them (but not on skipped questions) and
 * returns every saved answer, in one statement. The caller holds the attempt's lock, so no save runs
 * alongside.
 */
async function saveSubmittedAnswers(
  tx: Transaction,
  attempt: Attempt,
  key: Map<string, AnswerKeyEntry>,
  submitted: { question: string; option: string }[],
  now: Date,
): Promise<SavedAnswer[]> {
  const problems = submitted.flatMap((answer, index) => {
    const entry = attempt.questionIds.includes(answer.question) ? key.get(answer.question) : undefined;
    if (!entry)
      return [{ path: ['answers', index, 'question'], message: 'This question is not part of this test.' }];
    if (!entry.options.some((option) => option.id === answer.option)) {
      return [
        { path: ['answers', index, 'option'], message: 'This option does not belong to the question.' },
      ];
    }
    return [];
  });
  if (problems.length > 0) {
    throw new HttpError(400, problems[0]?.message ?? 'Invalid answers', { errors: problems });
  }
  // The last answer to a question wins, as if each had been saved in turn.
  const latest = new Map(submitted.map((answer) => [answer.question, answer.option]));
  const incoming = JSON.stringify([...latest].map(([question, option]) => ({ question, option })));
  return submitAnswersQuery(tx, { attemptId: attempt.id, incoming, now: now.toISOString() });
}

const submitAnswersQuery = preparedQuery<SavedAnswer, { attemptId: string; incoming: string; now: string }>(
  'submit_answers',
  sql`with incoming as (
    select i.question, i.option
    from jsonb_to_recordset(${sql.placeholder('incoming')}::jsonb) as i(question uuid, option uuid)
  ), upserted as (
    insert into attempt_answers (attempt_id, question_id, option_id, answered_at)
    select ${sql.placeholder('attemptId')}::uuid, i.question, i.option, ${sql.placeholder('now')}::timestamptz
    from incoming i
    where ${notSkipped({ attemptId: sql`${sql.placeholder('attemptId')}::uuid`, questionId: sql`i.question` })}
    on conflict (attempt_id, question_id)
      do update set option_id = excluded.option_id, answered_at = excluded.answered_at
    returning question_id, option_id
  )
  select question_id as question, option_id as option from upserted
  union all
  select aa.question_id, aa.option_id from attempt_answers aa
  where aa.attempt_id = ${sql.placeholder('attemptId')}::uuid
    and not exists (select 1 from upserted u where u.question_id = aa.question_id)
    and ${notSkipped({ attemptId: sql`aa.attempt_id`, questionId: sql`aa.question_id` })}`,
);

/** The student's latest open daily attempt in a subject: what POST /exam/answer/daily submits. */
export async function findDailyAttemptToSubmit(db: Executor, userId: string, subjectId: string) {
  const [attempt] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.subjectId, subjectId), eq(attempts.kind, 'daily')))
    .orderBy(sql`${attempts.startedAt} desc`)
    .limit(1);
  if (!attempt) throw notFound('There is no daily test in this subject to submit.');
  return attempt.id;
}

export type LifelineKind = 'fifty-fifty' | 'skip';

/**
 * Uses a lifeline on one question for 4 coins, at most one per question. The debit, its ledger row and the
 * lifeline are one transaction; a 50-50 hides two wrong options chosen at random.
 */
export async function useLifeline(
  db: Database,
  userId: string,
  input: { exam: string; question: string; kind: LifelineKind },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, userId, input.exam);
    requireOpen(attempt, now);
    const choices = await questionOptions(tx, attempt, input.question);
    if (!choices) throw badAnswer('question', 'This question is not part of this test.');
    const [used] = await tx
      .select({ kind: lifelineUses.kind })
      .from(lifelineUses)
      .where(and(eq(lifelineUses.attemptId, attempt.id), eq(lifelineUses.questionId, input.question)));
    if (used) throw conflictError('You have already used a lifeline on this question.');

    const balance = await debitCoins(tx, {
      userId,
      coins: LIFELINE_COST,
      description: input.kind === 'skip' ? 'Skip lifeline' : '50-50 lifeline',
      at: now,
    });
    if (balance === undefined) throw paymentRequired(PaymentCode.insufficientCoins, 'You are out of coin!');

    const hiddenOptions = input.kind === 'fifty-fifty' ? pickTwoWrong(choices) : [];
    await tx.insert(lifelineUses).values({
      attemptId: attempt.id,
      questionId: input.question,
      kind: input.kind,
      hiddenOptionIds: hiddenOptions,
      usedAt: now,
    });
    if (input.kind === 'skip') {
      await tx
        .delete(attemptAnswers)
        .where(and(eq(attemptAnswers.attemptId, attempt.id), eq(attemptAnswers.questionId, input.question)));
    }
    return { kind: input.kind, question: input.question, hiddenOptions, triviaPoints: balance };
  });
}

function pickTwoWrong(choices: { id: string; isCorrect: boolean }[]): string[] {
  const wrong = choices.filter((choice) => !choice.isCorrect).map((choice) => choice.id);
  const hidden: string[] = [];
  while (hidden.length < 2 && wrong.length > 0) {
    hidden.push(...wrong.splice(randomInt(wrong.length), 1));
  }
  return hidden;
}
