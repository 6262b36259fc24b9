import { describe, expect, it } from 'vitest';
import { renderRichText } from './rich-text.ts';
import { escapeText, looksLikeHtml, sanitizeRichHtml } from './sanitize.ts';

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
