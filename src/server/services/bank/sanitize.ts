import sanitizeHtml from 'sanitize-html';

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

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  // Only table spans: no class, id, style, event handler or URL attribute can get through.
  allowedAttributes: { th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Tags whose content is code or markup, not text for students: dropped with everything inside them.
  nonTextTags: [
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
  ],
};

/** Cleans HTML against the allow-list: no scripts, event handlers, URLs, styles or unknown tags. */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, options);
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
