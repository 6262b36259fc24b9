import { UTME } from '../../lib/api/utme.ts';
import { choiceCountLine } from './picker.ts';

/** Use of English in a list of UTME subject choices: always ticked, never changed, and said to be compulsory. */
export function EnglishChoice({ id }: { id: string }) {
  return (
    <li className="picker-choice picker-fixed">
      <input id={`${id}-english`} type="checkbox" checked disabled aria-describedby={`${id}-english-note`} />
      <label htmlFor={`${id}-english`}>{UTME.englishTitle}</label>
      <span id={`${id}-english-note`} className="picker-note">
        Compulsory for every candidate
      </span>
    </li>
  );
}

/** How many subjects are chosen, and the latest refusal, each announced as it changes. */
export function ChoiceStatus({ chosen, refusal }: { chosen: number; refusal: string | undefined }) {
  return (
    <div className="picker-status">
      <p className="picker-count" aria-live="polite">
        {choiceCountLine(chosen)}
      </p>
      {/* Kept in the page while empty, so that a screen reader announces a refusal when one appears. */}
      <p className="picker-refusal" role="alert">
        {refusal}
      </p>
    </div>
  );
}
