import { describe, expect, it } from 'vitest';
import type { OfflineQuestion } from '../../lib/api/offline.ts';
import { CORE_KATEX_FONT_URLS, fontsToFetch, paperHasMaths } from './maths-fonts.ts';

const FORMULA =
  '<span class="katex"><span class="katex-mathml"><math><mn>2</mn></math></span><span class="katex-html" aria-hidden="true">2</span></span>';

function question(parts: Partial<OfflineQuestion> = {}): OfflineQuestion {
  return {
    _id: 'q1',
    question: '<p>How many sides has a square?</p>',
    questionType: 'text',
    file: null,
    options: [
      { _id: 'a', option: '<p>Four</p>', optionType: 'text', file: null },
      { _id: 'b', option: '<p>Three</p>', optionType: 'text', file: null },
    ],
    answer: 'a',
    explanation: '<p>A square has four.</p>',
    ...parts,
  };
}

describe('paperHasMaths', () => {
  it('is false for a paper whose text holds no KaTeX output, even one that mentions KaTeX', () => {
    expect(paperHasMaths({ questions: [] })).toBe(false);
    expect(
      paperHasMaths({
        questions: [
          question(),
          question({ question: '<p class="katexish">The word katex in class="x"</p>' }),
        ],
      }),
    ).toBe(false);
  });

  it('finds a formula in a question, a passage, an option or an explanation', () => {
    const inOption = question();
    inOption.options = [{ _id: 'a', option: FORMULA, optionType: 'text', file: null }];
    for (const one of [
      question({ question: `<p>Simplify ${FORMULA}</p>` }),
      question({ passage: `<div class="katex-display">${FORMULA}</div>` }),
      inOption,
      question({ explanation: `<p>Since ${FORMULA}</p>` }),
    ]) {
      expect(paperHasMaths({ questions: [question(), one] })).toBe(true);
    }
  });

  it('finds KaTeX among other classes', () => {
    expect(paperHasMaths({ questions: [question({ question: '<span class="big katex">x</span>' })] })).toBe(
      true,
    );
  });
});

describe('fontsToFetch', () => {
  const base = 'https://exams.example/select-year';

  it('gives the absolute URL of each font the cache lacks, once', () => {
    const urls = ['/_astro/KaTeX_Main-Regular.a1.woff2', '/_astro/KaTeX_Math-Italic.b2.woff2'];
    expect(fontsToFetch([...urls, urls[0] ?? ''], [], base)).toEqual([
      'https://exams.example/_astro/KaTeX_Main-Regular.a1.woff2',
      'https://exams.example/_astro/KaTeX_Math-Italic.b2.woff2',
    ]);
    expect(fontsToFetch(urls, ['https://exams.example/_astro/KaTeX_Main-Regular.a1.woff2'], base)).toEqual([
      'https://exams.example/_astro/KaTeX_Math-Italic.b2.woff2',
    ]);
  });

  it('leaves out a font inlined as a data: URL', () => {
    expect(fontsToFetch(['data:font/woff2;base64,AAAA'], [], base)).toEqual([]);
  });
});

describe('CORE_KATEX_FONT_URLS', () => {
  it('names the woff2 file of each core face: Main, Math italic, AMS and the sizes the stylesheet does not inline', () => {
    const names = CORE_KATEX_FONT_URLS.map((url) => /KaTeX_([\w-]+?)(?:\.[\w-]+)?\.woff2$/.exec(url)?.[1]);
    expect(names).toEqual([
      'Main-Regular',
      'Main-Bold',
      'Main-Italic',
      'Math-Italic',
      'AMS-Regular',
      'Size1-Regular',
      'Size2-Regular',
      'Size4-Regular',
    ]);
  });
});
