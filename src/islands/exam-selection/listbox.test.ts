import { describe, expect, it } from 'vitest';
import { isTypeaheadKey, listboxAction, moveActive, PAGE_SIZE, typeaheadIndex } from './listbox.ts';

describe('listboxAction', () => {
  it('opens a closed list with the arrows, Enter and Space, and jumps with Home and End', () => {
    expect(['ArrowDown', 'ArrowUp', 'Enter', ' '].map((key) => listboxAction(key, false))).toEqual([
      'open',
      'open',
      'open',
      'open',
    ]);
    expect(listboxAction('Home', false)).toBe('openFirst');
    expect(listboxAction('End', false)).toBe('openLast');
    expect(listboxAction('Escape', false)).toBeUndefined();
    expect(listboxAction('Tab', false)).toBeUndefined();
  });

  it('moves, selects and closes an open list', () => {
    expect(listboxAction('ArrowDown', true)).toBe('next');
    expect(listboxAction('ArrowUp', true)).toBe('previous');
    expect(listboxAction('ArrowUp', true, true)).toBe('select');
    expect(listboxAction('Home', true)).toBe('first');
    expect(listboxAction('End', true)).toBe('last');
    expect(listboxAction('PageDown', true)).toBe('pageDown');
    expect(listboxAction('PageUp', true)).toBe('pageUp');
    expect(listboxAction('Enter', true)).toBe('select');
    expect(listboxAction(' ', true)).toBe('select');
    expect(listboxAction('Escape', true)).toBe('close');
    expect(listboxAction('Tab', true)).toBe('selectAndLeave');
    expect(listboxAction('ArrowLeft', true)).toBeUndefined();
  });
});

describe('moveActive', () => {
  it('stays within the list without wrapping', () => {
    expect(moveActive('next', 0, 3)).toBe(1);
    expect(moveActive('next', 2, 3)).toBe(2);
    expect(moveActive('previous', 0, 3)).toBe(0);
    expect(moveActive('previous', 2, 3)).toBe(1);
    expect(moveActive('next', -1, 3)).toBe(0);
    expect(moveActive('first', 2, 3)).toBe(0);
    expect(moveActive('last', 0, 3)).toBe(2);
  });

  it('pages by PAGE_SIZE options', () => {
    expect(moveActive('pageDown', 0, 40)).toBe(PAGE_SIZE);
    expect(moveActive('pageDown', 35, 40)).toBe(39);
    expect(moveActive('pageUp', 15, 40)).toBe(15 - PAGE_SIZE);
    expect(moveActive('pageUp', 3, 40)).toBe(0);
  });

  it('has no active option in an empty list', () => {
    expect(moveActive('next', -1, 0)).toBe(-1);
  });
});

describe('typeaheadIndex', () => {
  const years = ['2024', '2021', '2019', '1998'];

  it('finds the next option starting with the typed text', () => {
    expect(typeaheadIndex(years, '1', -1)).toBe(3);
    expect(typeaheadIndex(years, '201', 0)).toBe(2);
    expect(typeaheadIndex(years, '2021', 0)).toBe(1);
  });

  it('cycles through the options with one repeated character', () => {
    expect(typeaheadIndex(years, '2', 0)).toBe(1);
    expect(typeaheadIndex(years, '2', 1)).toBe(2);
    expect(typeaheadIndex(years, '2', 2)).toBe(0);
  });

  it('finds nothing for text no option starts with', () => {
    expect(typeaheadIndex(years, '3', 0)).toBe(-1);
    expect(typeaheadIndex([], '2', -1)).toBe(-1);
  });

  it('takes printable characters only', () => {
    expect(isTypeaheadKey('2', false)).toBe(true);
    expect(isTypeaheadKey('a', true)).toBe(false);
    expect(isTypeaheadKey(' ', false)).toBe(false);
    expect(isTypeaheadKey('ArrowDown', false)).toBe(false);
  });
});
