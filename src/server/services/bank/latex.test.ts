import { describe, expect, it } from 'vitest';
import { RichTextError, renderFormula, splitMath } from './latex.ts';
import { renderRichText } from './rich-text.ts';

describe('splitMath', () => {
  it('finds inline \\( \\) and display $$ $$ formulas, and leaves a lone $ as text', () => {
    expect(splitMath('Cost $5: \\(x^2\\) and $$\\frac{1}{2}$$.')).toEqual([
      { kind: 'text', text: 'Cost $5: ' },
      { kind: 'math', tex: 'x^2', display: false, raw: '\\(x^2\\)', at: 10 },
      { kind: 'text', text: ' and ' },
      { kind: 'math', tex: '\\frac{1}{2}', display: true, raw: '$$\\frac{1}{2}$$', at: 22 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('reports a formula that is never closed, and a close with no open, with the character', () => {
    expect(() => splitMath('Find \\(x + 1')).toThrow(
      'the formula opened with \\( at character 6 is never closed: add \\) after it',
    );
    expect(() => splitMath('Area $$\\pi r^2')).toThrow('opened with $$ at character 6 is never closed');
    expect(() => splitMath('x + 1\\) = 2')).toThrow(
      '\\) at character 6 closes a formula that was never opened',
    );
  });
});

describe('renderFormula', () => {
  it('renders KaTeX HTML to see and MathML, named in words, to hear, inline or as a display block', () => {
    const inline = renderFormula('\\frac{3}{4}', false);
    expect(inline).toMatch(/^<span class="katex">/);
    expect(inline).toContain('class="mfrac"');
    expect(inline).toContain('<math aria-label="3 over 4" xmlns="http://www.w3.org/1998/Math/MathML">');
    expect(inline).toContain('<mfrac><mn>3</mn><mn>4</mn></mfrac>');
    expect(inline).toContain('<span class="katex-html" aria-hidden="true">');
    const display = renderFormula('x^2', true);
    expect(display).toMatch(/^<span class="katex-display">/);
    expect(display).toContain(
      '<math aria-label="x squared" xmlns="http://www.w3.org/1998/Math/MathML" display="block">',
    );
  });

  it('escapes the spoken name in its attribute', () => {
    expect(renderFormula('a < \\text{"b" \\& c}', false)).toContain(
      'aria-label="a is less than &quot;b&quot; &amp; c"',
    );
  });

  it('reports a formula KaTeX cannot parse, with where it is and what KaTeX says', () => {
    expect(() => renderFormula('\\frac{1}{2', false, 12)).toThrow(RichTextError);
    expect(() => renderFormula('\\frac{1}{2', false, 12)).toThrow(
      /^the formula at character 12 cannot be rendered \(.*expected '}' at end of input: \\frac\{1\}\{2\); correct its LaTeX/,
    );
    expect(() => renderFormula('\\notacommand{x}', false)).toThrow(
      /Undefined control sequence: \\notacommand/,
    );
    expect(() => renderFormula('  ', false, 3)).toThrow('the formula at character 3 is empty');
  });

  it('refuses links and scripts inside formulas: trust is off', () => {
    const html = renderFormula('\\href{javascript:alert(1)}{x}', false);
    expect(html).not.toContain('href=');
    // The LaTeX stays readable as text in the MathML's annotation, and nowhere else.
    expect(html.replace(/<annotation [^>]*>[^<]*<\/annotation>/, '')).not.toContain('javascript:');
    expect(renderFormula('\\url{https://example.com}', false)).not.toMatch(/<a[\s>]/);
  });
});

describe('renderRichText', () => {
  it('renders each formula in place and keeps the LaTeX in the source', () => {
    const { html, source } = renderRichText('Simplify \\(\\frac{3}{4} - \\frac{1}{6}\\).');
    expect(html).toMatch(/^Simplify <span class="katex">.*<\/span>\.$/s);
    expect(html.match(/class="mfrac"/g)).toHaveLength(2);
    expect(source).toBe('Simplify \\(\\frac{3}{4} - \\frac{1}{6}\\).');
  });

  it('keeps a < inside a formula as LaTeX, not as a tag, in an HTML field', () => {
    const { html, source } = renderRichText('<p>Solve \\(x < 3\\)</p>');
    expect(html).toMatch(/^<p>Solve <span class="katex">.*<\/span><\/p>$/s);
    expect(html).toContain('&lt;');
    expect(source).toBe('<p>Solve \\(x < 3\\)</p>');
  });

  it('keeps the source as written when it is clean, and cleans it when it is not', () => {
    expect(renderRichText('First line<br>Second line').source).toBe('First line<br>Second line');
    expect(renderRichText('<p onclick="x()">Find \\(x\\)</p>').source).toBe('<p>Find \\(x\\)</p>');
  });

  it('treats a field with no markup as plain text', () => {
    expect(renderRichText('  If a<b & b<c, then \\(a < c\\)  ').html).toMatch(
      /^If a&lt;b &amp; b&lt;c, then <span class="katex">/,
    );
  });
});
