import { randomUUID } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { options, questions } from '../../db/schema.ts';
import type { ImportPlan, OptionRow, QuestionUpdate } from './import-plan.ts';
import { chunks } from './import-stored.ts';
import { LETTERS } from './input-schema.ts';
import { BankImportError, type ImportProgress } from './types.ts';

// Rows per multi-row insert: large enough to be quick, small enough to stay under the parameter limit.
const QUESTION_BATCH = 500;
const OPTION_BATCH = 1000;

/**
 * Applies a plan inside the caller's transaction: inserts the new questions and their options, then
 * rewrites each changed question (and its options, when they differ), stamping `now`. Reports progress
 * per question saved.
 */
export async function applyPlan(
  tx: Transaction,
  plan: ImportPlan,
  now: Date,
  onProgress?: (progress: ImportProgress) => void,
): Promise<void> {
  const newQuestions: (typeof questions.$inferInsert)[] = [];
  const newOptions: (typeof options.$inferInsert)[] = [];
  for (const insert of plan.inserts) {
    const id = randomUUID();
    newQuestions.push({ id, key: insert.key, ...insert.row, createdAt: now, updatedAt: now });
    for (const option of insert.options) newOptions.push({ ...option, questionId: id });
  }

  const total = plan.inserts.length + plan.updates.length;
  let done = 0;
  const report = (count: number) => {
    done += count;
    if (total > 0) onProgress?.({ phase: 'saving', done, total });
  };
  for (const batch of chunks(newQuestions, QUESTION_BATCH)) {
    await tx.insert(questions).values(batch);
    report(batch.length);
  }
  for (const batch of chunks(newOptions, OPTION_BATCH)) await tx.insert(options).values(batch);
  for (const update of plan.updates) {
    await tx
      .update(questions)
      .set({ ...update.row, updatedAt: now })
      .where(eq(questions.id, update.id));
    if (update.options) await replaceOptions(tx, update, update.options);
    report(1);
  }
}

/** Updates a question's options in place by letter, so each keeps its id; extra stored ones are removed. */
async function replaceOptions(
  tx: Transaction,
  { id: questionId, stored, location }: QuestionUpdate,
  rows: OptionRow[],
) {
  // Clear the right answer first: the unique index allows one right option at any moment.
  await tx
    .update(options)
    .set({ isCorrect: false })
    .where(and(eq(options.questionId, questionId), eq(options.isCorrect, true)));
  for (const [position, row] of rows.entries()) {
    const before = stored.find((option) => option.position === position);
    if (before) await tx.update(options).set(row).where(eq(options.id, before.id));
    else await tx.insert(options).values({ ...row, questionId });
  }
  if (!stored.some((option) => option.position >= rows.length)) return;
  try {
    await tx
      .delete(options)
      .where(and(eq(options.questionId, questionId), gte(options.position, rows.length)));
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw new BankImportError([
      {
        ...location,
        message: `option ${LETTERS[rows.length]} cannot be removed: students have already answered with it; keep ${stored.length} options`,
      },
    ]);
  }
}
