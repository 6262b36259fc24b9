import { describe, expect, it } from 'vitest';
import { chooseEdge } from './toasts.ts';

// A 360 x 740 phone under a 64 px header; two toasts take about 120 px.
const phone = { height: 740, headerHeight: 64, margin: 8 };
const stack = 120;

describe('chooseEdge', () => {
  it('puts the toasts at the bottom, clear of a headline at the top', () => {
    expect(chooseEdge(phone, stack, [{ top: 90, bottom: 140 }])).toBe('bottom');
  });

  it('moves them below the header when the bottom would cover the focused control', () => {
    expect(chooseEdge(phone, stack, [{ top: 660, bottom: 704 }])).toBe('top');
  });

  it('stays at the bottom when the top would cover something too', () => {
    expect(
      chooseEdge(phone, stack, [
        { top: 100, bottom: 150 },
        { top: 660, bottom: 704 },
      ]),
    ).toBe('bottom');
  });
});
