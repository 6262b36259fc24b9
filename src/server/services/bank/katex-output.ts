import type sanitizeHtml from 'sanitize-html';

// Everything KaTeX's output may hold, for the sanitiser's last pass (sanitize.ts): the classes, inline styles,
// elements and attributes of its HTML, the SVG it draws with, and its MathML. Nothing here is a URL or an
// event handler, so what an editor writes in a formula can reach the page only as escaped text.

/** The classes KaTeX's HTML output uses (its stylesheet's names); `*` ends a prefix. */
const HTML_CLASSES = [
  'katex',
  'katex-*',
  'accent-body',
  'accent-full',
  'accentunder',
  'allowbreak',
  'amsrm',
  'angl',
  'anglpad',
  'arraycolsep',
  'boldsymbol',
  'boxpad',
  'brace-*',
  'cancel-*',
  'cd-*',
  'clap',
  'col-align-*',
  'colorbox',
  'delim-size*',
  'delimcenter',
  'delimsizing',
  'eqn-num',
  'fbox',
  'fcolorbox',
  'fleqn',
  'fontsize-ensurer',
  'frac-line',
  'halfarrow-*',
  'hide-tail',
  'large-op',
  'leqno',
  'llap',
  'mainrm',
  'math*',
  'mbin',
  'mclose',
  'mfrac',
  'minner',
  'mop',
  'mopen',
  'mord',
  'mover',
  'mpunct',
  'mrel',
  'mspace',
  'msupsub',
  'mtable',
  'mtight',
  'mtr-glue',
  'mult',
  'munder',
  'nobreak',
  'nulldelimiter',
  'op-limits',
  'op-symbol',
  'overline-line',
  'pstrut',
  'reflectbox',
  'reset-size*',
  'rlap',
  'size*',
  'small-op',
  'sqrt',
  'svg-align',
  'text*',
  'underline-line',
  'vertical-separator',
  'vlist*',
  'x-arrow*',
];

// KaTeX positions every part with inline lengths, and colours come from \color and \colorbox, whose
// argument KaTeX accepts only as a name or a hex code. Nothing else (no url(), no expression) passes.
const NUMBER = String.raw`-?(?:\d+(?:\.\d*)?|\.\d+)(?:em|ex|px|pt|mu|%)?`;
const LENGTH = new RegExp(`^${NUMBER}$`);
/** One to four lengths: margin and text-shadow. */
const LENGTHS = new RegExp(`^${NUMBER}(?:\\s+${NUMBER}){0,3}$`);
const COLOR_VALUE = '(?:#[0-9a-f]{3,8}|[a-z]+)';
const COLOR = new RegExp(`^${COLOR_VALUE}$`, 'i');
const BORDER_STYLE = /^(?:solid|dashed)$/;
const each = (names: string[], patterns: RegExp[]) =>
  Object.fromEntries(names.map((name) => [name, patterns]));
const HTML_STYLES: Record<string, RegExp[]> = {
  ...each(
    [
      'height',
      'width',
      'min-width',
      'top',
      'left',
      'bottom',
      'vertical-align',
      'margin-left',
      'margin-right',
      'padding-left',
      'border-width',
      'border-top-width',
      'border-right-width',
      'border-bottom-width',
      'border-left-width',
    ],
    [LENGTH],
  ),
  ...each(['margin', 'text-shadow'], [LENGTHS]),
  ...each(['color', 'background-color', 'border-color'], [COLOR]),
  ...each(
    ['border-style', 'border-top-style', 'border-right-style', 'border-bottom-style', 'border-left-style'],
    [BORDER_STYLE],
  ),
  position: [/^relative$/],
};

/** A frame in MathML: \\fcolorbox's `border: 0.04em solid red`. */
const BORDER = new RegExp(`^${NUMBER}\\s+solid\\s+${COLOR_VALUE}$`, 'i');

// KaTeX's HTML: its spans, and the SVG it draws roots, arrows, braces and strokes with. (The parser
// lower-cases viewBox; browsers restore it.)
const HTML_ATTRIBUTES: Record<string, sanitizeHtml.AllowedAttribute[]> = {
  span: ['class', 'style', { name: 'aria-hidden', values: ['true'], multiple: false }],
  svg: [
    { name: 'xmlns', values: ['http://www.w3.org/2000/svg'], multiple: false },
    'width',
    'height',
    'style',
    'viewbox',
    'preserveaspectratio',
  ],
  path: ['d'],
  line: ['x1', 'y1', 'x2', 'y2', 'stroke-width'],
};

// KaTeX's MathML, which screen readers read (latex.ts names the <math> element in words). These are the
// elements and presentation attributes its source writes; <mglyph> (\includegraphics) and href (\href)
// come only with `trust`, which latex.ts leaves off, and <annotation-xml> is never written, so no element
// can carry HTML or a link. The one annotation holds the LaTeX as text.
const MATHML_ATTRIBUTES: Record<string, sanitizeHtml.AllowedAttribute[]> = {
  math: [
    { name: 'xmlns', values: ['http://www.w3.org/1998/Math/MathML'], multiple: false },
    { name: 'display', values: ['block'], multiple: false },
    'aria-label',
  ],
  semantics: [],
  annotation: [{ name: 'encoding', values: ['application/x-tex'], multiple: false }],
  mrow: [],
  mi: ['mathvariant'],
  mn: ['mathvariant'],
  mtext: ['mathvariant'],
  mo: [
    'fence',
    'stretchy',
    'separator',
    'lspace',
    'rspace',
    'minsize',
    'maxsize',
    'largeop',
    'mathvariant',
    'mathcolor',
  ],
  mspace: ['width', 'height', 'depth', 'linebreak', 'mathbackground'],
  mpadded: ['class', 'style', 'width', 'height', 'depth', 'lspace', 'voffset', 'mathbackground'],
  mphantom: [],
  menclose: ['notation', 'style', 'mathbackground'],
  mstyle: ['style', 'mathcolor', 'mathsize', 'displaystyle', 'scriptlevel'],
  mfrac: ['linethickness'],
  msqrt: [],
  mroot: [],
  msub: [],
  msup: [],
  msubsup: [],
  mover: ['accent'],
  munder: ['accentunder'],
  munderover: [],
  mtable: ['columnalign', 'columnlines', 'columnspacing', 'rowlines', 'rowspacing', 'width'],
  mtr: [],
  mtd: ['class', 'width'],
};

/** The attributes KaTeX's output uses, per element. */
export const KATEX_ATTRIBUTES: Record<string, sanitizeHtml.AllowedAttribute[]> = {
  ...HTML_ATTRIBUTES,
  ...MATHML_ATTRIBUTES,
};

/** The elements of KaTeX's output that an editor's HTML may not hold: its SVG and MathML. */
export const KATEX_TAGS = ['svg', 'path', 'line', ...Object.keys(MATHML_ATTRIBUTES)] as const;

/** The classes KaTeX's output uses, per element. */
export const KATEX_CLASSES: Record<string, string[]> = {
  span: HTML_CLASSES,
  mpadded: ['vcenter'],
  mtd: ['mtr-glue', 'mml-eqn-num'],
};

/** The inline styles KaTeX's output uses, per element: lengths and colours only. */
export const KATEX_STYLES: Record<string, Record<string, RegExp[]>> = {
  span: HTML_STYLES,
  svg: HTML_STYLES,
  // \fcolorbox draws its frame with a border, \pmb its bold with a shadow.
  mpadded: { border: [BORDER] },
  menclose: { border: [BORDER] },
  mstyle: { 'text-shadow': [LENGTHS] },
};
