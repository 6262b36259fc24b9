import { useStore } from '@nanostores/preact';
import { useId } from 'preact/compat';
import { formatDayAndTime } from '../../lib/format.ts';
import { Dialog } from '../shared/Dialog.tsx';
import type { DownloadStore } from './download-store.ts';
import { formatBytes } from './offline-papers.ts';
import './offline.css';

/** Why a downloaded paper leaves the leaderboard, said on the button, before the student holds the key. */
export const LEADERBOARD_NOTE =
  'Once downloaded, this paper no longer counts towards your leaderboard total, because its answers are on your phone. You can still practise it as often as you like.';

/** "Download for offline" on /select-year, under the chosen year: its size, progress, result and Take offline. */
export function DownloadPanel({ store }: { store: DownloadStore }) {
  const state = useStore(store.$state);
  const noteId = useId();
  if (state.status === 'idle') return null;

  return (
    <section className="download-panel" aria-label="Download for offline">
      <div aria-live="polite">
        {state.status === 'checking' && <p className="download-line">Checking this paper's size…</p>}
        {state.status === 'downloading' && (
          <div className="download-progress">
            <progress
              value={state.progress.done}
              max={state.progress.total}
              aria-label="Downloading the paper"
            />
            <p className="download-line">
              Downloading… {state.progress.done} of {state.progress.total}{' '}
              {state.progress.total === 1 ? 'part' : 'parts'}
            </p>
          </div>
        )}
        {state.status === 'done' && (
          <div className="download-done">
            <p className="download-line download-ok">
              <strong>Downloaded</strong> ({formatBytes(state.paper.bytes)}). You can take it with no data
              until {formatDayAndTime(state.paper.usableUntil)}.
            </p>
            <button
              type="button"
              className="button button-outline download-button"
              onClick={store.takeOffline}
            >
              Take offline
            </button>
          </div>
        )}
        {state.status === 'failed' && (
          <div className="download-failed" role="alert">
            <p className="download-line">{state.message}</p>
            <button type="button" className="button button-outline" onClick={() => void store.retry()}>
              Retry
            </button>
          </div>
        )}
      </div>

      {(state.status === 'ready' || state.status === 'confirm') && (
        <>
          {state.status === 'ready' && state.expired && (
            <p className="download-line">
              Your download of this paper was for a plan that ended on {formatDayAndTime(state.expired)}.
              Download it again to take it offline.
            </p>
          )}
          <button
            type="button"
            className="button button-outline download-button"
            aria-describedby={noteId}
            onClick={() => void store.download()}
          >
            Download for offline{state.size ? ` (${formatBytes(state.size.storedBytes)})` : ''}
          </button>
          <p id={noteId} className="download-note">
            {LEADERBOARD_NOTE}
          </p>
        </>
      )}

      <Dialog open={state.status === 'confirm'} title="Download with Data Saver on?" onClose={store.cancel}>
        {state.status === 'confirm' && (
          <>
            <p>
              Your phone is saving data, and this paper is {formatBytes(state.size.storedBytes)}
              {state.size.images > 0 ? ` with ${state.size.images} pictures` : ''}. Download it now?
            </p>
            <div className="modal-actions">
              <button type="button" className="button button-outline" onClick={store.cancel}>
                Not now
              </button>
              <button type="button" className="button" onClick={() => void store.confirm()}>
                Download
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
