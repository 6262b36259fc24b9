import { RichTextError, renderFormula, splitMath } from './latex.ts';
import {
  escapeText,
  isAlreadyClean,
  looksLikeHtml,
  sanitizeRenderedHtml,
  sanitizeRichHtml,
} from './sanitize.ts';

/** A field ready to store: what students see, and what an export writes back. */
export interface RichText {
  /** Sanitised HTML with each formula rendered by KaTeX. */
  html: string;
  /** The field as written, formulas still in LaTeX (cleaned first if it held anything unsafe). */
  source: string;
}

// Private-use characters mark where each formula goes while the rest of the field is sanitised.
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
const MARK_PATTERN = /\uE000(\d+)\uE001/g;
const MARK_CHARACTERS = /[\uE000\uE001]/g;

/**
 * Turns a question, option or explanation into safe HTML: HTML is sanitised against the allow-list, plain
 * text is escaped, and LaTeX between \( \) or $$ $$ is rendered with KaTeX. Throws a RichTextError that
 * says what to fix.
 *
 * The order is what keeps it safe. Each formula is replaced by a mark and the field is sanitised; a mark
 * that landed in an attribute value becomes its LaTeX again (text the sanitiser escapes there), so only
 * marks in text content are rendered. The HTML with the formulas in it is then sanitised once more,
 * against the allow-list plus KaTeX's output: what is stored is exactly what that last pass let through.
 */
export function renderRichText(input: string): RichText {
  const text = input.replace(MARK_CHARACTERS, '').trim();
  const formulas: Extract<ReturnType<typeof splitMath>[number], { kind: 'math' }>[] = [];
  let skeleton = '';
  for (const segment of splitMath(text)) {
    if (segment.kind === 'text') {
      skeleton += segment.text;
      continue;
    }
    formulas.push(segment);
    skeleton += `${MARK_OPEN}${formulas.length - 1}${MARK_CLOSE}`;
  }
  const formulaAt = (index: string) => {
    const formula = formulas[Number(index)];
    if (!formula) throw new RichTextError('the field holds a reserved character; remove it');
    return formula;
  };
  const asLatex = (value: string) => value.replace(MARK_PATTERN, (_, index: string) => formulaAt(index).raw);

  const isHtml = looksLikeHtml(skeleton);
  // Marks are left only in text content here: the sanitiser turned those in attribute values back to LaTeX.
  const cleaned = isHtml ? sanitizeRichHtml(skeleton, asLatex) : escapeText(skeleton);
  const rendered = cleaned.replace(MARK_PATTERN, (_, index: string) => {
    const formula = formulaAt(index);
    return renderFormula(formula.tex, formula.display, formula.at);
  });
  // The source keeps the editor's own spelling when it was already clean, so an export gives back the
  // file that was imported; otherwise it is the cleaned HTML, so nothing unsafe is ever stored.
  const clean = !isHtml || isAlreadyClean(skeleton);
  return { html: sanitizeRenderedHtml(rendered), source: clean ? text : asLatex(cleaned) };
}

export { RichTextError };
