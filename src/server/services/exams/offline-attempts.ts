/** Attempts taken on the phone at a downloaded paper, and uploaded when the connection returns (POST /exam/offline). */

import { and, eq, sql } from 'drizzle-orm';
import type { QuizResult } from '../../../lib/api/exam.ts';
import type { OfflineAttemptUpload } from '../../../lib/api/offline.ts';
import type { ApiErrorItem } from '../../../lib/errors.ts';
import { tally } from '../../../lib/scoring.ts';
import type { Database, Executor } from '../../db/client.ts';
import { attemptAnswers, attempts, paperDownloads, papers } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { attemptResult, resultPayload } from './attempt-result.ts';
import { type Attempt, endOf, GRACE_MS, MINUTE } from './attempt-rows.ts';
import { bankPaper } from './bank-paper.ts';
import { markAnswers } from './marking.ts';
import { paperMinutes } from './offline-papers.ts';
import type { PaperCache } from './paper-cache.ts';
import { type PaperContent, paperVersionSql } from './papers.ts';
import { recordShown } from './ranking-credit.ts';

/** How far ahead of the server's clock a phone's may run before its times are refused. */
export const CLOCK_SKEW_MS = 5 * MINUTE;

/**
 * POST /exam/offline: stores an attempt taken offline, once, and answers its result. The paper must exist
 * (404) and have been downloaded by this student (409); the times must be possible (started after the
 * download, finished within the paper's time and the grace period, and not in the future); every answer
 * must be to a question of the paper, with one of that question's options (400, naming the answer). It is
 * scored with the same rules as an attempt taken online and never counts on the leaderboard: the student
 * held the key. Its result shows the keys of every question of the paper, recorded as shown (an import may
 * have added one since the download). Sending the same `clientId` again, even many times at once, answers
 * the stored result and changes nothing.
 */
export async function uploadOfflineAttempt(
  db: Database,
  cache: PaperCache,
  userId: string,
  upload: OfflineAttemptUpload,
  now: Date,
): Promise<QuizResult> {
  const stored = await findUploaded(db, userId, upload.clientId);
  if (stored) return storedResult(db, stored, upload, now);

  const [paper] = await db
    .select({
      id: papers.id,
      subjectId: papers.subjectId,
      duration: papers.duration,
      version: paperVersionSql(sql`${papers.id}`),
      firstDownloadedAt: paperDownloads.firstDownloadedAt,
    })
    .from(papers)
    .leftJoin(paperDownloads, and(eq(paperDownloads.paperId, papers.id), eq(paperDownloads.userId, userId)))
    .where(and(eq(papers.id, upload.paperId), bankPaper));
  if (!paper) throw notFound('This paper does not exist.');
  if (!paper.firstDownloadedAt) {
    throw conflict('Download this paper before sending an attempt at it.', 'paperId');
  }
  const content = await cache.get(db, paper.id, paper.version);
  const minutes = paperMinutes(paper.duration, content);
  const startedAt = new Date(upload.startedAt);
  const finishedAt = new Date(upload.finishedAt);
  const problems = [
    ...timeProblems({ startedAt, finishedAt, minutes, downloadedAt: paper.firstDownloadedAt, now }),
    ...answerProblems(content, upload.answers),
  ];
  if (problems.length > 0) throw invalid(problems[0]?.message ?? 'Invalid attempt', problems);

  const { outcomes, quizAnswers } = markAnswers(content.questionIds, content.key, upload.answers);
  const result = { ...tally(outcomes), quizAnswers, outcomes };
  const endsAt = endOf(startedAt, minutes);
  const finished = finishedAt < endsAt ? finishedAt : endsAt;
  const created = await db.transaction(async (tx) => {
    const [attempt] = await tx
      .insert(attempts)
      .values({
        userId,
        kind: 'exam',
        paperId: paper.id,
        subjectId: paper.subjectId,
        questionIds: content.questionIds,
        durationMinutes: minutes,
        startedAt,
        endsAt,
        submittedAt: finishedAt,
        score: result.score,
        correctAnswer: result.correctAnswer,
        wrongAnswer: result.wrongAnswer,
        unanswered: result.unanswered,
        scoreAccuracy: result.scoreAccuracy,
        timeSpentSeconds: Math.round((finished.getTime() - startedAt.getTime()) / 1000),
        // Never on the leaderboard, so no boardCredit either.
        counted: false,
        clientId: upload.clientId,
      })
      // A send of the same attempt that got here first wins (this waits for it to commit); this one stores nothing.
      .onConflictDoNothing({ target: [attempts.userId, attempts.clientId] })
      .returning();
    // The result shows the keys of the paper as it is now: a question an import added after the download
    // is shown here for the first time, and so it must be recorded (the ranking rule, ranking-credit.ts).
    if (attempt) await recordShown(tx, userId, content.questionIds, now, 'result');
    if (attempt && upload.answers.length > 0) {
      await tx.insert(attemptAnswers).values(
        upload.answers.map((answer) => ({
          attemptId: attempt.id,
          questionId: answer.question,
          optionId: answer.option,
          answeredAt: finishedAt,
        })),
      );
    }
    return attempt;
  });
  if (created) return resultPayload({ attempt: created, result }, now);
  const raced = await findUploaded(db, userId, upload.clientId);
  if (!raced) throw new Error('The uploaded attempt vanished');
  return storedResult(db, raced, upload, now);
}

