import { RichTextError, renderFormula, splitMath } from './latex.ts';
import { escapeText, isAlreadyClean, looksLikeHtml, sanitizeRichHtml } from './sanitize.ts';

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
 */
export function renderRichText(input: string): RichText {
  const text = input.replace(MARK_CHARACTERS, '').trim();
  const segments = splitMath(text);
  const formulas: { html: string; raw: string }[] = [];
  let skeleton = '';
  for (const segment of segments) {
    if (segment.kind === 'text') {
      skeleton += segment.text;
      continue;
    }
    formulas.push({ html: renderFormula(segment.tex, segment.display, segment.at), raw: segment.raw });
    skeleton += `${MARK_OPEN}${formulas.length - 1}${MARK_CLOSE}`;
  }
  const isHtml = looksLikeHtml(skeleton);
  const cleaned = isHtml ? sanitizeRichHtml(skeleton) : escapeText(skeleton);
  const fill = (pick: (formula: { html: string; raw: string }) => string) =>
    cleaned.replace(MARK_PATTERN, (_, index: string) => {
      const formula = formulas[Number(index)];
      if (!formula) throw new RichTextError('the field holds a reserved character; remove it');
      return pick(formula);
    });
  // The source keeps the editor's own spelling when it was already clean, so an export gives back the
  // file that was imported; otherwise it is the cleaned HTML, so nothing unsafe is ever stored.
  const clean = !isHtml || isAlreadyClean(skeleton);
  return { html: fill((formula) => formula.html), source: clean ? text : fill((formula) => formula.raw) };
}

export { RichTextError };
