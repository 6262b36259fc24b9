/**
 * Keyboard rules of a select-only combobox, as the WAI-ARIA Authoring Practices describe it: focus stays on
 * the combobox, and aria-activedescendant points at the option the arrows have reached.
 */

/** What a key asks of the combobox. */
export type ListboxAction =
  | 'open'
  | 'openFirst'
  | 'openLast'
  | 'next'
  | 'previous'
  | 'first'
  | 'last'
  | 'pageDown'
  | 'pageUp'
  | 'select'
  | 'selectAndLeave'
  | 'close';

/** How many options Page Up and Page Down skip. */
export const PAGE_SIZE = 10;

/** How long typed characters keep adding to one type-ahead search. */
export const TYPEAHEAD_RESET_MS = 600;

/** The action of a key press, or undefined when the key is not the combobox's to handle. */
export function listboxAction(key: string, open: boolean, altKey = false): ListboxAction | undefined {
  if (!open) {
    if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') return 'open';
    if (key === 'Home') return 'openFirst';
    if (key === 'End') return 'openLast';
    return undefined;
  }
  switch (key) {
    case 'ArrowDown':
      return 'next';
    case 'ArrowUp':
      return altKey ? 'select' : 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'PageDown':
      return 'pageDown';
    case 'PageUp':
      return 'pageUp';
    case 'Enter':
    case ' ':
      return 'select';
    case 'Escape':
      return 'close';
    case 'Tab':
      return 'selectAndLeave';
    default:
      return undefined;
  }
}

/** The option an arrow, Home, End or Page key moves to, staying within the list (no wrapping). */
export function moveActive(action: ListboxAction, current: number, count: number): number {
  if (count === 0) return -1;
  const last = count - 1;
  switch (action) {
    case 'next':
      return current < 0 ? 0 : Math.min(current + 1, last);
    case 'previous':
      return current < 0 ? 0 : Math.max(current - 1, 0);
    case 'first':
    case 'openFirst':
      return 0;
    case 'last':
    case 'openLast':
      return last;
    case 'pageDown':
      return Math.min(Math.max(current, 0) + PAGE_SIZE, last);
    case 'pageUp':
      return Math.max(current - PAGE_SIZE, 0);
    default:
      return Math.min(Math.max(current, 0), last);
  }
}

/**
 * The option that typed characters point to: the next label starting with them (case-insensitive), searching
 * after the active option for a single character (so repeating a key cycles) and from it for a longer search.
 */
export function typeaheadIndex(labels: readonly string[], query: string, current: number): number {
  if (!query || labels.length === 0) return -1;
  const wanted = query.toLowerCase();
  const start = query.length === 1 ? current + 1 : Math.max(current, 0);
  for (let step = 0; step < labels.length; step++) {
    const index = (start + step) % labels.length;
    if (labels[index]?.toLowerCase().startsWith(wanted)) return index;
  }
  return -1;
}

/** Whether a key is a printable character that feeds the type-ahead search. */
export function isTypeaheadKey(key: string, modified: boolean): boolean {
  return key.length === 1 && key !== ' ' && !modified;
}
