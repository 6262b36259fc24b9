import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import type { ContestSummary } from '../../lib/api/contest.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { ContestCard } from './ContestCard.tsx';
import { createContestsStore, hasMoreContests } from './contests-store.ts';
import './contests.css';

/** /contests: live, upcoming and past contests, each a card; its logic is in contests-store.ts. */
export default function ContestList() {
  const [store] = useState(() => createContestsStore());
  const state = useStore(store.$state);
  const groups = useStore(store.$groups);
  const now = useStore(store.$now);
  const [signedIn] = useState(store.signedIn);

  useEffect(() => store.init(), [store]);

  if (state.status === 'loading') return <Loading label="Loading the contests" />;
  if (state.status === 'failed')
    return <LoadFailed message={state.message} onRetry={() => void store.load()} />;

  return (
    <>
      {!signedIn && (
        <p className="card contest-sign-in">
          <a href="/login">Sign in</a> or <a href="/sign-up">create an account</a> to enter a contest.
        </p>
      )}
      {state.data.contests.length === 0 ? (
        <p className="card contest-empty">
          No contests are scheduled yet. Check back soon; meanwhile,{' '}
          <a href="/select-exam">practise a paper</a>.
        </p>
      ) : (
        <>
          <Group title="Live now" id="live" contests={groups.live} now={now} />
          <Group title="Upcoming" id="upcoming" contests={groups.upcoming} now={now} />
          <Group title="Finished" id="finished" contests={groups.past} now={now} />
        </>
      )}
      {state.data.more.status === 'failed' && (
        <LoadFailed message={state.data.more.message} onRetry={() => void store.showMore()} />
      )}
      {hasMoreContests(state) && state.data.more.status !== 'failed' && (
        <button
          type="button"
          className="button button-outline contest-more"
          disabled={state.data.more.status === 'loading'}
          onClick={() => void store.showMore()}
        >
          {state.data.more.status === 'loading' ? 'Loading more contests...' : 'Show more'}
        </button>
      )}
    </>
  );
}

function Group({
  title,
  id,
  contests,
  now,
}: {
  title: string;
  id: string;
  contests: ContestSummary[];
  now: number;
}) {
  if (contests.length === 0) return null;
  const headingId = `contests-${id}`;
  return (
    <section className="contest-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul className="contest-cards">
        {contests.map((contest) => (
          <ContestCard key={contest._id} contest={contest} now={now} />
        ))}
      </ul>
    </section>
  );
}
