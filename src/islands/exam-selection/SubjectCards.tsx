import type { Subject } from '../../lib/api/catalogue.ts';
import { ChoiceCards } from './ChoiceCards.tsx';
import { displayTitle } from './catalogue.ts';
import { subjectCardImage } from './subject-pictures.ts';

/** The subjects as picture cards, titled as the student reads them; a card whose picture failed shows its fallback. */
export function SubjectCards<T extends Subject>({
  label,
  subjects,
  failedImages,
  store,
  note,
}: {
  label: string;
  subjects: T[];
  failedImages: ReadonlySet<string>;
  /** The screen's store: what a card's choice and a failed picture go to. */
  store: { choose: (subject: T) => void; imageFailed: (id: string) => void };
  note?: (subject: T) => string | undefined;
}) {
  return (
    <ChoiceCards
      label={label}
      items={subjects}
      title={displayTitle}
      image={(subject, index) => subjectCardImage(subject, index, failedImages.has(subject._id))}
      onChoose={store.choose}
      onImageError={store.imageFailed}
      note={note}
    />
  );
}
