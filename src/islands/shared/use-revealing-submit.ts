import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { prepareErrorSummary, revealFirstError } from '../../lib/client/reveal-errors.ts';

/**
 * A form's submit handler that, once `submit` has finished, takes the student to the first invalid field
 * and announces how many there are (src/lib/client/reveal-errors.ts). The form is looked at after React
 * has drawn the errors the submit set, in an effect, not in the handler.
 */
export function useRevealingSubmit(submit: () => unknown): (event: SyntheticEvent) => void {
  const form = useRef<HTMLElement | null>(null);
  const [finished, setFinished] = useState(0);

  useEffect(() => {
    if (finished > 0 && form.current?.isConnected) revealFirstError(form.current);
  }, [finished]);

  return (event: SyntheticEvent) => {
    event.preventDefault();
    const target = event.currentTarget as HTMLElement;
    form.current = target;
    prepareErrorSummary(target);
    void Promise.resolve(submit()).finally(() => setFinished((count) => count + 1));
  };
}
