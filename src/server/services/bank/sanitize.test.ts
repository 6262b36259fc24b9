import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { renderFormula } from './latex.ts';
import { renderRichText } from './rich-text.ts';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  escapeText,
  looksLikeHtml,
  RENDERED_ALLOWED_ATTRIBUTES,
  RENDERED_ALLOWED_TAGS,
  sanitizeRenderedHtml,
  sanitizeRichHtml,
} from './sanitize.ts';

// Known XSS payloads (OWASP cheat sheet and mutation-XSS classics). Each must come out with no way to run
// code, load a URL or style the page.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<p>hi<script>document.cookie</script></p>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<span onmouseover=alert(1)>hover</span>',
  '<td onfocus="alert(1)" autofocus>cell</td>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="JaVaScRiPt:alert(1)">link</a>',
  '<a href=" &#14;  javascript:alert(1)">link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<span style="position:fixed;top:0;left:0;width:100%;height:100%">cover</span>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg/onload=alert(1)//',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<details open ontoggle=alert(1)>',
  '<style>@import "http://xss.example/x.css";</style>',
  '<link rel=stylesheet href="http://xss.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p class="katex" id="x" data-x="1">attrs</p>',
  '<td colspan="2" onclick="alert(1)" style="color:red">cell</td>',
];

const ALLOWED_TAG =
  /^<\/?(p|br|strong|em|sub|sup|u|ul|ol|li|table|thead|tbody|tr|th|td|span)( (colspan|rowspan)="\d+")* ?\/?>$/;

/** Every tag left is on the allow-list with no attribute but a table span; escaped text holds no tag. */
function assertHarmless(html: string) {
  for (const tag of html.match(/<[^>]*>?/g) ?? []) expect(tag).toMatch(ALLOWED_TAG);
  expect(html).not.toMatch(/<(?![/a-z])/i);
}

describe('sanitizeRichHtml', () => {
  it.each(PAYLOADS)('makes %s harmless', (payload) => {
    assertHarmless(sanitizeRichHtml(payload));
  });

  it.each(PAYLOADS)('makes %s harmless through the import pipeline too', (payload) => {
    const { html, source } = renderRichText(payload);
    assertHarmless(html);
    // What an export writes back imports to the same safe HTML.
    expect(renderRichText(source).html).toBe(html);
    if (html.includes('<')) assertHarmless(source);
  });

  it('keeps the allowed tags and the table spans, and drops the rest with their code', () => {
    expect(
      sanitizeRichHtml(
        '<p>A <strong>bold</strong>, <em>italic</em>, <u>underlined</u> H<sub>2</sub>O and x<sup>2</sup></p>',
      ),
    ).toBe(
      '<p>A <strong>bold</strong>, <em>italic</em>, <u>underlined</u> H<sub>2</sub>O and x<sup>2</sup></p>',
    );
    expect(sanitizeRichHtml('<table><thead><tr><th colspan="2">Head</th></tr></thead></table>')).toBe(
      '<table><thead><tr><th colspan="2">Head</th></tr></thead></table>',
    );
    expect(sanitizeRichHtml('<div>kept text</div><script>alert(1)</script>')).toBe('kept text');
    expect(sanitizeRichHtml('<p style="color:red" onclick="x()">text</p>')).toBe('<p>text</p>');
    expect(sanitizeRichHtml('<a href="javascript:alert(1)">link text</a>')).toBe('link text');
  });

  it('keeps encoded markup as text, never as tags', () => {
    expect(sanitizeRichHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });
});

describe('plain text and HTML', () => {
  it('reads a field as HTML only when it has an allowed tag, a closing tag, a comment or an entity', () => {
    expect(looksLikeHtml('Simplify <em>x</em>')).toBe(true);
    expect(looksLikeHtml('line one<br>line two')).toBe(true);
    expect(looksLikeHtml('<script>alert(1)</script>')).toBe(true);
    expect(looksLikeHtml('Tom &amp; Jerry')).toBe(true);
    expect(looksLikeHtml('If a<b and c>d, then')).toBe(false);
    expect(looksLikeHtml('2x < 10, so x < 5')).toBe(false);
  });

  it('escapes plain text so that nothing in it is lost or run', () => {
    expect(escapeText('If a<b and c>d & e\nthen')).toBe('If a&lt;b and c&gt;d &amp; e<br />then');
    const rendered = renderRichText('<img src=x onerror=alert(1)>');
    expect(rendered.html).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });
});

interface ParsedElement {
  tag: string;
  attributes: Record<string, string>;
}

/** The elements of HTML as the sanitiser's own parser (htmlparser2) reads them, in document order. */
function elementsOf(html: string): ParsedElement[] {
  const elements: ParsedElement[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    nonTextTags: [],
    parseStyleAttributes: false,
    transformTags: {
      '*': (tagName, attribs) => {
        elements.push({ tag: tagName, attributes: { ...attribs } });
        return { tagName, attribs };
      },
    },
  });
  return elements;
}

