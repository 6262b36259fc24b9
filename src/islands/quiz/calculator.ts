/**
 * The on-screen calculator's logic: a tiny evaluator for + − × ÷ with the usual precedence (no eval, no
 * Function), and the key-by-key input rules of a pocket calculator.
 */

export type Operator = '+' | '−' | '×' | '÷';

/** A key of the calculator. */
export type CalculatorKey =
  | { kind: 'digit'; digit: string }
  | { kind: 'point' }
  | { kind: 'operator'; operator: Operator }
  | { kind: 'equals' }
  | { kind: 'clear' }
  | { kind: 'backspace' };

/** Thrown for an expression that cannot be worked out: a syntax slip or a division by zero. */
export class CalculatorError extends Error {
  override name = 'CalculatorError';
}

const OPERATOR_ALIASES: Record<string, Operator> = {
  '+': '+',
  '-': '−',
  '−': '−',
  '*': '×',
  '×': '×',
  x: '×',
  '/': '÷',
  '÷': '÷',
};

type Token = { kind: 'number'; value: number } | { kind: 'operator'; operator: Operator };

/** Splits an expression into numbers and operators; spaces are ignored. */
export function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < expression.length) {
    const char = expression.charAt(index);
    if (char === ' ') {
      index += 1;
      continue;
    }
    const operator = OPERATOR_ALIASES[char];
    if (operator) {
      tokens.push({ kind: 'operator', operator });
      index += 1;
      continue;
    }
    const match = /^(?:\d+\.?\d*|\.\d+)/.exec(expression.slice(index));
    if (!match) throw new CalculatorError(`Unexpected "${char}"`);
    tokens.push({ kind: 'number', value: Number(match[0]) });
    index += match[0].length;
  }
  return tokens;
}

/**
 * Works out an expression of numbers and + − × ÷, × and ÷ before + and −, left to right, with a leading
 * minus allowed on any number ("5×−2").
 */
export function evaluate(expression: string): number {
  const tokens = tokenize(expression);
  let position = 0;

  function factor(): number {
    const token = tokens[position];
    if (token?.kind === 'operator' && token.operator === '−') {
      position += 1;
      return -factor();
    }
    if (token?.kind !== 'number') throw new CalculatorError('A number is missing');
    position += 1;
    return token.value;
  }

  function term(): number {
    let value = factor();
    for (let token = tokens[position]; token?.kind === 'operator'; token = tokens[position]) {
      if (token.operator !== '×' && token.operator !== '÷') break;
      position += 1;
      const right = factor();
      if (token.operator === '÷' && right === 0) throw new CalculatorError('Cannot divide by zero');
      value = token.operator === '×' ? value * right : value / right;
    }
    return value;
  }

  function sum(): number {
    let value = term();
    for (let token = tokens[position]; token?.kind === 'operator'; token = tokens[position]) {
      position += 1;
      const right = term();
      value = token.operator === '+' ? value + right : value - right;
    }
    return value;
  }

  if (tokens.length === 0) return 0;
  const value = sum();
  if (position < tokens.length) throw new CalculatorError('Unexpected input');
  if (!Number.isFinite(value)) throw new CalculatorError('Out of range');
  return value;
}

/** A result for the display: 12 significant digits, so 0.1 + 0.2 shows 0.3; a minus as "−". */
export function formatNumber(value: number): string {
  const rounded = Number(value.toPrecision(12));
  return String(Object.is(rounded, -0) ? 0 : rounded).replace('-', '−');
}

/** What the calculator holds between key presses. */
export interface CalculatorState {
  expression: string;
  /** The expression is the result of the last '=': a digit starts afresh, an operator carries on from it. */
  evaluated: boolean;
  error: boolean;
}

export const initialCalculator: CalculatorState = { expression: '', evaluated: false, error: false };

const isOperatorChar = (char: string | undefined) =>
  char === '+' || char === '−' || char === '×' || char === '÷';

/** The number being typed at the end of the expression. */
function lastNumber(expression: string): string {
  return /[\d.]*$/.exec(expression)?.[0] ?? '';
}

