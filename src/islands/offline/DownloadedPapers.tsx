import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { countOf, formatDayAndTime } from '../../lib/format.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { createDownloadsStore, paperTitle } from './downloads-store.ts';
import { isUsable } from './offline-attempt.ts';
import { formatBytes } from './offline-papers.ts';
import './offline.css';

/** /profile: the papers on this phone, their sizes and dates, the total, and Remove to free storage. */
export function DownloadedPapers() {
  const [store] = useState(() => createDownloadsStore());
  const state = useStore(store.$state);
  const removing = useStore(store.$removing);
  const busy = useStore(store.$busy);
  const total = useStore(store.$total);

  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <section aria-labelledby="downloads-heading" aria-busy={state.status === 'loading'}>
      <h2 id="downloads-heading">Downloaded papers</h2>
      {state.status === 'loading' && <Loading label="Loading your downloaded papers" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => void store.load()} />}
      {state.status === 'ready' && state.data.papers.length === 0 && (
        <p className="hint">
          No papers on this phone yet. Choose a paper's year on Select Year and press Download for offline to
          practise it without data.
        </p>
      )}
      {state.status === 'ready' && state.data.papers.length > 0 && (
        <>
          <ul className="downloads-list">
            {state.data.papers.map((paper) => (
              <li key={paper.paperId} className="download-item">
                <div className="download-item-text">
                  <strong>{paperTitle(paper)}</strong>
                  <span>
                    {formatBytes(paper.bytes)} · {countOf(paper.questions, 'question')} · downloaded{' '}
                    {formatDayAndTime(paper.downloadedAt)}
                  </span>
                  <span>
                    {isUsable(paper, Date.now())
                      ? `Usable offline until ${formatDayAndTime(paper.usableUntil)}`
                      : 'Its plan has ended: go online to take it'}
                  </span>
                </div>
                <button
                  type="button"
                  className="button button-outline"
                  aria-label={`Remove ${paperTitle(paper)}`}
                  onClick={() => store.askRemove(paper)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <p className="downloads-total">
            {countOf(state.data.papers.length, 'paper')} taking {formatBytes(total)} on this phone
          </p>
        </>
      )}
      {state.status === 'ready' && state.data.waiting > 0 && (
        <p className="hint">
          {countOf(state.data.waiting, 'test')} taken offline will be added to your history when you are
          online.
        </p>
      )}

      <Dialog open={removing !== undefined} title="Remove this paper?" onClose={store.cancelRemove}>
        {removing && (
          <>
            <p>
              {paperTitle(removing)} ({formatBytes(removing.bytes)}) will be deleted from this phone. You can
              download it again while you have a plan.
            </p>
            <div className="modal-actions">
              <button type="button" className="button button-outline" onClick={store.cancelRemove}>
                Keep it
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={busy}
                onClick={() => void store.confirmRemove()}
              >
                Remove
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
