import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { DOWNLOADED_NOTE } from '../offline/OfflineListNote.tsx';
import { SelectionScreen } from './SelectionScreen.tsx';
import { SubjectCards } from './SubjectCards.tsx';
import { createSelectSubjectStore } from './select-subject-store.ts';

/** /subjects: the subjects of the chosen exam type; a card goes on to its years (spec §2). */
export default function SelectSubject() {
  const [store] = useState(createSelectSubjectStore);
  const examType = useStore(store.$examType);
  const list = useStore(store.$list);
  const failedImages = useStore(store.$failedImages);

  useEffect(() => {
    void store.init();
  }, [store]);

  const lead = examType ? (
    <>
      <strong>{examType.title}</strong>: choose a subject.
    </>
  ) : (
    'Choose a subject.'
  );

  return (
    <SelectionScreen
      fallback="/select-exam"
      heading="SELECT SUBJECT"
      lead={lead}
      list={list}
      loadingLabel="Loading subjects"
      emptyText={`No subjects are available for ${examType?.title ?? 'this exam'} yet.`}
      onRetry={() => void store.load()}
    >
      {(subjects, offline) => (
        <SubjectCards
          label="Subjects"
          subjects={subjects}
          failedImages={failedImages}
          store={store}
          note={offline ? () => DOWNLOADED_NOTE : undefined}
        />
      )}
    </SelectionScreen>
  );
}
