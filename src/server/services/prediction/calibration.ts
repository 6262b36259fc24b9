/**
 * Calibration (docs/prediction.md, "Calibration"): for each subject, the item-response parameters of every
 * question its students have answered (irt.ts), learnt from the evidence (evidence.ts) and written to
 * item_parameters, with a calibration_runs row that dates them. Run by the daily job (calibration-jobs.ts)
 * and by `npm run bank:calibrate`.
 */

import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { type Database, type Executor, rowsOf, STAFF_STATEMENT_TIMEOUT_MS } from '../../db/client.ts';
import { calibrationRuns } from '../../db/schema.ts';
import { withSessionLock } from '../../db/session-lock.ts';
import { slugify } from '../bank/normalize.ts';
import { bankPaperAs } from '../exams/bank-paper.ts';
import { calibrateOffThread } from './calibrate-off-thread.ts';
import { numberEvidence } from './calibration-matrix.ts';
import { subjectEvidence } from './evidence.ts';
import type { CalibratedItem } from './irt.ts';

/**
 * The advisory lock that keeps calibrations from overlapping, on every instance and in the staff command
 * (session-lock.ts explains why a lock and not a guard row). Any fixed number but the start-up lock's.
 */
export const CALIBRATION_LOCK = 7_204_120;
/** Rows per statement when a subject's parameters are written: 7 columns each, far below the 65,535 limit. */
export const WRITE_BATCH_ROWS = 1_000;
/** How old the latest calibration may grow before the daily job calibrates again. */
export const CALIBRATION_MAX_AGE_MS = 24 * 60 * 60_000;

export interface CalibratedQuestion extends CalibratedItem {
  questionId: string;
}

/** One subject of a run. */
export interface SubjectCalibration {
  subjectId: string;
  subject: string;
  students: number;
  questions: number;
  answers: number;
  iterations: number;
  converged: boolean;
  items: CalibratedQuestion[];
}

export interface CalibrationReport {
  /** The calibration_runs row; null for a dry run, which writes nothing. */
  runId: string | null;
  startedAt: Date;
  finishedAt: Date;
  /** Students with evidence in any of the subjects, each counted once. */
  students: number;
  /** The subjects with evidence, by title. */
  subjects: SubjectCalibration[];
}

/** A run's end: done, refused because another holds the lock, or (asked only if due) not due yet. */
export type CalibrationOutcome =
  | { status: 'done'; report: CalibrationReport }
  | { status: 'busy' }
  | { status: 'not-due' };

export interface CalibrationOptions {
  now: () => Date;
  /** Only this subject; every subject with evidence otherwise. */
  subjectId?: string;
  /** Calibrate and report, writing nothing (and taking no lock: it cannot clash with a run). */
  dryRun?: boolean;
  /** Check under the lock that the latest calibration is old enough (calibrationDue) before running. */
  onlyIfDue?: boolean;
  /** Checked between subjects: a run stops there when the app shuts down. */
  signal?: AbortSignal;
  /** Told of each subject as it is done (and, unless a dry run, saved); the run waits for it. */
  onSubject?: (subject: SubjectCalibration) => void | Promise<void>;
  writeBatchRows?: number;
}

/** Calibrates the bank, or one subject, unless another calibration is running (anywhere). */
export async function runCalibration(db: Database, options: CalibrationOptions): Promise<CalibrationOutcome> {
  if (options.dryRun) return { status: 'done', report: await calibrateBank(db, options) };
  const locked = await withSessionLock(
    db,
    CALIBRATION_LOCK,
    async (session) => {
      if (options.onlyIfDue && !(await calibrationDue(session, options.now()))) return undefined;
      return calibrateBank(session, options);
    },
    // A large subject's evidence takes longer to read than a request is allowed.
    { statementTimeoutMs: STAFF_STATEMENT_TIMEOUT_MS },
  );
  if (!locked.held) return { status: 'busy' };
  return locked.value ? { status: 'done', report: locked.value } : { status: 'not-due' };
}

/**
 * Whether the daily job should calibrate at `now`: no calibration finished in the last CALIBRATION_MAX_AGE_MS
 * (or ever), and students have handed in answers that could be evidence (a cheap look; the run reads the
 * evidence itself).
 */
export async function calibrationDue(db: Executor, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - CALIBRATION_MAX_AGE_MS).toISOString();
  const [row] = rowsOf<{ recent: boolean; answered: boolean }>(
    await db.execute(sql`select
      exists (select 1 from calibration_runs where finished_at > ${since}::timestamptz) as recent,
      exists (select 1 from attempts a
        join attempt_answers aa on aa.attempt_id = a.id
        join users u on u.id = a.user_id
        where a.submitted_at is not null and a.contest_id is null and not u.is_admin) as answered`),
  );
  return Boolean(row?.answered) && !row?.recent;
}

/** The subject a staff command names by title or slug, as the import matches names. */
export async function findSubject(db: Executor, name: string) {
  const [row] = rowsOf<{ id: string; title: string }>(
    await db.execute(sql`select id, title from subjects where slug = ${slugify(name)}`),
  );
  return row;
}

