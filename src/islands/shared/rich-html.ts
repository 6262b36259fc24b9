/** The attribute that carries a style declaration until the CSSOM applies it. */
export const STYLE_DATA_ATTRIBUTE = 'data-inline-style';

const TAG = /<[a-z][^<>]*>/gi;
const STYLE_ATTRIBUTE = /(\s)style=("[^"]*"|'[^']*')/gi;

/**
 * Renames style attributes inside tags to data attributes. KaTeX positions the parts of a formula with
 * inline styles, which the page's Content-Security-Policy refuses (and reports) when HTML is parsed; set
 * through the CSSOM afterwards, the same declarations are allowed. Text outside tags is left as it is.
 */
export function deferInlineStyles(html: string): string {
  if (!html.includes('style=')) return html;
  return html.replace(TAG, (tag) => tag.replace(STYLE_ATTRIBUTE, `$1${STYLE_DATA_ATTRIBUTE}=$2`));
}
