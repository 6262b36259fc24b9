import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'preact/compat';
import {
  type CalculatorState,
  display,
  EDIT_BUTTONS,
  initialCalculator,
  KEYPAD_ROWS,
  type KeypadButton,
  keyFromKeyboard,
  press,
} from './calculator.ts';

/**
 * Publishes the docked panel's height as --calculator-height on the page, which pads the quiz and sets the
 * scroll padding (quiz.css): every option can then be scrolled, or tabbed, into view above the panel.
 */
function useReservedSpace(panel: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const root = document.documentElement;
    const reserve = () =>
      root.style.setProperty('--calculator-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--calculator-height');
    };
  }, [panel]);
}

/**
 * A basic calculator for Mathematics and the sciences, docked at the bottom of the screen: digits laid out
 * as on a pocket calculator, + − × ÷ in the right-hand column, point, clear, delete and equals.
 */
export function Calculator({ onClose }: { onClose: () => void }) {
  const [state, setState] = useState<CalculatorState>(initialCalculator);
  const panel = useRef<HTMLElement>(null);
  useReservedSpace(panel);

  useEffect(() => {
    panel.current?.focus({ preventScroll: true });
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
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

  function keyButton({ label, name, key }: KeypadButton) {
    return (
      <button
        key={name}
        type="button"
        className={`calculator-key calculator-${key.kind}`}
        aria-label={name === label ? undefined : name}
        onClick={() => setState((current) => press(current, key))}
      >
        {label}
      </button>
    );
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
        {EDIT_BUTTONS.map(keyButton)}
        <button type="button" className="calculator-close" aria-label="Close calculator" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="calculator-keys">{KEYPAD_ROWS.flat().map(keyButton)}</div>
    </section>
  );
}
