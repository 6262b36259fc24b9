import { useStore } from '@nanostores/preact';
import { useId } from 'preact/compat';
import { formatThousands } from '../../lib/format.ts';
import { LIFELINE_COST } from '../../lib/scoring.ts';
import type { QuizStore } from './quiz-store.ts';

/** The lifelines in the order their buttons stand. */
const LIFELINES = [
  { kind: 'fifty-fifty', label: '50-50' },
  { kind: 'skip', label: 'Skip' },
] as const;

/**
 * The 50-50 and Skip buttons for the question on screen, with their price and the coin balance; in a
 * contest level, once its one lifeline is used, they are off and say so.
 */
export function LifelineBar({ store }: { store: QuizStore }) {
  const current = useStore(store.$current);
  const balance = useStore(store.$balance);
  const busy = useStore(store.$lifelineBusy);
  const timeUp = useStore(store.$timeUp);
  const submitting = useStore(store.$submitting);
  const spent = useStore(store.$lifelinesSpent);
  const priceId = useId();
  const used = current.lifeline;
  const disabled = used !== undefined || spent || busy || timeUp || submitting;
  return (
    <section className="card lifelines" aria-label="Lifelines">
      <p id={priceId} className="lifeline-info">
        Lifelines: {LIFELINE_COST} coins each,{' '}
        {store.lifelinesPerLevel === undefined ? 'one per question' : 'one in this level'}. Balance:{' '}
        <strong>{balance === undefined ? '…' : `${formatThousands(balance)} coins`}</strong>
      </p>
      <div className="lifeline-buttons">
        {LIFELINES.map(({ kind, label }) => (
          <button
            key={kind}
            type="button"
            className="button button-outline"
            aria-describedby={priceId}
            disabled={disabled}
            onClick={() => void store.lifeline(kind)}
          >
            {label} <span className="lifeline-price">({LIFELINE_COST} coins)</span>
          </button>
        ))}
      </div>
      {used && (
        <p className="lifeline-used">{used.kind === 'skip' ? 'Skip' : '50-50'} used on this question.</p>
      )}
      {spent && !used && (
        <p className="lifeline-used">You have used this level’s lifeline: a contest allows one per level.</p>
      )}
    </section>
  );
}
