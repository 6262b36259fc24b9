import { and, eq, like, notLike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Database, Transaction } from '../../db/client.ts';
import { options, questions } from '../../db/schema.ts';
import { RichTextError, renderRichText } from './rich-text.ts';

// A field rendered before formulas carried MathML holds KaTeX's markup and no <math> element. The HTML is
// stored at import, so a bank imported before then is rendered again from the LaTeX kept beside it.
const withoutMathML = (column: PgColumn): SQL | undefined =>
  and(like(column, '%class="katex"%'), notLike(column, '%<math%'));

/** The field rendered again from its source, or null when it already has MathML or cannot be rendered. */
function rerendered(html: string, source: string, logger: Logger, id: string): string | null {
  if (!html.includes('class="katex"') || html.includes('<math')) return null;
  try {
    return renderRichText(source).html;
  } catch (error) {
    // The source was rendered once already; if it no longer renders, its old HTML still shows the formula.
    if (!(error instanceof RichTextError)) throw error;
    logger.warn({ id, err: error }, 'a stored formula could not be rendered again; its HTML is kept');
    return null;
  }
}

async function refreshQuestions(tx: Transaction, logger: Logger): Promise<number> {
  const rows = await tx
    .select({
      id: questions.id,
      questionHtml: questions.questionHtml,
      questionSource: questions.questionSource,
      explanationHtml: questions.explanationHtml,
      explanationSource: questions.explanationSource,
    })
    .from(questions)
    .where(or(withoutMathML(questions.questionHtml), withoutMathML(questions.explanationHtml)));
  let changed = 0;
  for (const row of rows) {
    const questionHtml = rerendered(row.questionHtml, row.questionSource, logger, row.id);
    const explanationHtml = rerendered(row.explanationHtml, row.explanationSource, logger, row.id);
    if (questionHtml === null && explanationHtml === null) continue;
    await tx
      .update(questions)
      .set({
        questionHtml: questionHtml ?? row.questionHtml,
        explanationHtml: explanationHtml ?? row.explanationHtml,
      })
      .where(eq(questions.id, row.id));
    changed += 1;
  }
  return changed;
}

async function refreshOptions(tx: Transaction, logger: Logger): Promise<number> {
  const rows = await tx
    .select({ id: options.id, optionHtml: options.optionHtml, optionSource: options.optionSource })
    .from(options)
    .where(withoutMathML(options.optionHtml));
  let changed = 0;
  for (const row of rows) {
    const optionHtml = rerendered(row.optionHtml, row.optionSource, logger, row.id);
    if (optionHtml === null) continue;
    await tx.update(options).set({ optionHtml }).where(eq(options.id, row.id));
    changed += 1;
  }
  return changed;
}

/**
 * Gives the formulas of a bank stored before they carried MathML their MathML and spoken name, rendering
 * those questions, explanations and options again from their stored LaTeX. Runs at start-up; once done it
 * finds nothing to change. Only the HTML changes: ids, answers and students' attempts stay as they are.
 */
export async function addMathMLToStoredFormulas(
  db: Database,
  logger: Logger,
): Promise<{ questions: number; options: number }> {
  const changed = await db.transaction(async (tx) => ({
    questions: await refreshQuestions(tx, logger),
    options: await refreshOptions(tx, logger),
  }));
  if (changed.questions + changed.options > 0) logger.info(changed, 'stored formulas given MathML');
  return changed;
}