async function calibrateBank(db: Database, options: CalibrationOptions): Promise<CalibrationReport> {
  const startedAt = options.now();
  const runId = options.dryRun ? null : await startRun(db, startedAt);
  const subjects: SubjectCalibration[] = [];
  const students = new Set<string>();
  for (const subject of await bankSubjects(db, options.subjectId)) {
    // Between subjects the requests and timers waiting on the event loop go first (reading a large
    // subject's evidence and numbering it is the run's own work on this thread).
    await nextTurn();
    options.signal?.throwIfAborted();
    const calibrated = await calibrateSubject(db, subject, options.signal);
    if (!calibrated) continue;
    if (!options.dryRun) {
      await saveParameters(db, calibrated.items, options.now(), options.writeBatchRows ?? WRITE_BATCH_ROWS);
    }
    for (const id of calibrated.studentIds) students.add(id);
    const { studentIds, ...result } = calibrated;
    subjects.push(result);
    await options.onSubject?.(result);
  }
  const finishedAt = options.now();
  const report = { runId, startedAt, finishedAt, students: students.size, subjects };
  if (runId) await finishRun(db, runId, report);
  return report;
}

/** The subjects that have a paper in the bank (a contest's reserved papers are no evidence), by title. */
async function bankSubjects(db: Executor, subjectId: string | undefined) {
  return rowsOf<{ id: string; title: string }>(
    await db.execute(sql`select s.id, s.title from subjects s
      where exists (select 1 from papers p where p.subject_id = s.id and ${bankPaperAs('p')})
        ${subjectId === undefined ? sql`` : sql`and s.id = ${subjectId}::uuid`}
      order by s.title, s.id`),
  );
}

/** One subject's calibration from its evidence; undefined when it has none. */
async function calibrateSubject(
  db: Executor,
  subject: { id: string; title: string },
  signal: AbortSignal | undefined,
) {
  const numbered = numberEvidence(await subjectEvidence(db, subject.id));
  if (numbered.questionIds.length === 0) return undefined;
  // Counted before the matrix moves to the worker thread, which leaves its arrays empty here.
  const answers = numbered.matrix.student.length;
  const fitted = await calibrateOffThread(numbered.matrix, signal);
  return {
    subjectId: subject.id,
    subject: subject.title,
    students: numbered.studentIds.length,
    questions: numbered.questionIds.length,
    answers,
    iterations: fitted.iterations,
    converged: fitted.converged,
    items: fitted.items.map((item, index) => ({ ...item, questionId: numbered.questionIds[index] ?? '' })),
    studentIds: numbered.studentIds,
  };
}

/** A parameter the database would store as NaN or refuse is a fault in the model: the subject is not saved. */
function storable(item: CalibratedQuestion) {
  const { questionId, difficulty, discrimination, answers, infit, outfit } = item;
  const finite = [difficulty, discrimination, infit ?? 0, outfit ?? 0].every(Number.isFinite);
  if (!finite) throw new Error(`calibration gave question ${questionId} a parameter that is not a number`);
  return { questionId, difficulty, discrimination, answers, infit, outfit };
}

/**
 * Writes a subject's parameters in one transaction, so that a prediction reads all of them from this run or
 * all from the last. Each batch is one jsonb parameter, however many rows: a parameter per value would meet
 * PostgreSQL's limit of 65,535 on a large subject.
 */
async function saveParameters(db: Database, items: CalibratedQuestion[], at: Date, batchRows: number) {
  const calibratedAt = at.toISOString();
  await db.transaction(async (tx) => {
    for (let start = 0; start < items.length; start += batchRows) {
      const rows = JSON.stringify(items.slice(start, start + batchRows).map(storable));
      await tx.execute(sql`insert into item_parameters
          (question_id, difficulty, discrimination, answers, infit, outfit, calibrated_at)
        select r."questionId", r.difficulty, r.discrimination, r.answers, r.infit, r.outfit,
          ${calibratedAt}::timestamptz
        from jsonb_to_recordset(${rows}::jsonb) as r("questionId" uuid, difficulty double precision,
          discrimination double precision, answers integer, infit double precision, outfit double precision)
        on conflict (question_id) do update set difficulty = excluded.difficulty,
          discrimination = excluded.discrimination, answers = excluded.answers, infit = excluded.infit,
          outfit = excluded.outfit, calibrated_at = excluded.calibrated_at`);
    }
  });
}

async function startRun(db: Executor, startedAt: Date): Promise<string> {
  const [run] = await db.insert(calibrationRuns).values({ startedAt }).returning({ id: calibrationRuns.id });
  if (!run) throw new Error('the calibration run was not recorded');
  return run.id;
}

/** Dates the run's parameters: a run that failed part way keeps no finished_at, and the job tries again. */
async function finishRun(db: Executor, runId: string, report: CalibrationReport) {
  const sum = (field: 'questions' | 'answers') =>
    report.subjects.reduce((total, subject) => total + subject[field], 0);
  await db
    .update(calibrationRuns)
    .set({
      finishedAt: report.finishedAt,
      subjects: report.subjects.length,
      questions: sum('questions'),
      answers: sum('answers'),
      students: report.students,
    })
    .where(eq(calibrationRuns.id, runId));
}
