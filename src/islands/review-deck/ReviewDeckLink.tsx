import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { createDueCountStore } from './due-count-store.ts';
import { deckLinkText } from './review-deck.ts';

/**
 * "Review your mistakes (N due)": the way to the review deck from /award and /profile, its count read after
 * the page has loaded. `onlyWhenDue` hides it until questions are due (after a paper, when there is nothing
 * to review, the link would only distract).
 */
export function ReviewDeckLink({
  onlyWhenDue = false,
  className,
}: {
  onlyWhenDue?: boolean;
  className?: string;
}) {
  const [store] = useState(() => createDueCountStore());
  const counts = useStore(store.$counts);
  useEffect(() => {
    void store.load();
  }, [store]);
  if (onlyWhenDue && !counts?.dueNow) return null;
  return (
    <a className={className ?? 'review-deck-link'} href="/review-deck">
      {deckLinkText(counts?.dueNow)}
    </a>
  );
}
