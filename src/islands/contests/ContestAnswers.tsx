import { useStore } from '@nanostores/preact';
import { useState } from 'preact/compat';
import { countOf } from '../../lib/format.ts';
import { ReviewList } from '../results/ReviewList.tsx';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { createContestReviewStore } from './contest-review-store.ts';
import { pointsText } from './contests.ts';

/** A finished contest's answers for its entrant: each level's points, then every question with the key. */
export function ContestAnswers({ contestId }: { contestId: string }) {
  const [store] = useState(() => createContestReviewStore(contestId));
  const state = useStore(store.$review);
  return (
    <section aria-labelledby="contest-answers" aria-busy={state.status === 'loading'}>
      <h2 id="contest-answers">Your answers</h2>
      {state.status === 'idle' && (
        <button type="button" className="button button-outline" onClick={() => void store.load()}>
          Review my answers
        </button>
      )}
      {state.status === 'loading' && <Loading label="Loading your answers" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => void store.load()} />}
      {state.status === 'ready' && state.data.levels.length === 0 && (
        <p>You handed in no level, so there are no answers to review.</p>
      )}
      {state.status === 'ready' &&
        state.data.levels.map((level) => (
          <section key={level.level} className="contest-answers-level" aria-label={`Level ${level.level}`}>
            <p className="contest-mine">
              Level {level.level}: {pointsText(level.points)} · {countOf(level.correctAnswer, 'right answer')}
              , {countOf(level.wrongAnswer, 'wrong answer')}, {level.unanswered} blank
            </p>
            <ReviewList answers={level.quizAnswers} headingLevel={3} />
          </section>
        ))}
    </section>
  );
}
