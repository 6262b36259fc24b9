import type { ReactNode } from 'preact/compat';
import type { ContestSummary } from '../../lib/api/contest.ts';
import { formatDateTime, ordinal } from '../../lib/format.ts';
import { contestPath } from './contest-play.ts';
import {
  countdownText,
  entrantsText,
  entryLine,
  feeText,
  msUntil,
  pointsText,
  prizeText,
  STATUS_LABEL,
} from './contests.ts';

/** The start in West Africa Time, and, before it, the countdown (computed from the server's clock). */
export function StartsAt({ contest, now }: { contest: ContestSummary; now: number }) {
  const left = msUntil(contest.startsAt, now);
  return (
    <>
      <p className="contest-when">
        {contest.status === 'upcoming' ? 'Starts' : 'Started'}{' '}
        <time dateTime={contest.startsAt}>{formatDateTime(contest.startsAt)}</time> (West Africa Time)
      </p>
      {contest.status === 'upcoming' && (
        <p className="contest-countdown">
          Starts in <span role="timer">{countdownText(left)}</span>
        </p>
      )}
      {contest.status === 'live' && (
        <p className="contest-countdown">
          Ends in <span role="timer">{countdownText(msUntil(contest.endsAt, now))}</span>
        </p>
      )}
    </>
  );
}

/** The contest's title (a heading the caller gives) beside its status badge. */
export function ContestTitle({ contest, children }: { contest: ContestSummary; children: ReactNode }) {
  return (
    <div className="contest-card-top">
      {children}
      <span className={`contest-badge contest-badge-${contest.status}`}>{STATUS_LABEL[contest.status]}</span>
    </div>
  );
}

/** The exam and subject, the entry fee and how many have entered, on one line. */
export function ContestMeta({ contest }: { contest: ContestSummary }) {
  return (
    <p className="contest-meta">
      {contest.examType} {contest.subject} · Entry: <strong>{feeText(contest.entryFee)}</strong> ·{' '}
      {entrantsText(contest)}
    </p>
  );
}

/** One contest in the list of /contests: what it is, when, the fee, the prizes and where the caller stands. */
export function ContestCard({ contest, now }: { contest: ContestSummary; now: number }) {
  const headingId = `contest-${contest._id}`;
  const mine = entryLine(contest.status, contest.entry);
  return (
    <li className="contest-card">
      <ContestTitle contest={contest}>
        <h3 id={headingId} className="contest-card-title">
          <a href={contestPath(contest._id)}>{contest.title}</a>
        </h3>
      </ContestTitle>
      <ContestMeta contest={contest} />
      <StartsAt contest={contest} now={now} />
      {contest.prizes.length > 0 && (
        <p className="contest-prizes">Prizes: {contest.prizes.map(prizeText).join(', ')}</p>
      )}
      {contest.sponsoredPrize && <p className="contest-prizes">Sponsored prize: {contest.sponsoredPrize}</p>}
      {contest.status === 'finished' && contest.winners.length > 0 && (
        <p className="contest-winners">
          Winners:{' '}
          {contest.winners
            .slice(0, 3)
            .map((row) => `${ordinal(row.place)} ${row.name} (${pointsText(row.points)})`)
            .join(', ')}
        </p>
      )}
      {mine && <p className="contest-mine">{mine}</p>}
    </li>
  );
}
