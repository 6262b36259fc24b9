import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { UTME } from '../../lib/api/utme.ts';
import EmailConfirmationNotice from '../auth/EmailConfirmationNotice.tsx';
import { DOWNLOADED_NOTE } from '../offline/OfflineListNote.tsx';
import PlanStatus from '../shared/PlanStatus.tsx';
import { UTME_IN_SHORT } from '../utme/picker.ts';
import { ChoiceCards } from './ChoiceCards.tsx';
import { cardImage, EXAM_IMAGES } from './catalogue.ts';
import { SelectionScreen } from './SelectionScreen.tsx';
import { createSelectExamStore } from './select-exam-store.ts';

/** /select-exam: exam types as cards; a card goes on to the subjects of that exam (spec §2). */
export default function SelectExam() {
  const [store] = useState(createSelectExamStore);
  const list = useStore(store.$list);
  const failedImages = useStore(store.$failedImages);

  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <SelectionScreen
      fallback="/"
      heading="SELECT EXAM"
      lead="Choose the exam you are preparing for."
      intro={
        <>
          <EmailConfirmationNotice />
          <PlanStatus refresh />
          <a className="utme-banner" href="/utme">
            <strong>JAMB UTME mock: {UTME_IN_SHORT}</strong>
            <span>
              Use of English and three subjects of your choice on one clock, marked out of {UTME.maxTotal} as
              JAMB does.
            </span>
          </a>
        </>
      }
      list={list}
      loadingLabel="Loading exams"
      emptyText="No exams are available yet. Please check back soon."
      onRetry={() => void store.load()}
    >
      {(examTypes, offline) => (
        <ChoiceCards
          label="Exams"
          items={examTypes}
          title={(examType) => examType.title}
          image={(examType, index) => cardImage(examType, index, EXAM_IMAGES, failedImages.has(examType._id))}
          onChoose={store.choose}
          onImageError={store.imageFailed}
          note={offline ? () => DOWNLOADED_NOTE : undefined}
        />
      )}
    </SelectionScreen>
  );
}
