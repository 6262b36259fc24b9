import { useStore } from '@nanostores/preact';
import { useId } from 'preact/compat';
import { type SponsoredClaim as Claim, CONTEST } from '../../lib/api/contest.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { ContestStore } from './contest-store.ts';

/**
 * The sponsored prize of a winner: claimed once the student confirms being 18 or over, and only with an
 * active plan (the pricing page's "Eligibility to win cash prizes"). Without one, the page says so and the
 * coin prize stays theirs.
 */
export function SponsoredClaim({ claim, store }: { claim: Claim; store: ContestStore }) {
  const adult = useStore(store.$adult);
  const state = useStore(store.$claim);
  const checkboxId = useId();
  const headingId = useId();
  return (
    <section className="card contest-claim" aria-labelledby={headingId}>
      <h2 id={headingId}>Your sponsored prize</h2>
      <p>
        You won: <strong>{claim.prize}</strong>
      </p>
      {claim.claimedAt ? (
        <p role="status">
          Claimed on <time dateTime={claim.claimedAt}>{formatDateTime(claim.claimedAt)}</time>. We will
          contact you by email.
        </p>
      ) : claim.blockedBy === 'plan' ? (
        <p>
          A sponsored prize goes to a winner with an active plan. <a href="/pricing">Choose a plan</a>, then
          come back here to claim it. Your coin prize is yours either way.
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void store.claim();
          }}
        >
          <p className="contest-claim-check">
            <input
              id={checkboxId}
              type="checkbox"
              checked={adult}
              onChange={(event) => store.setAdult(event.currentTarget.checked)}
            />
            <label htmlFor={checkboxId}>I confirm I am {CONTEST.prizeMinimumAge} or over</label>
          </p>
          <button type="submit" className="button" disabled={state.status === 'sending'}>
            {state.status === 'sending' ? 'Claiming...' : 'Claim'}
          </button>
        </form>
      )}
      <p className={`contest-claim-result${state.status === 'failed' ? ' is-error' : ''}`} role="status">
        {state.status === 'failed' || state.status === 'claimed' ? state.message : ''}
      </p>
    </section>
  );
}
