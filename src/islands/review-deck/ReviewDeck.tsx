import { useStore } from '@nanostores/preact';
import { type ReactNode, useEffect, useRef, useState } from 'preact/compat';
import { commandForKey } from '../quiz/keyboard.ts';
import { ReportProblem } from '../reports/ReportProblem.tsx';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { ReviewCard } from './ReviewCard.tsx';
import { afterSessionLine, nextReviewLine, OFFLINE_MESSAGE, sessionLine } from './review-deck.ts';
import { createReviewDeckStore, type DeckState, type ReviewDeckStore } from './review-deck-store.ts';
import './review-deck.css';

/** The typing keys of a field are left alone (none on this screen yet, but a report's note is one). */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** A to E answer the question on screen and N goes on, as in the quiz; a dialog open keeps its own keys. */
function useDeckKeys(store: ReviewDeckStore) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const state = store.$state.get();
      if (state.status !== 'reviewing' || document.querySelector('dialog[open]')) return;
      const command = commandForKey({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: typing(event.target),
        optionKeys: state.question.options.length,
      });
      if (command?.type === 'choose' && state.picked === undefined) {
        const option = state.question.options[command.index];
        if (!option) return;
        event.preventDefault();
        void store.answer(option._id);
      } else if (command?.type === 'next') {
        event.preventDefault();
        store.next();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}

/** /review-deck: the due questions one at a time, right or wrong at once, then a summary. */
export default function ReviewDeck() {
  const [store] = useState(() => createReviewDeckStore());
  const state = useStore(store.$state);
  useDeckKeys(store);

  useEffect(() => {
    void store.load();
    return () => store.images.dispose();
  }, [store]);

  switch (state.status) {
    case 'loading':
      return <Loading label="Loading your reviews" />;
    case 'offline':
      return (
        <LoadFailed
          className="card review-message"
          message={OFFLINE_MESSAGE}
          onRetry={() => void store.load()}
        />
      );
    case 'failed':
      return (
        <LoadFailed
          className="card review-message"
          message={state.message}
          onRetry={() => void store.load()}
        />
      );
    case 'empty':
      return (
        <section className="card review-message" aria-labelledby="review-empty">
          <h2 id="review-empty">No reviews due</h2>
          <p>{nextReviewLine(state.counts, Date.now())}</p>
          <WaysOn />
        </section>
      );
    case 'reviewing':
      return (
        <ReviewCard
          key={state.question._id}
          state={state}
          images={store.images}
          onAnswer={(option) => void store.answer(option)}
          onRetry={() => void store.retry()}
          onNext={store.next}
          report={
            <ReportProblem questionId={state.question._id} questionLabel={`Question ${state.position + 1}`} />
          }
        />
      );
    case 'done':
      return <Summary state={state} onMore={() => void store.load()} />;
  }
}

/** The end of a session: how it went, and what is next (more due now, or when the next review is). */
function Summary({ state, onMore }: { state: Extract<DeckState, { status: 'done' }>; onMore: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card review-message" aria-labelledby="review-done">
      <h2 id="review-done" ref={heading} tabIndex={-1}>
        Session complete
      </h2>
      <p>{sessionLine(state.tally)}</p>
      <p>{afterSessionLine(state.counts, Date.now())}</p>
      <WaysOn
        first={
          state.counts.dueNow > 0 ? (
            <button type="button" className="button" onClick={onMore}>
              Review more
            </button>
          ) : undefined
        }
      />
    </section>
  );
}

/** Where to go from a deck with nothing left to review: `first` (by default a paper to practise), then back. */
function WaysOn({ first }: { first?: ReactNode }) {
  return (
    <p className="review-links">
      {first ?? (
        <a className="button" href="/select-exam">
          Practise a paper
        </a>
      )}
      <a href="/profile">Back to your profile</a>
    </p>
  );
}