const isKatexRoot = (element: ParsedElement) =>
  element.tag === 'span' && (element.attributes.class ?? '').split(/\s+/).includes('katex');

/** Wraps an element in the parents it needs to be parsed where it was written (a cell in a row, ...). */
function inContext(tag: string, element: string): string {
  if (tag === 'td' || tag === 'th') return `<table><tbody><tr>${element}</tr></tbody></table>`;
  if (tag === 'tr') return `<table><tbody>${element}</tbody></table>`;
  if (tag === 'thead' || tag === 'tbody') return `<table>${element}</table>`;
  if (tag === 'li') return `<ul>${element}</ul>`;
  if (tag === 'path' || tag === 'line') return `<svg>${element}</svg>`;
  return element;
}

// Formulas written inside an attribute value. Before the formulas were rendered first and sanitised after,
// KaTeX's markup (full of quotes) was pasted into the attribute and broke out of it.
const FORMULAS_IN_ATTRIBUTES = [
  '\\(x" onmouseover="alert(1)\\)',
  '$$x" onmouseover="alert(1)$$',
  '\\(\\href{javascript:alert(1)}{x}\\)',
  '$$\\href{javascript:alert(1)}{x}$$',
  '\\(a > b " c\\)',
  '$$"><img src=x onerror=alert(1)>$$',
];
// A lone $ is text, not a formula: this one ends the attribute where the HTML says it does.
const NOT_A_FORMULA = '$x" onmouseover="alert(1)$';

const ATTRIBUTE_CASES = Object.entries(RENDERED_ALLOWED_ATTRIBUTES).flatMap(([tag, names]) =>
  names.flatMap((name) => [...FORMULAS_IN_ATTRIBUTES, NOT_A_FORMULA].map((value) => ({ tag, name, value }))),
);

describe('formulas and attributes', () => {
  it('covers every attribute that either allow-list keeps', () => {
    const covered = new Set(ATTRIBUTE_CASES.map(({ tag, name }) => `${tag}.${name}`));
    for (const [tag, names] of Object.entries(ALLOWED_ATTRIBUTES)) {
      for (const name of names) expect(covered).toContain(`${tag}.${name}`);
    }
    expect(covered).toContain('td.colspan');
    expect(covered).toContain('span.class');
  });

  it.each(ATTRIBUTE_CASES)(
    'never renders $value inside $tag $name, and renders the formula in the text',
    ({ tag, name, value }) => {
      const input = `${inContext(tag, `<${tag} ${name}="${value}">cell</${tag}>`)}<p>Area \\(\\pi r^2\\)</p>`;
      const { html, source } = renderRichText(input);
      const elements = elementsOf(html);
      for (const element of elements) {
        expect(RENDERED_ALLOWED_TAGS).toContain(element.tag);
        for (const attribute of Object.keys(element.attributes)) {
          expect(RENDERED_ALLOWED_ATTRIBUTES[element.tag] ?? []).toContain(attribute);
        }
      }
      // An element only KaTeX may write (its SVG and MathML) is dropped from the editor's HTML: those left
      // are the formula's own.
      if (!(ALLOWED_TAGS as readonly string[]).includes(tag)) {
        const formulaOnly = elementsOf(renderRichText('<p>Area \\(\\pi r^2\\)</p>').html);
        expect(elements.filter((element) => element.tag === tag)).toEqual(
          formulaOnly.filter((element) => element.tag === tag),
        );
        return;
      }
      // The attribute, when kept, holds the formula as the editor wrote it: LaTeX, never KaTeX's markup.
      // The editor's element comes first; the formula's own spans follow in the paragraph.
      const kept = elements.find((element) => element.tag === tag)?.attributes[name];
      if (kept !== undefined) {
        if (FORMULAS_IN_ATTRIBUTES.includes(value)) expect(kept).toBe(value);
        expect(kept).not.toContain('<span');
      }
      // Only the formula in the text is rendered.
      expect(elements.filter(isKatexRoot)).toHaveLength(1);
      // An export of it imports to the same HTML.
      expect(renderRichText(source).html).toBe(html);
    },
  );

  it('keeps a formula in a table span as LaTeX text, escaped in the attribute', () => {
    const { html } = renderRichText(
      '<table><tr><td colspan="\\(x" onmouseover="alert(1)\\)">cell</td></tr></table>',
    );
    expect(html).toBe(
      '<table><tr><td colspan="\\(x&quot; onmouseover=&quot;alert(1)\\)">cell</td></tr></table>',
    );
  });
});

