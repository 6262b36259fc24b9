import { asc, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { options, questions } from '../../db/schema.ts';
import type { PaperTarget, StoredBank, StoredOption, StoredQuestion } from './import-plan.ts';

// Keeps each `in (...)` list well under PostgreSQL's limit of 65,535 parameters per statement.
const LOOKUP_BATCH = 1000;

/** Splits a list into runs of at most `size` items. */
export function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * Reads what the planner compares an import against: the stored questions with an incoming key, their
 * options, and the keys and positions of every question of the existing papers the import touches.
 */
export async function loadStored(tx: Transaction, targets: PaperTarget[]): Promise<StoredBank> {
  const incoming = targets.flatMap(({ paper }) => paper.questions);
  const storedByKey = new Map<string, StoredQuestion>();
  for (const batch of chunks(
    incoming.map((question) => question.key),
    LOOKUP_BATCH,
  )) {
    const rows = await tx
      .select({
        id: questions.id,
        key: questions.key,
        paperId: questions.paperId,
        position: questions.position,
        passageHtml: questions.passageHtml,
        passageSource: questions.passageSource,
        questionHtml: questions.questionHtml,
        questionSource: questions.questionSource,
        questionType: questions.questionType,
        fileUrl: questions.fileUrl,
        topic: questions.topic,
        explanationHtml: questions.explanationHtml,
        explanationSource: questions.explanationSource,
      })
      .from(questions)
      .where(inArray(questions.key, batch));
    for (const row of rows) storedByKey.set(row.key, row);
  }
  const storedOptions = new Map<string, StoredOption[]>();
  for (const batch of chunks(
    [...storedByKey.values()].map((row) => row.id),
    LOOKUP_BATCH,
  )) {
    const rows = await tx
      .select({
        id: options.id,
        questionId: options.questionId,
        position: options.position,
        optionHtml: options.optionHtml,
        optionSource: options.optionSource,
        optionType: options.optionType,
        fileUrl: options.fileUrl,
        isCorrect: options.isCorrect,
      })
      .from(options)
      .where(inArray(options.questionId, batch))
      .orderBy(asc(options.questionId), asc(options.position));
    for (const row of rows)
      storedOptions.set(row.questionId, [...(storedOptions.get(row.questionId) ?? []), row]);
  }
  const touched = targets.filter((target) => !target.isNew).map((target) => target.id);
  const inPapers = new Map<string, { key: string; position: number }[]>();
  for (const batch of chunks(touched, LOOKUP_BATCH)) {
    const rows = await tx
      .select({ paperId: questions.paperId, key: questions.key, position: questions.position })
      .from(questions)
      .where(inArray(questions.paperId, batch))
      .orderBy(asc(questions.position), asc(questions.key));
    for (const row of rows) inPapers.set(row.paperId, [...(inPapers.get(row.paperId) ?? []), row]);
  }
  return { questions: storedByKey, options: storedOptions, papers: inPapers };
}
