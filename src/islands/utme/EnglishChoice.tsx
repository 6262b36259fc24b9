import { UTME } from '../../lib/api/utme.ts';

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
