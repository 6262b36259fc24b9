/**
 * The quiz title row with its Calculator button, and the calculator it opens: shared by the quiz and the UTME
 * sitting. Closing the calculator gives the focus back to the button that opened it.
 */

import { lazy, Suspense, useRef, useState } from 'preact/compat';

// Most papers have no use for it, so its code loads only when a student opens it.
export const loadCalculator = () =>
  import('./Calculator.tsx').then((module) => ({ default: module.Calculator }));
const Calculator = lazy(loadCalculator);

/** Whether the calculator is open, and the button that opens it (where the focus returns on closing). */
export function useCalculator() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return { open, button, close, toggle: () => (open ? close() : setOpen(true)) };
}

export type CalculatorState = ReturnType<typeof useCalculator>;

/** The paper's heading, and the Calculator button beside it when the paper allows one. */
export function QuizTitleRow({
  title,
  calculator,
}: {
  title: string;
  calculator?: CalculatorState | undefined;
}) {
  return (
    <div className="quiz-title-row">
      <h1 className="quiz-title">{title}</h1>
      {calculator && (
        <button
          ref={calculator.button}
          type="button"
          className="button button-outline quiz-tool"
          aria-expanded={calculator.open}
          onClick={calculator.toggle}
        >
          Calculator
        </button>
      )}
    </div>
  );
}

/** The calculator while it is open; its code is fetched the first time. */
export function CalculatorPanel({ calculator }: { calculator: CalculatorState }) {
  if (!calculator.open) return null;
  return (
    <Suspense fallback={null}>
      <Calculator onClose={calculator.close} />
    </Suspense>
  );
}
