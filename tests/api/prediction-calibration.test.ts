import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { calibrationRuns, itemParameters, subjects } from '../../src/server/db/schema.ts';
import {
  type CalibrationOutcome,
  calibrationDue,
  findSubject,
  runCalibration,
} from '../../src/server/services/prediction/calibration.ts';
import { startCalibrationJobs } from '../../src/server/services/prediction/calibration-jobs.ts';
import { describeMisfits, storedMisfits } from '../../src/server/services/prediction/calibration-misfits.ts';
import { createPaper } from '../support/bank-fixture.ts';
import {
  createStudents,
  miskeyedPaper,
  modelAnswer,
  normalLevels,
  seatStudents,
  seededRandom,
} from '../support/calibration-fixture.ts';
import { testLogger } from '../support/logs.ts';
import { createTestApp, expectLogs, type TestApp } from '../support/test-app.ts';

// The calibration (docs/prediction.md, "Calibration"): what it writes, that two never overlap, that a dry
// run writes nothing, and the daily job that runs it.

const HOUR = 60 * 60_000;
/** The true difficulties of the main paper's questions, easiest first; the last question nobody answers. */
const DIFFICULTIES = [-2, -1.2, -0.4, 0.4, 1.2, 2];
const STUDENTS = 300;

/** A subject whose paper 300 students sat, answering as the model says, and a second subject that 60 of them sat. */
async function answeredBank(t: TestApp) {
  const random = seededRandom(20_260_302);
  const main = await createPaper(t.db, { count: DIFFICULTIES.length + 1 });
  const userIds = await createStudents(t.db, STUDENTS);
  const levels = normalLevels(STUDENTS, random);
  const answered = main.questions.slice(0, DIFFICULTIES.length);
  const right = levels.map((level) => DIFFICULTIES.map((b) => modelAnswer(level, b, random)));
  await seatStudents(t.db, {
    paperId: main.paperId,
    subjectId: main.ids.subject,
    questions: answered,
    userIds,
    at: new Date(t.clock.now().getTime() - 2 * HOUR),
    isRight: (student, question) => right[student]?.[question] ?? false,
  });
  const second = await createPaper(t.db, { count: 3 });
  await seatStudents(t.db, {
    paperId: second.paperId,
    subjectId: second.ids.subject,
    questions: second.questions,
    userIds: userIds.slice(0, 60),
    at: new Date(t.clock.now().getTime() - HOUR),
    isRight: (student, question) => modelAnswer(levels[student] ?? 0, question - 1, random),
  });
  // Each question's share of right answers, in the main paper's order.
  const shares = answered.map((_, question) => right.filter((row) => row[question]).length / STUDENTS);
  return { main, second, answered, shares };
}

async function stored(db: Database) {
  return {
    parameters: await db.select().from(itemParameters),
    runs: await db.select().from(calibrationRuns).orderBy(asc(calibrationRuns.startedAt)),
  };
}

function reportOf(outcome: CalibrationOutcome) {
  if (outcome.status !== 'done') throw new Error(`the calibration did not run: ${outcome.status}`);
  return outcome.report;
}

describe('a calibration', () => {
  it('writes the answered questions’ parameters, each subject at once, harder questions higher', async () => {
    const t = await createTestApp();
    const bank = await answeredBank(t);
    // Batches of four rows: the main subject's six questions take two statements.
    const report = reportOf(await runCalibration(t.db, { now: t.clock.now, writeBatchRows: 4 }));

    const main = report.subjects.find((subject) => subject.subjectId === bank.main.ids.subject);
    expect(main).toMatchObject({ students: STUDENTS, questions: 6, answers: 6 * STUDENTS, converged: true });
    expect(report.subjects.find((subject) => subject.subjectId === bank.second.ids.subject)).toMatchObject({
      students: 60,
      questions: 3,
      answers: 180,
    });
    // The second subject's students all sat the first: each counted once.
    expect(report.students).toBe(STUDENTS);

    const { parameters, runs } = await stored(t.db);
    expect(parameters).toHaveLength(9);
    const byQuestion = new Map(parameters.map((row) => [row.questionId, row]));
    // The question nobody answered has no row: the prediction takes it at the model's prior.
    expect(byQuestion.has(bank.main.questions[6]?.id ?? '')).toBe(false);
    const difficulty = bank.answered.map((question) => byQuestion.get(question.id)?.difficulty ?? Number.NaN);
    for (const [i, share] of bank.shares.entries()) {
      for (const [j, other] of bank.shares.entries()) {
        if (share < other) expect(difficulty[i]).toBeGreaterThan(difficulty[j] ?? Number.NaN);
      }
    }
    expect(bank.shares[0]).toBeGreaterThan(bank.shares[5] ?? 1);
    for (const question of bank.answered) {
      const row = byQuestion.get(question.id);
      expect(row).toMatchObject({ answers: STUDENTS, calibratedAt: t.clock.now() });
      expect(row?.discrimination).toBeGreaterThan(0);
      expect(row?.infit).toEqual(expect.any(Number));
    }
    expect(runs).toEqual([
      {
        id: report.runId,
        startedAt: t.clock.now(),
        finishedAt: t.clock.now(),
        subjects: 2,
        questions: 9,
        answers: 6 * STUDENTS + 180,
        students: STUDENTS,
      },
    ]);

    // A later run writes over the same rows.
    t.clock.advance(25 * HOUR);
    reportOf(await runCalibration(t.db, { now: t.clock.now, subjectId: bank.second.ids.subject }));
    const later = await stored(t.db);
    expect(later.parameters).toHaveLength(9);
    const second = new Set(bank.second.questions.map((question) => question.id));
    for (const row of later.parameters) {
      expect(row.calibratedAt).toEqual(second.has(row.questionId) ? t.clock.now() : runs[0]?.startedAt);
    }
    expect(later.runs.map((run) => run.subjects)).toEqual([2, 1]);
  });

  it('as a dry run, reports the same and writes nothing', async () => {
    const t = await createTestApp();
    const bank = await answeredBank(t);
    const report = reportOf(await runCalibration(t.db, { now: t.clock.now, dryRun: true }));
    expect(report.runId).toBeNull();
    expect(report.subjects.map((subject) => subject.answers).sort((a, b) => a - b)).toEqual([
      180,
      6 * STUDENTS,
    ]);
    expect(report.subjects.find((s) => s.subjectId === bank.main.ids.subject)?.items).toHaveLength(6);
    expect(await stored(t.db)).toEqual({ parameters: [], runs: [] });
  });

  it('is refused while another runs, and writes nothing then', async () => {
    const t = await createTestApp();
    const bank = await answeredBank(t);
    const refusals: CalibrationOutcome[] = [];
    const first = await runCalibration(t.db, {
      now: t.clock.now,
      subjectId: bank.main.ids.subject,
      // Halfway through the first run, with its subject saved, a second one starts.
      onSubject: async () => {
        refusals.push(await runCalibration(t.db, { now: t.clock.now }));
      },
    });
    expect(refusals).toEqual([{ status: 'busy' }]);
    expect(reportOf(first).subjects).toHaveLength(1);
    const { parameters, runs } = await stored(t.db);
    expect(parameters).toHaveLength(6);
    expect(runs).toHaveLength(1);
    // Once the first has ended, the lock is free again.
    expect((await runCalibration(t.db, { now: t.clock.now })).status).toBe('done');
  });
});

