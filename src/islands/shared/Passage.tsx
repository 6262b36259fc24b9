import { RichHtml } from './RichHtml.tsx';
import './passage.css';

/**
 * The passage a question is about (a comprehension or cloze text, an extract), above the question. It is a
 * disclosure, open at first unless `open` says otherwise, so that on a phone a student who has read it can
 * fold it away and keep the options in view.
 */
export function Passage({ html, open = true }: { html: string; open?: boolean }) {
  return (
    <details className="passage" open={open}>
      <summary>Passage</summary>
      <RichHtml className="rich passage-text" html={html} />
    </details>
  );
}
