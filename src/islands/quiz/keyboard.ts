/**
 * The JAMB CBT keyboard: A to E choose an option (A to D in the UTME, whose questions have four), N goes to
 * the next question, P to the previous one, S opens the submit dialog and R closes it. Keys typed into a
 * field (the calculator) are left alone.
 */

/** What a key asks the quiz to do. */
export type QuizCommand =
  | { type: 'choose'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'openSubmit' }
  | { type: 'closeSubmit' };

/** A key press with what the quiz needs to know about where it happened. */
export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The key went to a text field or the calculator. */
  typing?: boolean;
  /** The submit dialog is open. */
  dialogOpen?: boolean;
  /** How many option letters choose: 5 (A to E) unless told, 4 (A to D) in the UTME. */
  optionKeys?: number;
}

/** The option letters a paper can have, A to E. */
const CHOICE_KEYS = 'abcde';

/** The letter of an option: A, B, C... */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** The command of a key, or undefined when the quiz should let the key be. */
export function commandForKey(press: KeyPress): QuizCommand | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey || press.typing) return undefined;
  const key = press.key.toLowerCase();
  if (key.length !== 1) return undefined;
  if (press.dialogOpen) return key === 'r' ? { type: 'closeSubmit' } : undefined;
  const choice = CHOICE_KEYS.slice(0, press.optionKeys ?? CHOICE_KEYS.length).indexOf(key);
  if (choice >= 0) return { type: 'choose', index: choice };
  if (key === 'n') return { type: 'next' };
  if (key === 'p') return { type: 'previous' };
  if (key === 's') return { type: 'openSubmit' };
  return undefined;
}

/** The keys, as the help line under the quiz lists them, for papers whose options go up to `optionKeys`. */
export function keyboardHelp(optionKeys: number = CHOICE_KEYS.length): [keys: string, action: string][] {
  return [
    [`A–${optionLetter(optionKeys - 1)}`, 'choose an option'],
    ['N', 'next'],
    ['P', 'previous'],
    ['S', 'submit'],
    ['R', 'close the submit dialog'],
  ];
}
