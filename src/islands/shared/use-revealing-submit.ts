import { useEffect, useRef, useState } from 'preact/compat';
import { prepareErrorSummary, revealFirstError } from '../../lib/client/reveal-errors.ts';

/**
 * A form's submit handler that, once `submit` has finished, takes the student to the first invalid field
 * and announces how many there are (src/lib/client/reveal-errors.ts). The form is looked at after the island
 * has drawn the errors the submit set, in an effect, not in the handler.
 */
export function useRevealingSubmit(submit: () => unknown): (event: Event) => void {
  const form = useRef<HTMLElement | null>(null);
  const [finished, setFinished] = useState(0);

  useEffect(() => {
    if (finished > 0 && form.current?.isConnected) revealFirstError(form.current);
  }, [finished]);

  return (event: Event) => {
    event.preventDefault();
    const target = event.currentTarget as HTMLElement;
    form.current = target;
    prepareErrorSummary(target);
    void Promise.resolve(submit()).finally(() => setFinished((count) => count + 1));
  };
}
