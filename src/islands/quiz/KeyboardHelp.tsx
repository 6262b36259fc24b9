import { keyboardHelp } from './keyboard.ts';

/** The JAMB CBT keys under the quiz (on wide screens, where a keyboard is likely): A–E, or A–D in the UTME. */
export function KeyboardHelp({ optionKeys }: { optionKeys?: number }) {
  return (
    <p className="keyboard-help">
      Keyboard:{' '}
      {keyboardHelp(optionKeys).map(([keys, action]) => (
        <span key={keys}>
          <kbd>{keys}</kbd> {action}
        </span>
      ))}
    </p>
  );
}
