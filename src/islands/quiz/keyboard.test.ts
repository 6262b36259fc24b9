import { describe, expect, it } from 'vitest';
import { commandForKey, keyboardHelp, optionLetter } from './keyboard.ts';

describe('the JAMB CBT keys', () => {
  it('chooses options with A to E, either case', () => {
    expect(commandForKey({ key: 'a' })).toEqual({ type: 'choose', index: 0 });
    expect(commandForKey({ key: 'C' })).toEqual({ type: 'choose', index: 2 });
    expect(commandForKey({ key: 'e' })).toEqual({ type: 'choose', index: 4 });
    expect(commandForKey({ key: 'f' })).toBeUndefined();
  });

  it('chooses with A to D only where questions have four options (the UTME): E does nothing', () => {
    expect(commandForKey({ key: 'd', optionKeys: 4 })).toEqual({ type: 'choose', index: 3 });
    expect(commandForKey({ key: 'e', optionKeys: 4 })).toBeUndefined();
    expect(commandForKey({ key: 'n', optionKeys: 4 })).toEqual({ type: 'next' });
  });

  it('moves with N and P and opens the submit dialog with S', () => {
    expect(commandForKey({ key: 'n' })).toEqual({ type: 'next' });
    expect(commandForKey({ key: 'P' })).toEqual({ type: 'previous' });
    expect(commandForKey({ key: 's' })).toEqual({ type: 'openSubmit' });
    expect(commandForKey({ key: 'r' })).toBeUndefined();
  });

  it('only closes the dialog with R while it is open', () => {
    expect(commandForKey({ key: 'r', dialogOpen: true })).toEqual({ type: 'closeSubmit' });
    expect(commandForKey({ key: 'a', dialogOpen: true })).toBeUndefined();
    expect(commandForKey({ key: 'n', dialogOpen: true })).toBeUndefined();
  });

  it('leaves keys typed into the calculator, shortcuts and named keys alone', () => {
    expect(commandForKey({ key: 'a', typing: true })).toBeUndefined();
    expect(commandForKey({ key: 'c', ctrlKey: true })).toBeUndefined();
    expect(commandForKey({ key: 'n', metaKey: true })).toBeUndefined();
    expect(commandForKey({ key: 'p', altKey: true })).toBeUndefined();
    expect(commandForKey({ key: 'Enter' })).toBeUndefined();
    expect(commandForKey({ key: 'Escape', dialogOpen: true })).toBeUndefined();
  });

  it('lists the letters that choose in the help line', () => {
    expect(keyboardHelp()[0]).toEqual(['A–E', 'choose an option']);
    expect(keyboardHelp(4)[0]).toEqual(['A–D', 'choose an option']);
  });

  it('labels options A, B, C...', () => {
    expect([0, 1, 2, 3, 4].map(optionLetter).join('')).toBe('ABCDE');
  });
});
