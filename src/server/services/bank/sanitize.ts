import sanitizeHtml from 'sanitize-html';
import { KATEX_ATTRIBUTES, KATEX_CLASSES, KATEX_STYLES, KATEX_TAGS } from './katex-output.ts';

/** The tags an editor may use in questions, options and explanations (docs/question-bank.md). */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'sub',
  'sup',
  'u',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
] as const;

/** The attributes an editor may use, per tag: table spans only. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

// Tags whose content is code or markup, not text for students: dropped with everything inside them.
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'select',
];

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  // Only table spans: no class, id, style, event handler or URL attribute can get through.
  allowedAttributes: Object.fromEntries(
    Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
};

/**
 * Cleans HTML against the allow-list: no scripts, event handlers, URLs, styles or unknown tags.
 * `attributeValue` rewrites every attribute value the parser finds before the allow-list applies (the
 * rich-text pipeline puts formulas back there as LaTeX, so none is ever rendered inside an attribute).
 */
export function sanitizeRichHtml(html: string, attributeValue?: (value: string) => string): string {
  if (!attributeValue) return sanitizeHtml(html, options);
  return sanitizeHtml(html, {
    ...options,
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(
          Object.entries(attribs).map(([name, value]) => [name, attributeValue(value)]),
        ),
      }),
    },
  });
}

/** The tags the browser may receive: the editor's and those of KaTeX's output. */
export const RENDERED_ALLOWED_TAGS = [...ALLOWED_TAGS, ...KATEX_TAGS] as const;

const RENDERED_ATTRIBUTES: Record<string, sanitizeHtml.AllowedAttribute[]> = Object.fromEntries(
  [...new Set([...Object.keys(ALLOWED_ATTRIBUTES), ...Object.keys(KATEX_ATTRIBUTES)])].map((tag) => [
    tag,
    [...(ALLOWED_ATTRIBUTES[tag] ?? []), ...(KATEX_ATTRIBUTES[tag] ?? [])],
  ]),
);

/** What the browser may receive, per tag: the editor's attributes and those of KaTeX's output. */
export const RENDERED_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(RENDERED_ATTRIBUTES).map(([tag, attributes]) => [
    tag,
    attributes.map((attribute) => (typeof attribute === 'string' ? attribute : attribute.name)),
  ]),
);

const renderedOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedTags: [...RENDERED_ALLOWED_TAGS],
  allowedAttributes: RENDERED_ATTRIBUTES,
  allowedClasses: KATEX_CLASSES,
  allowedStyles: KATEX_STYLES,
  // KaTeX's SVG and MathML are markup to keep, no longer content to drop whole.
  nonTextTags: NON_TEXT_TAGS.filter((tag) => !(KATEX_TAGS as readonly string[]).includes(tag)),
};

/**
 * Cleans the final HTML of a field, formulas rendered, against the allow-list plus KaTeX's output. This is
 * the last step before storage, so what the browser gets is exactly what this pass let through.
 */
export function sanitizeRenderedHtml(html: string): string {
  return sanitizeHtml(html, renderedOptions);
}

// Keeps every tag and attribute: only re-serialises, to compare with the cleaned form.
const keepAll: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  allowedSchemesAppliedToAttributes: [],
  nonTextTags: [],
  parseStyleAttributes: false,
};

/** True when the allow-list would remove nothing from this HTML (spelling such as <br> aside). */
export function isAlreadyClean(html: string): boolean {
  return sanitizeHtml(html, keepAll) === sanitizeRichHtml(html);
}

const ALLOWED_TAG_PATTERN = new RegExp(`</?(?:${ALLOWED_TAGS.join('|')})(?:\\s[^<>]*)?/?>`, 'i');
const MARKUP_PATTERN = /<\/[a-z][a-z0-9-]*\s*>|<!--|&(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+);/i;

/**
 * True when a field is written as HTML rather than plain text: it has an allowed tag, a closing tag, a
 * comment or an entity. Plain text ("if a<b and c>d") is escaped as it is, so nothing in it is lost;
 * HTML is sanitised. Either way the result is safe.
 */
export function looksLikeHtml(text: string): boolean {
  return ALLOWED_TAG_PATTERN.test(text) || MARKUP_PATTERN.test(text);
}

/** Escapes plain text for HTML; line breaks become <br>. */
export function escapeText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(/\r?\n/g, '<br />');
}
