import { eq, inArray } from 'drizzle-orm';
import katex from 'katex';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaper } from '../../../../tests/support/bank-fixture.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';
import { options, questions } from '../../db/schema.ts';
import { addMathMLToStoredFormulas } from './refresh-formulas.ts';
import { renderRichText } from './rich-text.ts';

const handle = await openTestDatabase();
afterAll(() => handle.close());
const { db } = handle;
const logger = pino({ level: 'silent' });

/** A field as an import stored it before formulas carried MathML: KaTeX's HTML alone. */
const htmlOnly = (text: string, tex: string) =>
  `${text} ${katex.renderToString(tex, { output: 'html', throwOnError: true })}`;

describe('addMathMLToStoredFormulas', () => {
  it('renders fields stored without MathML again from their LaTeX, once, and leaves the rest alone', async () => {
    const paper = await createPaper(db, { count: 2 });
    const [withFormula, plain] = paper.questions;
    if (!withFormula || !plain) throw new Error('fixture missing');
    await db
      .update(questions)
      .set({
        questionHtml: htmlOnly('Simplify', '\\frac{3}{4}'),
        questionSource: 'Simplify \\(\\frac{3}{4}\\)',
        explanationHtml: htmlOnly('Because', 'x^2'),
        explanationSource: 'Because \\(x^2\\)',
      })
      .where(eq(questions.id, withFormula.id));
    const formulaOption = withFormula.optionIds[0] ?? '';
    await db
      .update(options)
      .set({ optionHtml: htmlOnly('', '\\sqrt{16}').trim(), optionSource: '\\(\\sqrt{16}\\)' })
      .where(eq(options.id, formulaOption));
    const plainBefore = await db.select().from(questions).where(eq(questions.id, plain.id));

    expect(await addMathMLToStoredFormulas(db, logger)).toEqual({ questions: 1, options: 1 });

    const [question] = await db.select().from(questions).where(eq(questions.id, withFormula.id));
    expect(question?.questionHtml).toBe(renderRichText('Simplify \\(\\frac{3}{4}\\)').html);
    expect(question?.questionHtml).toContain('<math aria-label="3 over 4"');
    expect(question?.explanationHtml).toContain('<math aria-label="x squared"');
    const [option] = await db.select().from(options).where(eq(options.id, formulaOption));
    expect(option?.optionHtml).toContain('<math aria-label="the square root of 16"');
    // The options without formulas and the other question are as they were.
    const others = await db
      .select({ html: options.optionHtml })
      .from(options)
      .where(inArray(options.id, withFormula.optionIds.slice(1)));
    expect(others.map(({ html }) => html)).toEqual(['<p>Option B</p>', '<p>Option C</p>', '<p>Option D</p>']);
    expect(await db.select().from(questions).where(eq(questions.id, plain.id))).toEqual(plainBefore);

    // Done once: a second start finds nothing to change.
    expect(await addMathMLToStoredFormulas(db, logger)).toEqual({ questions: 0, options: 0 });
  });

  it('keeps the stored HTML of a field whose LaTeX no longer renders', async () => {
    const paper = await createPaper(db, { count: 1 });
    const id = paper.questions[0]?.id ?? '';
    const stored = htmlOnly('Find', 'x');
    await db
      .update(questions)
      .set({ questionHtml: stored, questionSource: 'Find \\(\\notacommand{x}\\)' })
      .where(eq(questions.id, id));
    await addMathMLToStoredFormulas(db, logger);
    const [question] = await db.select().from(questions).where(eq(questions.id, id));
    expect(question?.questionHtml).toBe(stored);
  });
});