describe('the misfits', () => {
  it('places each question that fits badly in the bank, after a run and from the saved parameters', async () => {
    const t = await createTestApp();
    const paper = await miskeyedPaper(t.db, 'Mathematics');
    const other = await answeredBank(t);
    const miskeyed = paper.questions[29]?.id;
    // A staff command names the subject by title or slug, as the import matches it.
    await t.db.update(subjects).set({ slug: 'mathematics' }).where(eq(subjects.id, paper.ids.subject));
    expect(await findSubject(t.db, ' MATHEMATICS ')).toEqual({ id: paper.ids.subject, title: 'Mathematics' });
    expect(await findSubject(t.db, 'Physics')).toBeUndefined();
    const report = reportOf(await runCalibration(t.db, { now: t.clock.now }));
    const items = report.subjects.find((subject) => subject.subjectId === paper.ids.subject)?.items ?? [];
    const misfits = await describeMisfits(t.db, items);
    expect(misfits).toEqual([
      {
        questionId: miskeyed,
        examType: expect.stringMatching(/^EXAM /),
        subject: 'Mathematics',
        year: expect.any(Number),
        number: 30,
        questionKey: expect.stringMatching(/-29$/),
        topic: null,
        answer: 'B',
        answers: 100,
        difficulty: expect.any(Number),
        discrimination: 1,
        infit: expect.any(Number),
        outfit: expect.any(Number),
      },
    ]);
    expect(misfits[0]?.infit).toBeGreaterThan(1.3);

    // The saved parameters give the same list, for the subject or the bank; the other subject has none.
    const saved = await storedMisfits(t.db, paper.ids.subject);
    expect(saved).toEqual({ misfits, calibratedAt: t.clock.now() });
    const everywhere = await storedMisfits(t.db);
    expect(everywhere.misfits.filter((misfit) => misfit.questionId === miskeyed)).toEqual(misfits);
    expect((await storedMisfits(t.db, other.second.ids.subject)).misfits).toEqual([]);
  });

  it('has none to list before the first calibration', async () => {
    const t = await createTestApp();
    expect(await storedMisfits(t.db)).toEqual({ misfits: [], calibratedAt: null });
    expect(await describeMisfits(t.db, [])).toEqual([]);
  });
});

/** Resolves once `condition` holds, checking every few milliseconds for up to ten seconds. */
async function eventually(condition: () => boolean | Promise<boolean>) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the condition never held');
}

describe('the daily calibration', () => {
  it('runs once there are answers, again when the last is a day old, and retries a failure', async () => {
    const t = await createTestApp();
    expect(await calibrationDue(t.db, t.clock.now())).toBe(false);
    await answeredBank(t);
    expect(await calibrationDue(t.db, t.clock.now())).toBe(true);

    expectLogs('the calibration failed; it runs again at the next check', { level: 'warn' });
    const outcomes: string[] = [];
    let failures = 1;
    const stop = startCalibrationJobs(t.db, testLogger(), t.clock.now, {
      firstCheckMs: 0,
      intervalMs: 20,
      run: async (db, options) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('the database went away');
        }
        const outcome = await runCalibration(db, options);
        outcomes.push(outcome.status);
        return outcome;
      },
    });
    try {
      // The first check fails, the next calibrates, and the later ones find it done.
      await eventually(() => outcomes.filter((status) => status === 'not-due').length >= 2);
    } finally {
      stop();
    }
    expect(outcomes[0]).toBe('done');
    expect((await stored(t.db)).runs).toHaveLength(1);

    expect(await calibrationDue(t.db, new Date(t.clock.now().getTime() + 23 * HOUR))).toBe(false);
    expect(await calibrationDue(t.db, new Date(t.clock.now().getTime() + 25 * HOUR))).toBe(true);
  });
});
