import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { speakMath } from './math-speech.ts';

const spoken = (tex: string) => speakMath(katex.renderToString(tex, { output: 'mathml', strict: 'ignore' }));

describe('speakMath', () => {
  it.each([
    ['\\frac{3}{4}', '3 over 4'],
    ['x^2 + y^3', 'x squared plus y cubed'],
    ['\\sqrt{16}', 'the square root of 16'],
    ['x_1', 'x sub 1'],
    ['4.56 \\times 10^{-4}', '4.56 times 10 to the power negative 4'],
    ['2\\frac{1}{3}', '2 and 1 over 3'],
    [
      't = \\dfrac{v - u}{a}',
      't equals the fraction with numerator v minus u and denominator a, end fraction',
    ],
    ['\\sqrt{5^2 - 3^2} = 4', 'the square root of 5 squared minus 3 squared, end root equals 4'],
    ['27^{\\frac{2}{3}} \\div 3', '27 to the power 2 over 3, end power divided by 3'],
    ['\\sqrt[3]{8}', 'the cube root of 8'],
    ['\\dfrac{x - 1}{3} + 2', 'the fraction with numerator x minus 1 and denominator 3, end fraction plus 2'],
    ['101101_2', '101101 base 2'],
    ['\\log_{10} 100 = 2', 'log base 10 of 100 equals 2'],
    ['x = -3', 'x equals negative 3'],
    ['3 + (-2) = 1', '3 plus open bracket negative 2 close bracket equals 1'],
    ['\\angle ABC = 90^\\circ', 'angle A B C equals 90 degrees'],
    ['\\pi r^2 \\leq 25\\%', 'pi r squared is less than or equal to 25 percent'],
    ['\\Delta H < 0', 'capital delta H is less than 0'],
    ['5\\ \\text{m s}^{-1}', '5 m s to the power negative 1'],
    [
      '\\text{N}_2 + 3\\text{H}_2 \\rightleftharpoons 2\\text{NH}_3',
      'N sub 2 plus 3 H sub 2 is in equilibrium with 2 NH sub 3',
    ],
    [
      '\\displaystyle\\int_1^2 (2x + 1)\\,dx',
      'the integral from 1 to 2 of open bracket 2 x plus 1 close bracket d x',
    ],
    ['\\sum_{i=1}^{n} i', 'the sum from i equals 1 to n of i'],
    ['\\lim_{x \\to 0} x', 'the limit as x approaches 0 of x'],
    ['\\displaystyle\\lim_{x \\to 0} x', 'the limit as x approaches 0 of x'],
    [
      '\\begin{pmatrix} 3 & -2 \\\\ 4 & 1 \\end{pmatrix}',
      'open bracket row 1: 3, negative 2; row 2: 4, 1 close bracket',
    ],
    ['\\binom{n}{k}', 'open bracket n choose k close bracket'],
    ['\\overline{AB} + \\vec{F}', 'A B bar plus vector F'],
    ['x = 6,\\ y = 4', 'x equals 6, y equals 4'],
    ['\\quad a \\; b \\! c \\hspace{1em} d', 'a b c d'],
  ])('reads %s as "%s"', (tex, words) => {
    expect(spoken(tex)).toBe(words);
  });

  it('reads a symbol it has no word for as the symbol, and never reads the LaTeX', () => {
    expect(spoken('a \\star b')).toBe('a ⋆ b');
    expect(spoken('\\frac{1}{2}')).not.toContain('frac');
  });
});