/** Applies one key press. */
export function press(state: CalculatorState, key: CalculatorKey): CalculatorState {
  const fresh = state.evaluated || state.error;
  switch (key.kind) {
    case 'clear':
      return initialCalculator;
    case 'backspace':
      if (state.error) return initialCalculator;
      return { expression: state.expression.slice(0, -1), evaluated: false, error: false };
    case 'digit': {
      const base = fresh ? '' : state.expression;
      // A number never starts with two zeros.
      const expression =
        lastNumber(base) === '0' ? `${base.slice(0, -1)}${key.digit}` : `${base}${key.digit}`;
      return { expression, evaluated: false, error: false };
    }
    case 'point': {
      const base = fresh ? '' : state.expression;
      if (lastNumber(base).includes('.')) return state;
      return { expression: `${base}${lastNumber(base) === '' ? '0' : ''}.`, evaluated: false, error: false };
    }
    case 'operator': {
      if (state.error) return state;
      let base = state.expression;
      if (base === '' || base === '−') {
        return key.operator === '−' ? { expression: '−', evaluated: false, error: false } : state;
      }
      const last = base.charAt(base.length - 1);
      // "5×" then "−" starts a negative number; any other operator after an operator replaces it.
      if (key.operator === '−' && (last === '×' || last === '÷')) {
        return { expression: `${base}−`, evaluated: false, error: false };
      }
      while (isOperatorChar(base.charAt(base.length - 1))) base = base.slice(0, -1);
      return { expression: `${base}${key.operator}`, evaluated: false, error: false };
    }
    case 'equals': {
      if (state.expression === '' || state.error) return state;
      try {
        return { expression: formatNumber(evaluate(state.expression)), evaluated: true, error: false };
      } catch {
        return { expression: state.expression, evaluated: false, error: true };
      }
    }
  }
}

/** The display: the expression, '0' when empty, 'Error' after a failed '='. */
export function display(state: CalculatorState): string {
  if (state.error) return 'Error';
  return state.expression === '' ? '0' : state.expression;
}

/** A button of the on-screen calculator: what it shows, the name a screen reader says, what it presses. */
export interface KeypadButton {
  label: string;
  name: string;
  key: CalculatorKey;
}

const digitButton = (digit: string): KeypadButton => ({
  label: digit,
  name: digit,
  key: { kind: 'digit', digit },
});
const operatorButton = (operator: Operator, name: string): KeypadButton => ({
  label: operator,
  name,
  key: { kind: 'operator', operator },
});

/** Clear and delete, beside the display. */
export const EDIT_BUTTONS: readonly KeypadButton[] = [
  { label: 'C', name: 'clear', key: { kind: 'clear' } },
  { label: '⌫', name: 'delete', key: { kind: 'backspace' } },
];

/** The keypad row by row, as on a pocket calculator: 7 8 9 at the top, 0 . = at the bottom, operators on the right. */
export const KEYPAD_ROWS: readonly (readonly KeypadButton[])[] = [
  [digitButton('7'), digitButton('8'), digitButton('9'), operatorButton('÷', 'divide')],
  [digitButton('4'), digitButton('5'), digitButton('6'), operatorButton('×', 'multiply')],
  [digitButton('1'), digitButton('2'), digitButton('3'), operatorButton('−', 'minus')],
  [
    digitButton('0'),
    { label: '.', name: 'decimal point', key: { kind: 'point' } },
    { label: '=', name: 'equals', key: { kind: 'equals' } },
    operatorButton('+', 'plus'),
  ],
];

/** The calculator key for a key on a physical keyboard, if it has one. */
export function keyFromKeyboard(key: string): CalculatorKey | undefined {
  if (/^\d$/.test(key)) return { kind: 'digit', digit: key };
  if (key === '.' || key === ',') return { kind: 'point' };
  if (key === '=' || key === 'Enter') return { kind: 'equals' };
  if (key === 'Backspace') return { kind: 'backspace' };
  if (key === 'Delete' || key === 'c' || key === 'C') return { kind: 'clear' };
  const operator = OPERATOR_ALIASES[key];
  return operator ? { kind: 'operator', operator } : undefined;
}
