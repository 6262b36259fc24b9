import { describe, expect, it } from 'vitest';
import { tabForKey } from './tabs.ts';

describe('tabForKey', () => {
  it('moves with the arrows, wrapping round at both ends', () => {
    expect(tabForKey({ key: 'ArrowRight' }, 1, 4)).toBe(2);
    expect(tabForKey({ key: 'ArrowRight' }, 3, 4)).toBe(0);
    expect(tabForKey({ key: 'ArrowLeft' }, 1, 4)).toBe(0);
    expect(tabForKey({ key: 'ArrowLeft' }, 0, 4)).toBe(3);
  });

  it('goes to the first and last tab with Home and End', () => {
    expect(tabForKey({ key: 'Home' }, 2, 4)).toBe(0);
    expect(tabForKey({ key: 'End' }, 0, 4)).toBe(3);
  });

  it('leaves other keys, and keys with a modifier, to the page', () => {
    expect(tabForKey({ key: 'Tab' }, 0, 4)).toBeUndefined();
    expect(tabForKey({ key: 'ArrowRight', altKey: true }, 0, 4)).toBeUndefined();
    expect(tabForKey({ key: 'End', ctrlKey: true }, 0, 4)).toBeUndefined();
    expect(tabForKey({ key: 'Home', metaKey: true }, 2, 4)).toBeUndefined();
  });
});
