import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { formatDateTime } from '../../lib/format.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { contestPath } from './contest-play.ts';
import { entryLine, STATUS_LABEL } from './contests.ts';
import { createMyContestsStore } from './my-contests-store.ts';
import './contests.css';

/** /profile's "My contests": each contest the student entered, with where they stand, linking to it. */
export function MyContests() {
  const [store] = useState(() => createMyContestsStore());
  const state = useStore(store.$state);

  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <section aria-labelledby="my-contests-heading" aria-busy={state.status === 'loading'}>
      <h2 id="my-contests-heading">My contests</h2>
      {state.status === 'loading' && <Loading label="Loading your contests" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => void store.load()} />}
      {state.status === 'ready' && state.data.length === 0 && (
        <p>
          You have not entered a contest yet. <a href="/contests">See the contests</a>
        </p>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <>
          <ul className="contest-cards">
            {state.data.map((contest) => (
              <li key={contest._id} className="contest-card">
                <div className="contest-card-top">
                  <a className="contest-card-title" href={contestPath(contest._id)}>
                    {contest.title}
                  </a>
                  <span className={`contest-badge contest-badge-${contest.status}`}>
                    {STATUS_LABEL[contest.status]}
                  </span>
                </div>
                <p className="contest-when">
                  <time dateTime={contest.startsAt}>{formatDateTime(contest.startsAt)}</time>
                </p>
                <p className="contest-mine">{entryLine(contest.status, contest.entry)}</p>
              </li>
            ))}
          </ul>
          <p className="hint">
            <a href="/contests">All contests</a>
          </p>
        </>
      )}
    </section>
  );
}
