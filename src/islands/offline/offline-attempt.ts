/**
 * Taking a downloaded paper on the phone: the quiz's attempt built from the download, the run kept across
 * a reload, its scoring with the server's rules, and the upload that goes to the server once online.
 */

import type { ExamPayload } from '../../lib/api/exam.ts';
import type { OfflineAttemptUpload, OfflineQuestion } from '../../lib/api/offline.ts';
import { OFFLINE_RUN_PREFIX } from '../../lib/client/storage.ts';
import { scoreOnPhone } from '../quiz/quiz-paper.ts';
import type { QuizResult } from '../results/result.ts';
import type { PaperSummary, StoredPaper } from './offline-papers.ts';

/** An attempt at a downloaded paper under way on this phone. */
export interface OfflineRun {
  /** The attempt's id for the server: sending it again stores nothing new. */
  clientId: string;
  paperId: string;
  startedAt: string;
  /** Question id to option id. */
  answers: Record<string, string>;
}

/** What /test says of a download kept past the plan it was downloaded under. */
export const EXPIRED_MESSAGE =
  'This downloaded paper came with a plan that has ended. Connect to the internet to take it online, or to download it again under your current plan.';

/** Whether a download may still be taken offline: until the end of the plan it was downloaded under. */
export function isUsable(summary: Pick<PaperSummary, 'usableUntil'>, now: number): boolean {
  const until = Date.parse(summary.usableUntil);
  return Number.isFinite(until) && now < until;
}

/** Where a run is kept: one per student and paper. */
export function runKey(owner: string, paperId: string): string {
  return `${OFFLINE_RUN_PREFIX}${owner}:${paperId}`;
}

/** A stored run, if it is one (anything else, say from an older version, is ignored). */
export function parseRun(raw: string | null, paperId: string): OfflineRun | undefined {
  if (!raw) return undefined;
  try {
    const run = JSON.parse(raw) as Partial<OfflineRun>;
    if (
      typeof run.clientId === 'string' &&
      run.paperId === paperId &&
      typeof run.startedAt === 'string' &&
      !Number.isNaN(Date.parse(run.startedAt)) &&
      typeof run.answers === 'object' &&
      run.answers !== null
    ) {
      const answers = Object.fromEntries(
        Object.entries(run.answers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      return { clientId: run.clientId, paperId, startedAt: run.startedAt, answers };
    }
  } catch {
    // Not JSON: start afresh.
  }
  return undefined;
}

/** The quiz's id of an offline attempt: it keys the flags and position, and is never sent. */
export function offlineExamId(run: Pick<OfflineRun, 'clientId'>): string {
  return `offline-${run.clientId}`;
}

/**
 * The attempt the quiz shows: the downloaded questions without their key, each image at the address the
 * phone serves it from (`imageUrl`), the clock from the run's start, and the answers picked so far.
 */
export function examFromPaper(
  paper: Pick<StoredPaper, 'summary' | 'questions'>,
  run: OfflineRun,
  imageUrl: (url: string) => string,
  now: number,
): ExamPayload {
  const { summary } = paper;
  const startedAt = Date.parse(run.startedAt);
  const file = (value: { url: string } | null) => (value ? { url: imageUrl(value.url) } : null);
  const ids = new Set(paper.questions.map((question) => question._id));
  return {
    _id: offlineExamId(run),
    kind: 'exam',
    duration: summary.duration,
    startedAt: run.startedAt,
    endsAt: new Date(startedAt + summary.duration * 60_000).toISOString(),
    // The phone is the only clock here.
    serverTime: new Date(now).toISOString(),
    submitted: false,
    heading: { examType: summary.examType.title, subject: summary.subject.title, year: summary.year.title },
    questions: paper.questions.map(({ answer: _answer, explanation: _explanation, ...question }) => ({
      ...question,
      file: file(question.file),
      options: question.options.map((option) => ({ ...option, file: file(option.file) })),
    })),
    answers: Object.entries(run.answers)
      .filter(([question]) => ids.has(question))
      .map(([question, option]) => ({ question, option })),
    lifelines: [],
  };
}

/** Scores an offline attempt on the phone with the server's rules; it never counts for the leaderboard. */
export function scoreOffline(
  questions: readonly OfflineQuestion[],
  run: OfflineRun,
  minutes: number,
): QuizResult {
  return scoreOnPhone(questions, run.answers, minutes, offlineExamId(run));
}

/**
 * What goes to POST /api/v1/exam/offline: only answers to the paper's questions with one of their options.
 * An attempt submitted after its time ran out (the phone slept through the end) finished at the end of its
 * time, as the server counts an online one: no answer can be picked after it.
 */
export function uploadOf(
  paper: Pick<StoredPaper, 'summary' | 'questions'>,
  run: OfflineRun,
  submittedAt: number,
): OfflineAttemptUpload {
  const { questions, summary } = paper;
  const finishedAt = Math.min(submittedAt, Date.parse(run.startedAt) + summary.duration * 60_000);
  const answers: OfflineAttemptUpload['answers'] = [];
  for (const question of questions) {
    const option = run.answers[question._id];
    if (option && question.options.some((candidate) => candidate._id === option)) {
      answers.push({ question: question._id, option });
    }
  }
  return {
    clientId: run.clientId,
    paperId: run.paperId,
    startedAt: run.startedAt,
    finishedAt: new Date(finishedAt).toISOString(),
    answers,
  };
}
