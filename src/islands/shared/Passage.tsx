import { useEffect, useId, useRef, useState } from 'preact/compat';
import { RichHtml } from './RichHtml.tsx';
import './passage.css';

/**
 * The passage a question is about (a comprehension or cloze text, an extract), above the question. A
 * disclosure: a button with a chevron and aria-expanded shows or hides the text. It is open at first unless
 * `open` says otherwise (the quiz folds it after the first question on it, see passage.ts). While the text
 * is open the button sticks to the top of the screen, so folding it is one tap from anywhere in a long text.
 */
export function Passage({ html, open: openAtFirst = true }: { html: string; open?: boolean }) {
  const [open, setOpen] = useState(openAtFirst);
  const textId = useId();
  const control = useRef<HTMLButtonElement>(null);
  const folded = useRef(false);

  // Folded from the sticky button deep in a long text, the page would be left below the question: bring the
  // button (and the question under it) back into view.
  useEffect(() => {
    if (open || !folded.current) return;
    folded.current = false;
    control.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);

  function toggle() {
    folded.current = open;
    setOpen(!open);
  }

  return (
    <div className={`passage${open ? ' passage-open' : ''}`}>
      <button
        ref={control}
        type="button"
        className="passage-toggle"
        aria-expanded={open}
        aria-controls={textId}
        onClick={toggle}
      >
        <span className="passage-chevron" aria-hidden="true" />
        {open ? 'Hide passage' : 'Show passage'}
      </button>
      <div id={textId} hidden={!open}>
        <RichHtml className="rich passage-text" html={html} />
      </div>
    </div>
  );
}