async function findUploaded(db: Executor, userId: string, clientId: string) {
  const [attempt] = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.clientId, clientId)))
    .limit(1);
  return attempt;
}

/** The result of an attempt uploaded before, read again as GET /exam/result reads it. */
async function storedResult(db: Executor, stored: Attempt, upload: OfflineAttemptUpload, now: Date) {
  if (stored.paperId !== upload.paperId) {
    throw conflict('This clientId was already sent with an attempt at another paper.', 'clientId');
  }
  return resultPayload({ attempt: stored, result: await attemptResult(db, stored) }, now);
}

/** What is impossible about an attempt's times, as the error items of a 400. */
function timeProblems(times: {
  startedAt: Date;
  finishedAt: Date;
  minutes: number;
  downloadedAt: Date;
  now: Date;
}): ApiErrorItem[] {
  const { startedAt, finishedAt, minutes, downloadedAt, now } = times;
  const problems: ApiErrorItem[] = [];
  // The phone's clock may be a little off the server's, in either direction.
  if (startedAt.getTime() < downloadedAt.getTime() - CLOCK_SKEW_MS) {
    problems.push({ path: ['startedAt'], message: 'This attempt started before the paper was downloaded.' });
  }
  if (finishedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    problems.push({ path: ['finishedAt'], message: 'finishedAt is in the future.' });
  }
  if (finishedAt.getTime() - startedAt.getTime() > minutes * MINUTE + GRACE_MS) {
    problems.push({
      path: ['finishedAt'],
      message: `This attempt lasted longer than the paper's ${minutes} minutes.`,
    });
  }
  return problems;
}

/** Answers to questions outside the paper, or with another question's option, as the error items of a 400. */
function answerProblems(content: PaperContent, answers: OfflineAttemptUpload['answers']): ApiErrorItem[] {
  const inPaper = new Set(content.questionIds);
  return answers.flatMap((answer, index): ApiErrorItem[] => {
    const entry = inPaper.has(answer.question) ? content.key.get(answer.question) : undefined;
    if (!entry) {
      const message = `Answer ${index + 1} is to a question that is not in this paper.`;
      return [{ path: ['answers', index, 'question'], message }];
    }
    if (!entry.options.some((option) => option.id === answer.option)) {
      const message = `Answer ${index + 1} picks an option that does not belong to its question.`;
      return [{ path: ['answers', index, 'option'], message }];
    }
    return [];
  });
}
