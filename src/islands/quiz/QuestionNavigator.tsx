import { useStore } from '@nanostores/preact';
import { useId } from 'preact/compat';
import { describeItem } from './navigator.ts';
import type { QuizStore } from './quiz-store.ts';

/**
 * The grid of question numbers: answered, unanswered and flagged at a glance, and a jump to any of them.
 * The UTME sitting shows one for the subject on screen, titled with it.
 */
export function QuestionNavigator({
  store,
  title = 'Questions',
}: {
  store: Pick<QuizStore, '$navigator' | 'goTo'>;
  title?: string;
}) {
  const { items, summary } = useStore(store.$navigator);
  const headingId = useId();
  return (
    <nav className="card navigator" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="navigator-legend">
        <span className="legend answered">{summary.answered} answered</span>
        <span className="legend unanswered">{summary.unanswered} unanswered</span>
        <span className="legend flagged">{summary.flagged} flagged</span>
      </p>
      <ol className="navigator-grid">
        {items.map((item) => (
          <li key={item.index}>
            <button
              type="button"
              className={`navigator-item ${item.status}${item.flagged ? ' flagged' : ''}`}
              aria-label={describeItem(item)}
              aria-current={item.current ? 'step' : undefined}
              onClick={() => store.goTo(item.index)}
            >
              {item.number}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
