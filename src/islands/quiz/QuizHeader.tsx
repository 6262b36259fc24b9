import { useStore } from '@nanostores/preact';
import { company } from '../../lib/company.ts';
import { useScrolledPast } from './quiz-hooks.ts';
import type { QuizStore } from './quiz-store.ts';
import { describeCountdown, formatCountdown } from './timer.ts';

/** The header logo shrinks after this much scroll. */
const HEADER_SHRINK_PX = 20;

/** The quiz page's own header: the logo home and, once the quiz is on screen, the countdown. */
export function QuizHeader({ store }: { store: Pick<QuizStore, '$status' | '$remaining'> }) {
  const compact = useScrolledPast(HEADER_SHRINK_PX);
  const ready = useStore(store.$status).status === 'ready';
  return (
    <header className={`top-bar quiz-header${compact ? ' compact' : ''}`}>
      <div className="top-bar-inner quiz-header-inner">
        <a className="logo quiz-logo" href="/" aria-label={`${company.name} home`}>
          <img src={company.logo.src} alt="" width={company.logo.width} height={company.logo.height} />
        </a>
        {ready && <Countdown store={store} />}
      </div>
    </header>
  );
}

/** The countdown box; only this re-renders each second. */
function Countdown({ store }: { store: Pick<QuizStore, '$remaining'> }) {
  const remaining = useStore(store.$remaining);
  const low = remaining > 0 && remaining <= 60;
  return (
    <div className={`countdown${remaining === 0 ? ' countdown-up' : low ? ' countdown-low' : ''}`}>
      <span className="countdown-label" aria-hidden="true">
        Time left
      </span>
      <span role="timer" aria-label={describeCountdown(remaining)}>
        {formatCountdown(remaining)}
      </span>
    </div>
  );
}
