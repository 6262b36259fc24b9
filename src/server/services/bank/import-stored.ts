import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { options, papers, questions } from '../../db/schema.ts';
import type { PaperTarget, StoredBank, StoredOption, StoredQuestion } from './import-plan.ts';
import { BankImportError } from './types.ts';

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
 * Throws a BankImportError when an incoming key is a contest's question: the import would move that
 * reserved question into the bank (the targets are bank papers alone, see ensureCatalogue).
 */
export async function loadStored(tx: Transaction, targets: PaperTarget[]): Promise<StoredBank> {
  const incoming = targets.flatMap(({ paper }) => paper.questions);
  const storedByKey = new Map<string, StoredQuestion>();
  const reserved = new Set<string>();
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
        inContest: isNotNull(papers.contestId),
      })
      .from(questions)
      .innerJoin(papers, eq(papers.id, questions.paperId))
      .where(inArray(questions.key, batch));
    for (const { inContest, ...row } of rows) {
      if (inContest) reserved.add(row.key);
      else storedByKey.set(row.key, row);
    }
  }
  if (reserved.size > 0) {
    throw new BankImportError(
      incoming
        .filter((question) => reserved.has(question.key))
        .map((question) => ({
          ...question.location,
          message: `The question id "${question.key}" belongs to a contest's questions, which stay out of the bank; give this question another id.`,
        })),
    );
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
