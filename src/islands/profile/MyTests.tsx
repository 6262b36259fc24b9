import { useStore } from '@nanostores/preact';
import { useEffect, useRef, useState } from 'preact/compat';
import { formatDateTime } from '../../lib/format.ts';
import { OFFLINE_TESTS_SENT } from '../offline/offline-sync.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { createMyTestsStore, hasMore, leaderboardLabel, reviewHref, scoreText } from './my-tests-store.ts';
import './my-tests.css';

/**
 * /profile's "My tests": each submitted test as a card (its title opens its review, then the score, when it
 * was submitted in West Africa Time, and whether it was taken offline and counted), newest first, with
 * "Show more" for older ones. A test taken offline appears once it is uploaded, even while the page is open.
 */
export function MyTests() {
  const [store] = useState(createMyTestsStore);
  const state = useStore(store.$state);
  const list = useRef<HTMLOListElement>(null);
  // The first card "Show more" added, which takes the focus from the button (it may be gone).
  const firstAdded = useRef<number | null>(null);

  useEffect(() => {
    void store.load();
    const refresh = () => void store.refresh();
    window.addEventListener(OFFLINE_TESTS_SENT, refresh);
    return () => window.removeEventListener(OFFLINE_TESTS_SENT, refresh);
  }, [store]);

  const entries = state.status === 'ready' ? state.data.entries : [];
  useEffect(() => {
    const index = firstAdded.current;
    if (index === null || entries.length <= index) return;
    firstAdded.current = null;
    list.current?.children[index]?.querySelector('a')?.focus();
  }, [entries.length]);

  return (
    <section aria-labelledby="my-tests-heading" aria-busy={state.status === 'loading'}>
      <h2 id="my-tests-heading">My tests</h2>
      {state.status === 'loading' && <Loading label="Loading your tests" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => void store.load()} />}
      {state.status === 'ready' && entries.length === 0 && (
        <p className="my-tests-empty">
          No tests yet. <a href="/select-exam">Take your first test</a>
        </p>
      )}
      {entries.length > 0 && (
        <>
          <p className="hint">Open a test to review its answers.</p>
          <ol ref={list} className="my-tests">
            {entries.map((entry) => {
              const score = scoreText(entry);
              const label = leaderboardLabel(entry);
              const details = `my-test-${entry._id}`;
              const right = `${entry.correctAnswer} of ${entry.totalQuestions} right`;
              return (
                <li key={entry._id} className="my-test">
                  <a className="my-test-title" href={reviewHref(entry)} aria-describedby={details}>
                    {entry.title}
                  </a>
                  <div id={details} className="my-test-details">
                    <p>
                      <span aria-hidden="true">{`${score.shown}, ${right}`}</span>
                      <span className="visually-hidden">{`${score.spoken}, ${right}`}</span>
                    </p>
                    <p>
                      <time dateTime={entry.submittedAt}>{formatDateTime(entry.submittedAt)}</time>
                    </p>
                    {(entry.offline || label) && (
                      <p className="my-test-labels">
                        {entry.offline && <span className="my-test-label">Taken offline</span>}
                        {label && (
                          <span className={`my-test-label ${entry.counted ? 'my-test-label-counted' : ''}`}>
                            {label}
                          </span>
                        )}
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
      {state.status === 'ready' && state.data.more.status === 'failed' && (
        <LoadFailed
          message={state.data.more.message}
          onRetry={() => {
            firstAdded.current = entries.length;
            void store.showMore();
          }}
        />
      )}
      {state.status === 'ready' && hasMore(state) && state.data.more.status !== 'failed' && (
        <button
          type="button"
          className="button button-outline my-tests-more"
          disabled={state.data.more.status === 'loading'}
          onClick={() => {
            firstAdded.current = entries.length;
            void store.showMore();
          }}
        >
          {state.data.more.status === 'loading' ? 'Loading more tests...' : 'Show more'}
        </button>
      )}
    </section>
  );
}
