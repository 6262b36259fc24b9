import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PaymentCode } from '../../../lib/errors.ts';
import { LIFELINE_COST, type Outcome, type QuizAnswer, tally } from '../../../lib/scoring.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  attemptAnswers,
  attempts,
  examTypes,
  lifelineUses,
  papers,
  subjects,
  users,
  years,
} from '../../db/schema.ts';
import { HttpError, notFound, paymentRequired } from '../../http/errors.ts';
import { debitCoins } from '../coins.ts';
import { DAILY_DURATION_MINUTES, pickDailyQuestions, westAfricaDate } from './daily.ts';
import {
  findPaper,
  loadAnswerKey,
  loadExamQuestions,
  paperQuestionIds,
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

/**
 * Starts a full exam, or resumes the student's unfinished attempt at the same paper. An unfinished attempt
 * whose time (and grace) ran out is scored on its saved answers first, and a new one starts.
 */
export async function startExamAttempt(
  db: Database,
  userId: string,
  ids: { examType: string; subject: string; year: string },
  now: Date,
) {
  const paper = await findPaper(db, ids);
  if (!paper) throw notFound('There is no paper for this exam type, subject and year yet.');

  const open = await findOpenExamAttempt(db, userId, paper.id);
  if (open && now.getTime() <= open.endsAt.getTime() + GRACE_MS) return open;
  if (open) await scoreAttempt(db, userId, open.id, [], now);

  const questionIds = await paperQuestionIds(db, paper.id);
  if (questionIds.length === 0) throw notFound('This paper has no questions yet.');
  const durationMinutes = paper.duration ?? questionIds.length;
  try {
    const [created] = await db
      .insert(attempts)
      .values({
        userId,
        kind: 'exam',
        paperId: paper.id,
        subjectId: paper.subjectId,
        questionIds,
        durationMinutes,
        startedAt: now,
        endsAt: new Date(now.getTime() + durationMinutes * MINUTE),
      })
      .returning();
    if (!created) throw new Error('Insert returned no attempt');
    return created;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two tabs asked at once; both get the attempt the first one created.
    const existing = await findOpenExamAttempt(db, userId, paper.id);
    if (!existing) throw error;
    return existing;
  }
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
async function attemptHeading(db: Executor, attempt: Attempt) {
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
export async function attemptPayload(db: Executor, attempt: Attempt, now: Date) {
  const [questions, answers, lifelines, heading] = await Promise.all([
    loadExamQuestions(db, attempt.questionIds),
    db
      .select({ question: attemptAnswers.questionId, option: attemptAnswers.optionId })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attempt.id)),
    db
      .select({
        question: lifelineUses.questionId,
        kind: lifelineUses.kind,
        hiddenOptions: lifelineUses.hiddenOptionIds,
      })
      .from(lifelineUses)
      .where(eq(lifelineUses.attemptId, attempt.id)),
    attemptHeading(db, attempt),
  ]);
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
    answers,
    lifelines,
  };
}

/** The attempt, locked for this transaction, if it belongs to the user; another user's attempt is a 404. */
async function lockAttempt(tx: Transaction, userId: string, attemptId: string) {
  const [attempt] = await tx
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)))
    .for('update');
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

/** Saves one picked answer, or clears it (`option: null`), only while the attempt is open and before its deadline. */
export async function saveAnswer(
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

/** The result of a scored attempt, rebuilt from its stored answers: the same however often it is read. */
export async function attemptResult(db: Executor, attempt: Attempt) {
  const [key, answers] = await Promise.all([
    loadAnswerKey(db, attempt.questionIds),
    db
      .select({ question: attemptAnswers.questionId, option: attemptAnswers.optionId })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attempt.id)),
  ]);
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
 * Scores an attempt once. Answers sent with a submission count when it arrives before the deadline plus the
 * grace period; later, only the answers saved before the deadline count. A second submission returns the
 * stored result and changes nothing: the attempt row is locked, so concurrent submissions queue and only
 * the first scores.
 */
export async function scoreAttempt(
  db: Database,
  userId: string,
  attemptId: string,
  submitted: { question: string; option: string }[],
  now: Date,
) {
  const attempt = await db.transaction(async (tx) => {
    const locked = await lockAttempt(tx, userId, attemptId);
    if (locked.submittedAt) return locked;

    // Saved answers all predate the deadline (saveAnswer refuses later ones), so a late submission is
    // scored on them alone by ignoring what it carries.
    const inTime = now.getTime() <= locked.endsAt.getTime() + GRACE_MS;
    if (inTime && submitted.length > 0) await saveSubmittedAnswers(tx, locked, submitted, now);
    const result = await attemptResult(tx, locked);
    const finishedAt = now < locked.endsAt ? now : locked.endsAt;
    const [scored] = await tx
      .update(attempts)
      .set({
        submittedAt: now,
        score: result.score,
        correctAnswer: result.correctAnswer,
        wrongAnswer: result.wrongAnswer,
        unanswered: result.unanswered,
        scoreAccuracy: result.scoreAccuracy,
        timeSpentSeconds: Math.max(0, Math.round((finishedAt.getTime() - locked.startedAt.getTime()) / 1000)),
      })
      .where(eq(attempts.id, locked.id))
      .returning();
    await tx
      .update(users)
      .set({
        totalScore: sql`${users.totalScore} + ${result.score}`,
        totalScoreAt: now,
        scoredAttempts: sql`${users.scoredAttempts} + 1`,
      })
      .where(eq(users.id, userId));
    return scored ?? locked;
  });
  return { attempt, result: await attemptResult(db, attempt) };
}

async function saveSubmittedAnswers(
  tx: Transaction,
  attempt: Attempt,
  submitted: { question: string; option: string }[],
  now: Date,
) {
  const key = await loadAnswerKey(tx, attempt.questionIds);
  const skipped = await skippedQuestions(tx, attempt.id);
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
  for (const answer of submitted) {
    if (skipped.has(answer.question)) continue;
    await tx
      .insert(attemptAnswers)
      .values({
        attemptId: attempt.id,
        questionId: answer.question,
        optionId: answer.option,
        answeredAt: now,
      })
      .onConflictDoUpdate({
        target: [attemptAnswers.attemptId, attemptAnswers.questionId],
        set: { optionId: answer.option, answeredAt: now },
      });
  }
}

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
