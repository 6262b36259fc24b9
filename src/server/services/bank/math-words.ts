// The words the formula reader (math-speech.ts) uses: plain English, as a teacher reads a formula aloud.

/** What each operator KaTeX writes in <mo> is called; one missing is read as the symbol. */
export const OPERATORS: Record<string, string> = {
  '+': 'plus',
  '−': 'minus',
  '-': 'minus',
  '×': 'times',
  '⋅': 'times',
  '·': 'times',
  '*': 'times',
  '∗': 'times',
  '÷': 'divided by',
  '/': 'over',
  '=': 'equals',
  '≠': 'is not equal to',
  '<': 'is less than',
  '>': 'is greater than',
  '≤': 'is less than or equal to',
  '≥': 'is greater than or equal to',
  '≈': 'is approximately equal to',
  '≡': 'is identical to',
  '±': 'plus or minus',
  '∓': 'minus or plus',
  '∝': 'is proportional to',
  '∼': 'is similar to',
  '≅': 'is congruent to',
  '∥': 'is parallel to',
  '⊥': 'is perpendicular to',
  '∠': 'angle',
  '△': 'triangle',
  '∘': 'composed with',
  '°': 'degrees',
  '%': 'percent',
  '!': 'factorial',
  ':': 'to',
  '∩': 'intersection',
  '∪': 'union',
  '∈': 'is in',
  '∉': 'is not in',
  '⊂': 'is a subset of',
  '⊆': 'is a subset of or equal to',
  '∴': 'therefore',
  '∵': 'because',
  '⇒': 'implies',
  '⟹': 'implies',
  '⇔': 'if and only if',
  '→': 'right arrow',
  '⟶': 'right arrow',
  '←': 'left arrow',
  '⇌': 'is in equilibrium with',
  '…': 'dot dot dot',
  '⋯': 'dot dot dot',
  '(': 'open bracket',
  ')': 'close bracket',
  '[': 'open square bracket',
  ']': 'close square bracket',
  '{': 'open brace',
  '}': 'close brace',
  '|': 'vertical bar',
  '∣': 'vertical bar',
  '′': 'prime',
  '∫': 'the integral of',
  '∑': 'the sum of',
  '∏': 'the product of',
  // Function application and invisible times: nothing to say.
  '\u2061': '',
  '\u2062': '',
  '\u2063': '',
};

// From alpha (U+03B1) and capital alpha (U+0391) on, in Unicode's order (final sigma is a sigma).
const GREEK =
  'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma sigma tau upsilon phi chi psi omega'.split(
    ' ',
  );
/** Letters and symbols KaTeX writes in <mi> that a reader may not name. */
export const IDENTIFIERS: Record<string, string> = {
  '∞': 'infinity',
  '∅': 'the empty set',
  ϕ: 'phi',
  ϵ: 'epsilon',
  ϑ: 'theta',
  ...Object.fromEntries(GREEK.map((name, index) => [String.fromCodePoint(0x3b1 + index), name])),
  ...Object.fromEntries(GREEK.map((name, index) => [String.fromCodePoint(0x391 + index), `capital ${name}`])),
};
/** Exponents said as one word: x squared, 45 degrees. */
export const POWERS: Record<string, string> = {
  '2': 'squared',
  '3': 'cubed',
  '∘': 'degrees',
  '°': 'degrees',
  '′': 'prime',
};
/** Marks above a letter, said after it: x bar, theta hat. */
export const ACCENTS: Record<string, string> = {
  '‾': 'bar',
  '¯': 'bar',
  '^': 'hat',
  ˆ: 'hat',
  '~': 'tilde',
  '˜': 'tilde',
  '˙': 'dot',
};
/** An arrow above a letter makes it a vector. */
export const VECTOR_ARROWS = new Set(['→', '⃗', '⟶']);
/** Operators said with their limits: the integral from 1 to 2 of. */
export const BIG_OPERATORS: Record<string, string> = {
  '∫': 'the integral',
  '∑': 'the sum',
  '∏': 'the product',
};
