import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { DownloadPanel } from '../offline/DownloadPanel.tsx';
import { createDownloadStore } from '../offline/download-store.ts';
import { toChoice } from './catalogue.ts';
import { SelectionScreen } from './SelectionScreen.tsx';
import { createSelectYearStore } from './select-year-store.ts';
import { YearCombobox } from './YearCombobox.tsx';

/** /select-year: the year of the chosen exam type and subject, then Start (spec §2). */
export default function SelectYear() {
  const [store] = useState(createSelectYearStore);
  const paper = useStore(store.$paper);
  const list = useStore(store.$list);
  const selected = useStore(store.$selected);
  const [download] = useState(() => createDownloadStore());

  useEffect(() => {
    void store.init();
  }, [store]);

  // The chosen paper's download: its size, or that it is on the phone already.
  useEffect(() => {
    void download.choose(paper && selected ? { ...paper, year: toChoice(selected) } : undefined);
  }, [download, paper, selected]);

  const lead = paper ? (
    <>
      <strong>{paper.examType.title}</strong> {paper.subject.title}: choose the year of the paper.
    </>
  ) : (
    'Choose the year of the paper.'
  );

  return (
    <SelectionScreen
      fallback="/select-exam"
      heading="SELECT YEAR"
      lead={lead}
      list={list}
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
          <DownloadPanel store={download} />
        </form>
      )}
    </SelectionScreen>
  );
}
