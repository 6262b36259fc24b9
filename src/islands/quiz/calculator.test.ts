import { describe, expect, it } from 'vitest';
import {
  type CalculatorKey,
  type CalculatorState,
  display,
  EDIT_BUTTONS,
  evaluate,
  formatNumber,
  initialCalculator,
  KEYPAD_ROWS,
  keyFromKeyboard,
  press,
} from './calculator.ts';

/** Presses keys given as a string of keyboard keys ("12+3="), returning the display. */
function type(keys: string[], from: CalculatorState = initialCalculator) {
  let state = from;
  for (const key of keys) {
    const mapped: CalculatorKey | undefined = keyFromKeyboard(key);
    if (!mapped) throw new Error(`no key ${key}`);
    state = press(state, mapped);
  }
  return state;
}
const keys = (text: string) =>
  [...text].map((char) => (char === 'E' ? 'Enter' : char === 'B' ? 'Backspace' : char));

describe('evaluate', () => {
  it('does × and ÷ before + and −, left to right', () => {
    expect(evaluate('2+3×4')).toBe(14);
    expect(evaluate('10−4−3')).toBe(3);
    expect(evaluate('8÷4÷2')).toBe(1);
    expect(evaluate('2×3+8÷4−1')).toBe(7);
    expect(evaluate('1.5×4')).toBe(6);
    expect(evaluate('.5+.25')).toBe(0.75);
  });

  it('accepts ASCII operators and a leading minus on a number', () => {
    expect(evaluate('6*7')).toBe(42);
    expect(evaluate('9/3-1')).toBe(2);
    expect(evaluate('−5+2')).toBe(-3);
    expect(evaluate('5×−2')).toBe(-10);
    expect(evaluate('')).toBe(0);
  });

  it('refuses a division by zero and broken input, never running code', () => {
    expect(() => evaluate('1÷0')).toThrow('Cannot divide by zero');
    expect(() => evaluate('2+')).toThrow();
    expect(() => evaluate('×3')).toThrow();
    expect(() => evaluate('1..2')).toThrow();
    expect(() => evaluate('alert(1)')).toThrow('Unexpected "a"');
    expect(() => evaluate('1e308×10')).toThrow();
  });

  it('shows results to 12 significant digits', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(2 / 3)).toBe('0.666666666667');
    expect(formatNumber(-4)).toBe('−4');
  });
});

describe('the keys', () => {
  it('types, works out and carries on from a result', () => {
    let state = type(keys('12+3×2E'));
    expect(display(state)).toBe('18');
    state = type(keys('÷4E'), state);
    expect(display(state)).toBe('4.5');
    state = type(keys('7'), state);
    expect(display(state)).toBe('7');
  });

  it('replaces an operator typed twice, but lets − start a negative number after × or ÷', () => {
    expect(display(type(keys('5+×')))).toBe('5×');
    expect(display(type(keys('5×−2E')))).toBe('−10');
    expect(display(type(keys('−3+1E')))).toBe('−2');
    expect(display(type(keys('×')))).toBe('0');
  });

  it('allows one decimal point per number and writes 0. for a bare point', () => {
    expect(display(type(keys('.5.2')))).toBe('0.52');
    expect(display(type(keys('1.5+.')))).toBe('1.5+0.');
    expect(display(type(keys('00')))).toBe('0');
  });

  it('shows Error for a division by zero, and clears', () => {
    const state = type(keys('8÷0E'));
    expect(display(state)).toBe('Error');
    expect(display(type(keys('3'), state))).toBe('3');
    expect(display(press(type(keys('12')), { kind: 'clear' }))).toBe('0');
    expect(display(type(keys('12B')))).toBe('1');
  });

  it('maps the physical keyboard', () => {
    expect(keyFromKeyboard('7')).toEqual({ kind: 'digit', digit: '7' });
    expect(keyFromKeyboard('*')).toEqual({ kind: 'operator', operator: '×' });
    expect(keyFromKeyboard('-')).toEqual({ kind: 'operator', operator: '−' });
    expect(keyFromKeyboard('Enter')).toEqual({ kind: 'equals' });
    expect(keyFromKeyboard('Delete')).toEqual({ kind: 'clear' });
    expect(keyFromKeyboard('q')).toBeUndefined();
  });

  it('lays the keypad out as a calculator: 7 8 9 / 4 5 6 / 1 2 3 / 0 . =, operators down the right', () => {
    expect(KEYPAD_ROWS.map((row) => row.map((button) => button.label).join(' '))).toEqual([
      '7 8 9 ÷',
      '4 5 6 ×',
      '1 2 3 −',
      '0 . = +',
    ]);
    expect(EDIT_BUTTONS.map((button) => button.label)).toEqual(['C', '⌫']);
  });

  it('names every key that is not a digit for screen readers', () => {
    const names = Object.fromEntries(
      [...EDIT_BUTTONS, ...KEYPAD_ROWS.flat()].map((button) => [button.label, button.name]),
    );
    expect(names).toMatchObject({
      '÷': 'divide',
      '×': 'multiply',
      '−': 'minus',
      '+': 'plus',
      '=': 'equals',
      '.': 'decimal point',
      C: 'clear',
      '⌫': 'delete',
      '7': '7',
    });
  });

  it('presses what each key shows', () => {
    let state = initialCalculator;
    for (const label of ['7', '×', '8', '−', '.', '5', '=']) {
      const button = KEYPAD_ROWS.flat().find((candidate) => candidate.label === label);
      if (!button) throw new Error(`no key ${label}`);
      state = press(state, button.key);
    }
    expect(display(state)).toBe('55.5');
  });
});
