import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import type { ContestSummary } from '../../lib/api/contest.ts';
import { ResendButton } from '../auth/EmailConfirmationNotice.tsx';
import { createConfirmationNoticeStore } from '../auth/email-confirmation-store.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { ContestAnswers } from './ContestAnswers.tsx';
import { ContestBoardView } from './ContestBoardView.tsx';
import { ContestMeta, ContestTitle, StartsAt } from './ContestCard.tsx';
import { contestPlayPath } from './contest-play.ts';
import { type ContestStore, createContestStore } from './contest-store.ts';
import {
  canEnter,
  canPlay,
  countdownText,
  enterLabel,
  entryLine,
  levelText,
  msUntil,
  prizeText,
} from './contests.ts';
import { SponsoredClaim } from './SponsoredClaim.tsx';
import './contests.css';

/** /contest?id=…: one contest, entering it, playing its levels, its board and prizes (contest-store.ts). */
export default function ContestPage() {
  const [store] = useState(() => createContestStore());
  const state = useStore(store.$contest);
  const board = useStore(store.$board);
  const now = useStore(store.$now);

  useEffect(() => store.init(), [store]);

  if (state.status === 'loading') return <Loading label="Loading the contest" />;
  if (state.status === 'failed') {
    return (
      <>
        <LoadFailed message={state.message} onRetry={() => void store.load()} />
        <p>
          <a href="/contests">All contests</a>
        </p>
      </>
    );
  }
  const contest = state.data;
  return (
    <div className="contest-page">
      <p className="contest-back">
        <a href="/contests">All contests</a>
      </p>
      <ContestTitle contest={contest}>
        <h1 id="contest-title">{contest.title}</h1>
      </ContestTitle>
      <ContestMeta contest={contest} />
      {contest.description && <p className="contest-description">{contest.description}</p>}
      <StartsAt contest={contest} now={now} />

      <EntryPanel contest={contest} store={store} now={now} />
      {contest.entry?.sponsored && <SponsoredClaim claim={contest.entry.sponsored} store={store} />}

      <section aria-labelledby="contest-levels">
        <h2 id="contest-levels">Levels</h2>
        <ol className="contest-levels">
          {contest.levels.map((level, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a contest's levels are fixed and numbered by place
            <li key={index}>{levelText(level, index)}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="contest-prizes">
        <h2 id="contest-prizes">Prizes</h2>
        {contest.prizes.length === 0 && !contest.sponsoredPrize ? (
          <p>This contest is played for the places alone.</p>
        ) : (
          <ul className="contest-prize-list">
            {contest.prizes.map((prize) => (
              <li key={prize.place}>{prizeText(prize)}</li>
            ))}
            {contest.sponsoredPrize && (
              <li>
                Sponsored prize for 1st place: {contest.sponsoredPrize} (to a winner of 18 or over with an
                active plan)
              </li>
            )}
          </ul>
        )}
        <p className="hint">Coin prizes are credited to your coins; coins have no cash value.</p>
      </section>

      {contest.status !== 'upcoming' && contest.status !== 'cancelled' && (
        <section aria-labelledby="contest-board" aria-busy={board.status === 'loading'}>
          <h2 id="contest-board">{contest.status === 'finished' ? 'Final board' : 'Board'}</h2>
          <ContestBoardView state={board} onRetry={() => void store.loadBoard()} />
        </section>
      )}
      {contest.status === 'finished' && contest.entry && <ContestAnswers contestId={contest._id} />}
    </div>
  );
}

/** What the caller can do now: enter, wait for the start, play the open level, or read their result. */
function EntryPanel({ contest, store, now }: { contest: ContestSummary; store: ContestStore; now: number }) {
  const entering = useStore(store.$entering);
  const problem = useStore(store.$enterProblem);
  const mine = entryLine(contest.status, contest.entry);
  const open = contest.entry?.openLevel;
  return (
    <section className="card contest-actions" aria-labelledby="contest-you">
      <h2 id="contest-you">Your entry</h2>
      {mine && <p className="contest-mine">{mine}</p>}
      {canEnter(contest) &&
        (store.signedIn() ? (
          <button type="button" className="button" disabled={entering} onClick={() => void store.enter()}>
            {entering ? 'Entering...' : enterLabel(contest.entryFee)}
          </button>
        ) : (
          <p>
            <button type="button" className="button" onClick={() => void store.enter()}>
              Sign in to enter
            </button>
          </p>
        ))}
      {contest.status === 'upcoming' && !contest.entry && !canEnter(contest) && (
        <p>Every place in this contest is taken.</p>
      )}
      {contest.status === 'upcoming' && contest.entry && (
        <p>
          Level 1 opens in <span role="timer">{countdownText(msUntil(contest.startsAt, now))}</span>. Keep
          this page open: the Play button appears at the start.
        </p>
      )}
      {canPlay(contest) && open != null && (
        <p>
          <a className="button" href={contestPlayPath(contest._id)}>
            Play level {open}
          </a>
          {contest.entry?.openLevelEndsAt && (
            <span className="contest-level-left">
              {' '}
              Time left in it:{' '}
              <span role="timer">{countdownText(msUntil(contest.entry.openLevelEndsAt, now))}</span>
            </span>
          )}
        </p>
      )}
      {contest.status === 'live' && contest.entry && open == null && (
        <p>Every level you can play is handed in. Your final place comes at the end.</p>
      )}
      {contest.status === 'live' && !contest.entry && <p>Entries closed at the start.</p>}
      {contest.status === 'finished' && !contest.entry && <p>You did not enter this contest.</p>}
      {contest.status === 'finished' && contest.entry && contest.entry.place === null && (
        <p role="status">The final places and prizes are being worked out; this page updates by itself.</p>
      )}
      {contest.status === 'cancelled' && <p>This contest was cancelled. Every entry fee was refunded.</p>}
      {problem && <EnterProblemView problem={problem} />}
    </section>
  );
}

function EnterProblemView({
  problem,
}: {
  problem: NonNullable<ReturnType<ContestStore['$enterProblem']['get']>>;
}) {
  const [notice] = useState(createConfirmationNoticeStore);
  const resend = useStore(notice.$resend);
  return (
    <div className="contest-problem" role="alert">
      {problem.kind === 'unconfirmed' ? (
        <>
          <p>Confirm your email to enter: open the link we sent you. {problem.message}</p>
          <ResendButton state={resend} onResend={() => void notice.resend()} />
        </>
      ) : (
        <p>{problem.message}</p>
      )}
    </div>
  );
}