// Formulas that use every kind of markup KaTeX emits: spans with classes and inline lengths, colours,
// borders, the SVG of roots, arrows, braces and strokes, and the MathML elements and attributes of each.
const KATEX_CORPUS = [
  '\\frac{3}{4} - \\dfrac{1}{6}',
  '\\sqrt{x^2 + 1} + \\sqrt[3]{8}',
  '\\overrightarrow{AB} + \\overleftrightarrow{CD}',
  '\\widehat{xyz} \\widetilde{abc}',
  '\\cancel{x} \\bcancel{y} \\xcancel{z} \\sout{w}',
  '\\boxed{E = mc^2}',
  '\\colorbox{yellow}{x} \\fcolorbox{red}{white}{y}',
  '\\color{#cc0000} x + \\textcolor{blue}{y}',
  '\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}',
  '\\begin{array}{c|c} a & b \\\\ \\hline c & d \\end{array}',
  '|x| = \\begin{cases} x & x \\ge 0 \\\\ -x & x < 0 \\end{cases}',
  '\\overbrace{a + b}^{n} \\underbrace{c + d}_{m}',
  'CH_4 + 2O_2 \\xrightarrow[\\Delta]{\\text{burn}} CO_2',
  '\\left( \\frac{a}{b} \\right)^2 \\Bigg[ x \\Bigg]',
  '\\sum_{i=1}^{n} i = \\int_0^1 x \\, dx',
  '\\lim_{x \\to 0} \\frac{\\sin x}{x}',
  '\\text{mol}\\,\\mathrm{dm}^{-3} \\mathbb{R} \\mathcal{F}',
  '\\rule{1em}{0.4pt} \\boldsymbol{\\alpha} \\vec{F} = m\\vec{a}',
  '\\overline{AB} \\underline{x} \\hat{\\theta}',
  '\\pmb{x} \\raisebox{0.25em}{b} \\smash{q} \\phantom{x} \\vcenter{a} \\mathrlap{y}',
  '\\Huge x \\displaystyle y \\scriptstyle z \\binom{n}{k}',
  '\\begin{aligned} a &= b \\\\[2pt] c &= d \\end{aligned} \\\\ e',
];

/** Elements with their style declarations as a set, since the sanitiser re-spells the style attribute. */
function normalised(html: string) {
  return elementsOf(html).map(({ tag, attributes }) => ({
    tag,
    attributes: Object.fromEntries(
      Object.entries(attributes).map(([name, value]) => [
        name,
        name === 'style'
          ? value
              .split(';')
              .map((declaration) => declaration.replace(/\s+/g, ''))
              .filter(Boolean)
              .sort()
              .join(';')
          : value,
      ]),
    ),
  }));
}

describe('KaTeX output after the final sanitising', () => {
  it.each(KATEX_CORPUS)('keeps every element, class and style of %s', (formula) => {
    for (const display of [false, true]) {
      const katexHtml = renderFormula(formula, display);
      const { html } = renderRichText(display ? `$$${formula}$$` : `\\(${formula}\\)`);
      expect(normalised(html)).toEqual(normalised(katexHtml));
      expect(elementsOf(html).filter(isKatexRoot)).toHaveLength(1);
    }
  });

  it('lets through nothing KaTeX does not emit', () => {
    const cleaned = sanitizeRenderedHtml(
      '<span class="katex modal" style="height:1em;background:url(javascript:alert(1));position:fixed" onclick="x()" aria-hidden="false">a</span>' +
        '<svg xmlns="http://evil.example" onload="alert(1)" width="1em"><use href="#x"></use><script>alert(1)</script><foreignObject><img src=x></foreignObject><path d="M0 0" fill="url(#x)"></path></svg>' +
        '<math xmlns="http://evil.example" href="javascript:alert(1)" onclick="x()"><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml>' +
        '<mglyph src="x.png"></mglyph><maction actiontype="statusline"><mi>x</mi></maction>' +
        '<mi style="position:fixed" class="x" href="https://example.com">y</mi><mstyle style="background:url(x)" mathcolor="red"><mn>1</mn></mstyle></math>',
    );
    // A value KaTeX never writes is emptied (the sanitiser keeps the bare name, which means nothing). MathML
    // keeps no link, handler or style it does not write, and no element that could carry HTML or an image.
    expect(cleaned).toBe(
      '<span class="katex" style="height:1em" aria-hidden>a</span><svg xmlns width="1em"><path d="M0 0"></path></svg>' +
        '<math xmlns><mi>x</mi><mi>y</mi><mstyle mathcolor="red"><mn>1</mn></mstyle></math>',
    );
  });

  it('keeps the MathML of a formula, named in words, for screen readers', () => {
    const { html } = renderRichText('Simplify \\(\\frac{3}{4}\\)');
    expect(html).toContain(
      '<math aria-label="3 over 4" xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mfrac><mn>3</mn><mn>4</mn></mfrac></mrow>' +
        '<annotation encoding="application/x-tex">\\frac{3}{4}</annotation></semantics></math>',
    );
    // The drawn copy is hidden from screen readers, so the formula is read once.
    expect(html).toContain('<span class="katex-html" aria-hidden="true">');
  });
});
