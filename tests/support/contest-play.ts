import { and, eq } from 'drizzle-orm';
import { contestApi } from '../../src/lib/api/endpoints.ts';
import type { ExamPayload } from '../../src/lib/api/exam.ts';
import type { Database } from '../../src/server/db/client.ts';
import { coinLedger, options } from '../../src/server/db/schema.ts';
import type { TestApp } from './test-app.ts';

// Playing a contest through the API, for the API tests of contests: entering, opening a level, and reading
// the key and the ledger to check the outcome. scheduleFixtureContest (contest-file-fixture.ts) schedules one.

export async function enter(app: TestApp, token: string, contestId: string) {
  return app.call(contestApi.enter, { params: { id: contestId }, token });
}

export async function openLevel(app: TestApp, token: string, contestId: string) {
  return app.call(contestApi.level, { params: { id: contestId }, token });
}

/** The id of the question's right option. */
export async function rightOption(db: Database, questionId: string): Promise<string> {
  const [row] = await db
    .select({ id: options.id })
    .from(options)
    .where(and(eq(options.questionId, questionId), eq(options.isCorrect, true)));
  if (!row) throw new Error('no right option');
  return row.id;
}

/** The right answer to every question of a level, as a hand-in carries them. */
export async function rightAnswers(db: Database, level: ExamPayload) {
  return Promise.all(
    level.questions.map(async (question) => ({
      question: question._id,
      option: await rightOption(db, question._id),
    })),
  );
}

export async function ledgerOf(db: Database, userId: string) {
  return db.select().from(coinLedger).where(eq(coinLedger.userId, userId));
}
