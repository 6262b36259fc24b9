import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  type CalculatorKey,
  type CalculatorState,
  display,
  initialCalculator,
  keyFromKeyboard,
  type Operator,
  press,
} from './calculator.ts';

const KEYS: { label: string; name: string; key: CalculatorKey; wide?: boolean }[] = [
  { label: 'C', name: 'Clear', key: { kind: 'clear' } },
  { label: '⌫', name: 'Delete last', key: { kind: 'backspace' } },
  ...(['÷', '×', '−', '+'] as Operator[]).map((operator) => ({
    label: operator,
    name: { '÷': 'Divide', '×': 'Multiply', '−': 'Minus', '+': 'Plus' }[operator],
    key: { kind: 'operator', operator } as CalculatorKey,
  })),
  ...'7894561230'.split('').map((digit) => ({
    label: digit,
    name: digit,
    key: { kind: 'digit', digit } as CalculatorKey,
    wide: digit === '0',
  })),
  { label: '.', name: 'Decimal point', key: { kind: 'point' } },
  { label: '=', name: 'Equals', key: { kind: 'equals' } },
];

/** A basic calculator for Mathematics and the sciences: digits, + − × ÷, point, clear and equals. */
export function Calculator({ onClose }: { onClose: () => void }) {
  const [state, setState] = useState<CalculatorState>(initialCalculator);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    panel.current?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // Enter on a focused key presses that key; elsewhere it means '='.
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'BUTTON') return;
    const key = keyFromKeyboard(event.key);
    if (!key) return;
    event.preventDefault();
    setState((current) => press(current, key));
  }

  return (
    <section
      ref={panel}
      className="calculator"
      aria-label="Calculator"
      data-calculator
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="calculator-top">
        <output className="calculator-display" aria-live="polite" aria-label="Calculator display">
          {display(state)}
        </output>
        <button type="button" className="calculator-close" aria-label="Close calculator" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="calculator-keys">
        {KEYS.map(({ label, name, key, wide }) => (
          <button
            key={name}
            type="button"
            className={`calculator-key calculator-${key.kind}${wide ? ' calculator-wide' : ''}`}
            aria-label={name === label ? undefined : name}
            onClick={() => setState((current) => press(current, key))}
          >
            {label}
          </button>
        ))}
      </div>
    </section>
  );
}
