import katex from 'katex';
import { speakMath } from './math-speech.ts';

/** A problem with a field's formulas, worded for the editor who has to fix it. */
export class RichTextError extends Error {
  override name = 'RichTextError';
}

/** A run of plain text or HTML, or one formula with its delimiters. */
export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'math'; tex: string; display: boolean; raw: string; at: number };

const DELIMITERS = [
  { open: '$$', close: '$$', display: true },
  { open: '\\(', close: '\\)', display: false },
] as const;

/**
 * Splits a field into text and formulas: `\( ... \)` inline and `$$ ... $$` on their own line. A lone
 * `$` is text (prices). Throws a RichTextError for a delimiter that is never closed or never opened.
 */
export function splitMath(source: string): Segment[] {
  const segments: Segment[] = [];
  let text = '';
  let index = 0;
  while (index < source.length) {
    const delimiter = DELIMITERS.find(({ open }) => source.startsWith(open, index));
    if (delimiter) {
      const end = source.indexOf(delimiter.close, index + delimiter.open.length);
      if (end < 0) {
        throw new RichTextError(
          `the formula opened with ${delimiter.open} at character ${index + 1} is never closed: add ${delimiter.close} after it`,
        );
      }
      if (text) segments.push({ kind: 'text', text });
      text = '';
      segments.push({
        kind: 'math',
        tex: source.slice(index + delimiter.open.length, end),
        display: delimiter.display,
        raw: source.slice(index, end + delimiter.close.length),
        at: index + 1,
      });
      index = end + delimiter.close.length;
      continue;
    }
    if (source.startsWith('\\)', index)) {
      throw new RichTextError(
        `\\) at character ${index + 1} closes a formula that was never opened: add \\( before the formula`,
      );
    }
    text += source[index];
    index += 1;
  }
  if (text) segments.push({ kind: 'text', text });
  return segments;
}

const MATH_ELEMENT = /<math\b[^>]*>[\s\S]*<\/math>/;
const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Names the <math> element with the formula in words. Browsers leave MathML out of the accessible name of
 * the button or text around it unless the element is named, so without this an option that is a formula
 * is announced as its letter alone.
 */
function withSpokenName(html: string): string {
  return html.replace(MATH_ELEMENT, (math) =>
    math.replace('<math', `<math aria-label="${escapeAttribute(speakMath(math))}"`),
  );
}

/**
 * Renders one formula with KaTeX: its HTML for the eye and MathML, named in words, for screen readers
 * (docs/decisions/054-formulas-for-screen-readers-mathml-named-in-words-katexs.md, "Formulas for screen readers"). `trust` stays off, so \href, \url and
 * \includegraphics are refused; a formula KaTeX cannot parse throws a RichTextError that quotes KaTeX's
 * message.
 */
export function renderFormula(tex: string, display: boolean, at = 1): string {
  if (!tex.trim()) throw new RichTextError(`the formula at character ${at} is empty: write it or remove it`);
  try {
    return withSpokenName(
      katex.renderToString(tex, {
        output: 'htmlAndMathml',
        displayMode: display,
        throwOnError: true,
        trust: false,
        strict: 'ignore',
        maxExpand: 200,
      }),
    );
  } catch (error) {
    if (error instanceof katex.ParseError) {
      const detail = error.message.replace(/^KaTeX parse error: /, '');
      throw new RichTextError(
        `the formula at character ${at} cannot be rendered (${detail}); correct its LaTeX, which must be what KaTeX supports`,
      );
    }
    throw error;
  }
}
