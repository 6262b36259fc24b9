// What a screen reader says for a formula. A button takes its accessible name from its text, but browsers
// leave a <math> element out of that name unless the element is named itself, so an option holding only a
// formula was announced as its letter. KaTeX writes no speech, and the speech rule engine MathJax uses took
// 30 to 60 ms a formula here, about a minute for the 1,100 formulas of the 840-question sample bank. This
// reads the small, regular MathML vocabulary KaTeX emits in plain English; anything it has no rule for is
// read token by token, as a browser would.

import { ACCENTS, BIG_OPERATORS, IDENTIFIERS, OPERATORS, POWERS, VECTOR_ARROWS } from './math-words.ts';

/** An element of KaTeX's MathML, or a run of its text. */
type MathNode = { tag: string; attributes: Record<string, string>; children: MathNode[] } | string;
type MathElement = Exclude<MathNode, string>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27);/g, (_, name: string) => ENTITIES[name] ?? '');

// KaTeX's MathML is machine-written (double-quoted attributes, escaped text, no comments or CDATA; only
// <mspace/> closes itself), so a tokenizer reads it exactly; it never sees an editor's HTML.
const TOKEN = /<(\/?)([a-z]+)((?:\s+[a-z-]+\s*=\s*"[^"]*")*)\s*(\/?)>|([^<]+)/g;
const ATTRIBUTE = /([a-z-]+)\s*=\s*"([^"]*)"/g;

function parse(markup: string): MathNode[] {
  const root: MathElement = { tag: '', attributes: {}, children: [] };
  const open = [root];
  for (const [, closing, tag, attributes = '', selfClosing, text] of markup.matchAll(TOKEN)) {
    const parent = open.at(-1) ?? root;
    if (text !== undefined) parent.children.push(decode(text));
    else if (closing) open.length = Math.max(1, open.length - 1);
    else if (tag) {
      const element: MathElement = {
        tag,
        attributes: Object.fromEntries(
          [...attributes.matchAll(ATTRIBUTE)].map(([, n, v = '']) => [n, decode(v)]),
        ),
        children: [],
      };
      parent.children.push(element);
      if (!selfClosing) open.push(element);
    }
  }
  return root.children;
}

const CLOSING = new Set([')', ']', '}', '|']);
const WRAPPERS = new Set(['math', 'mrow', 'mstyle', 'mpadded', 'menclose', 'mtd']);

const textOf = (node: MathNode | undefined): string =>
  node === undefined ? '' : typeof node === 'string' ? node : node.children.map(textOf).join('');
/** The characters of a node without spaces and invisible operators, to compare with a symbol. */
const symbolOf = (node: MathNode | undefined) => textOf(node).replace(/[\s\u2061-\u2063]/g, '');
const elements = (node: MathElement) => node.children.filter((child) => typeof child !== 'string');
const join = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** The element a wrapper of one child stands for (KaTeX nests single items in mrow). */
function unwrap(node: MathNode | undefined): MathNode | undefined {
  if (node === undefined || typeof node === 'string' || !WRAPPERS.has(node.tag)) return node;
  const inner = elements(node);
  return inner.length === 1 ? unwrap(inner[0]) : node;
}

/** One token (a number, a letter, a word), with a minus sign before it at most. */
function isSimple(node: MathNode | undefined): boolean {
  const item = unwrap(node);
  if (item === undefined || typeof item === 'string') return true;
  if (['mi', 'mn', 'mtext'].includes(item.tag)) return true;
  const [sign, value, ...rest] = elements(item);
  return item.tag === 'mrow' && rest.length === 0 && /^[−-]$/.test(symbolOf(sign)) && isSimple(value);
}

const isTag = (node: MathNode | undefined, tag: string) => typeof node !== 'string' && node?.tag === tag;

/** A fraction of two numbers right after a number: the fraction part of a mixed number (2 and 1 over 3). */
const isMixedNumber = (before: MathNode | undefined, item: MathNode) =>
  isTag(before, 'mn') &&
  isTag(item, 'mfrac') &&
  typeof item !== 'string' &&
  elements(item).every((part) => isTag(unwrap(part), 'mn'));

/** Speaks the children in order; a minus that starts a term is a sign ("negative"). */
function sequence(children: MathNode[]): string {
  const items = children.filter((child) => typeof child !== 'string');
  return join(
    ...items.map((item, index) => {
      const before = unwrap(items[index - 1]);
      const startsTerm = !before || (isTag(before, 'mo') && !CLOSING.has(symbolOf(before)));
      if (startsTerm && /^[−-]$/.test(symbolOf(item))) return 'negative';
      return isMixedNumber(before, item) ? join('and', speakNode(item)) : speakNode(item);
    }),
  );
}

