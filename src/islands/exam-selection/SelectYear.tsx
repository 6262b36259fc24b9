import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { FlowHeader } from './FlowHeader.tsx';
import { ListStatus } from './ListStatus.tsx';
import { createSelectYearStore } from './select-year-store.ts';
import { YearCombobox } from './YearCombobox.tsx';

/** /select-year: the year of the chosen exam type and subject, then Start (spec §2). */
export default function SelectYear() {
  const [store] = useState(createSelectYearStore);
  const paper = useStore(store.$paper);
  const list = useStore(store.$list);

  useEffect(() => {
    void store.init();
  }, [store]);

  return (
    <>
      <FlowHeader fallback="/select-exam" />
      <section className="container selection" aria-labelledby="selection-heading">
        <h1 id="selection-heading">SELECT YEAR</h1>
        <p className="selection-lead">
          {paper ? (
            <>
              <strong>{paper.examType.title}</strong> {paper.subject.title}: choose the year of the paper.
            </>
          ) : (
            'Choose the year of the paper.'
          )}
        </p>
        <ListStatus
          state={list}
          loadingLabel="Loading years"
          emptyText={`There is no ${paper?.examType.title ?? ''} ${paper?.subject.title ?? ''} paper yet. Go back and choose another subject.`}
          onRetry={() => void store.load()}
        >
          {() => (
            <form
              className="card year-card"
              onSubmit={(event) => {
                event.preventDefault();
                store.startTest();
              }}
            >
              <YearCombobox store={store} />
              <button type="submit" className="button year-start">
                Start
              </button>
            </form>
          )}
        </ListStatus>
      </section>
    </>
  );
}
