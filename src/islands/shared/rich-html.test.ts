import { describe, expect, it } from 'vitest';
import { deferInlineStyles } from './rich-html.ts';

describe('deferInlineStyles', () => {
  it('moves the inline styles of KaTeX markup to a data attribute', () => {
    const katex =
      '<span class="katex"><span class="strut" style="height:0.8889em;vertical-align:-0.1944em;"></span><span class="mord">x</span></span>';
    expect(deferInlineStyles(katex)).toBe(
      '<span class="katex"><span class="strut" data-inline-style="height:0.8889em;vertical-align:-0.1944em;"></span><span class="mord">x</span></span>',
    );
    expect(deferInlineStyles("<span style='top:-2em'>y</span>")).toBe(
      "<span data-inline-style='top:-2em'>y</span>",
    );
  });

  it('leaves text, and HTML without styles, alone', () => {
    expect(deferInlineStyles('<p>Write style="bold" in the box</p>')).toBe(
      '<p>Write style="bold" in the box</p>',
    );
    expect(deferInlineStyles('<p>plain</p>')).toBe('<p>plain</p>');
  });
});
