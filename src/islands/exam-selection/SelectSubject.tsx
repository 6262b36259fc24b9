import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { DOWNLOADED_NOTE, OfflineListNote } from '../offline/OfflineListNote.tsx';
import { ChoiceCards } from './ChoiceCards.tsx';
import { displayTitle } from './catalogue.ts';
import { FlowHeader } from './FlowHeader.tsx';
import { ListStatus } from './ListStatus.tsx';
import { createSelectSubjectStore } from './select-subject-store.ts';
import { subjectCardImage } from './subject-pictures.ts';

/** /subjects: the subjects of the chosen exam type; a card goes on to its years (spec §2). */
export default function SelectSubject() {
  const [store] = useState(createSelectSubjectStore);
  const examType = useStore(store.$examType);
  const list = useStore(store.$list);
  const offline = list.status === 'offline';
  const failedImages = useStore(store.$failedImages);

  useEffect(() => {
    void store.init();
  }, [store]);

  return (
    <>
      <FlowHeader fallback="/select-exam" />
      <section className="container selection" aria-labelledby="selection-heading">
        <h1 id="selection-heading">SELECT SUBJECT</h1>
        <p className="selection-lead">
          {examType ? (
            <>
              <strong>{examType.title}</strong>: choose a subject.
            </>
          ) : (
            'Choose a subject.'
          )}
        </p>
        <ListStatus
          state={list}
          loadingLabel="Loading subjects"
          emptyText={`No subjects are available for ${examType?.title ?? 'this exam'} yet.`}
          onRetry={() => void store.load()}
        >
          {(subjects) => (
            <>
              {offline && <OfflineListNote />}
              <ChoiceCards
                label="Subjects"
                items={subjects}
                title={displayTitle}
                image={(subject, index) => subjectCardImage(subject, index, failedImages.has(subject._id))}
                onChoose={store.choose}
                onImageError={store.imageFailed}
                note={offline ? () => DOWNLOADED_NOTE : undefined}
              />
            </>
          )}
        </ListStatus>
      </section>
    </>
  );
}