function power(base: string, exponent: MathNode | undefined): string {
  const named = POWERS[symbolOf(exponent)];
  if (named) return join(base, named);
  return isSimple(exponent)
    ? join(base, 'to the power', speakNode(exponent))
    : join(base, 'to the power', `${speakNode(exponent)},`, 'end power');
}

function subscript(baseNode: MathNode | undefined, sub: MathNode | undefined): string {
  const base = unwrap(baseNode);
  // A subscript on a number is its base (101101₂); on log it is the logarithm's base.
  if (symbolOf(base) === 'log') return join('log base', speakNode(sub), 'of');
  if (symbolOf(base) === 'lim') return limit(sub);
  return join(speakNode(baseNode), isTag(base, 'mn') ? 'base' : 'sub', speakNode(sub));
}

/** lim under its condition: the limit as x approaches 0 of. */
function limit(condition: MathNode | undefined): string {
  return join('the limit as', speakNode(condition).replaceAll('right arrow', 'approaches'), 'of');
}

/** ∫, ∑ and ∏ with their limits, or null when the base is not one of them. */
function bigOperator(base: MathNode | undefined, lower?: MathNode, upper?: MathNode): string | null {
  const name = BIG_OPERATORS[symbolOf(base)];
  if (!name) return null;
  return join(name, lower ? `from ${speakNode(lower)}` : '', upper ? `to ${speakNode(upper)}` : '', 'of');
}

function fraction(node: MathElement): string {
  const [numerator, denominator] = elements(node);
  if (/^0(?:px|em)?$/.test(node.attributes.linethickness ?? '')) {
    return join(speakNode(numerator), 'choose', speakNode(denominator));
  }
  if (isSimple(numerator) && isSimple(denominator)) {
    return join(speakNode(numerator), 'over', speakNode(denominator));
  }
  return `the fraction with numerator ${speakNode(numerator)} and denominator ${speakNode(denominator)}, end fraction`;
}

function accent(node: MathElement): string {
  const [base, mark] = elements(node);
  const symbol = symbolOf(mark);
  if (VECTOR_ARROWS.has(symbol)) return join('vector', speakNode(base));
  const name = ACCENTS[symbol];
  return name ? join(speakNode(base), name) : join(speakNode(base), 'with', speakNode(mark), 'above');
}

/** A root of one token, or of an expression closed with "end root" so that what follows is not under it. */
function root(name: string, radicand: MathNode): string {
  const spoken = speakNode(radicand);
  return isSimple(radicand) ? join(name, spoken) : join(name, `${spoken},`, 'end root');
}

function table(node: MathElement): string {
  const rows = elements(node).map((row, index) => {
    const cells = row.children.filter((cell) => typeof cell !== 'string').map(speakNode);
    return `row ${index + 1}: ${cells.join(', ')}`;
  });
  return rows.join('; ');
}

function speakNode(node: MathNode | undefined): string {
  if (node === undefined || typeof node === 'string') return '';
  const [first, second, third] = elements(node);
  const text = textOf(node)
    .replace(/[\u2061-\u2063]/g, '')
    .replaceAll('\u00a0', ' ')
    .trim();
  switch (node.tag) {
    case 'mi':
      return IDENTIFIERS[text] ?? OPERATORS[text] ?? text;
    case 'mn':
    case 'mtext':
      return text;
    case 'mo':
      return OPERATORS[text] ?? text;
    case 'semantics':
      return speakNode(first);
    case 'annotation':
    case 'mphantom':
    case 'mspace':
      return '';
    case 'msup':
      return bigOperator(first, undefined, second) ?? power(speakNode(first), second);
    case 'msub':
      return bigOperator(first, second) ?? subscript(first, second);
    case 'msubsup':
    case 'munderover':
      return bigOperator(first, second, third) ?? power(subscript(first, second), third);
    case 'munder':
      if (symbolOf(first) === 'lim') return limit(second);
      return bigOperator(first, second) ?? join(speakNode(first), 'with', speakNode(second), 'below');
    case 'mover':
      return bigOperator(first, undefined, second) ?? accent(node);
    case 'mfrac':
      return fraction(node);
    case 'msqrt':
      return root('the square root of', { tag: 'mrow', attributes: {}, children: node.children });
    case 'mroot':
      return root(
        symbolOf(second) === '3' ? 'the cube root of' : `the root of index ${speakNode(second)} of`,
        first ?? '',
      );
    case 'mtable':
      return table(node);
    default:
      return sequence(node.children);
  }
}

/** The words for a formula, from the MathML KaTeX rendered it to (one <math> element). */
export function speakMath(mathml: string): string {
  return sequence(parse(mathml))
    .replace(/\s+/g, ' ')
    .replace(/ ([,;])/g, '$1')
    .replace(/,+/g, ',')
    .replace(/,$/, '')
    .trim();
}
