import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { environment } from '../shared/environment.ts';
import { Loading } from '../shared/LoadStatus.tsx';
import { ReviewList } from './ReviewList.tsx';
import { answersOpenLine, NO_ANSWERS_MESSAGE } from './result.ts';
import { createReviewStore } from './review-store.ts';

/** /review-answers: each question with the student's answer, the right one and the explanation (spec §2). */
export default function ReviewAnswers() {
  const [store] = useState(createReviewStore);
  const { answers, sample, answersOpenAt, kind, error, loading } = useStore(store.$view);
  useEffect(() => store.init(), [store]);

  return (
    <section className="review" aria-labelledby="review-heading">
      <h1 id="review-heading">Review Answers</h1>
      {sample && (
        <p className="hint">Your result had no answers to review, so here are two sample answers.</p>
      )}
      {answersOpenAt && (
        <p className="hint review-withheld" role="status">
          {answersOpenLine(answersOpenAt, kind)}
        </p>
      )}
      {error && (
        <p className="hint review-error" role="alert">
          {error}{' '}
          <button type="button" className="button button-outline" onClick={store.retry}>
            Try again
          </button>
        </p>
      )}
      {loading && <Loading label="Loading your answers" />}
      {!loading && answers.length === 0 && !error && (
        <p className="card review-empty">{NO_ANSWERS_MESSAGE}</p>
      )}
      {answers.length > 0 && <ReviewList answers={answers} sample={sample} />}
      <p>
        <button type="button" className="button" onClick={() => environment().goBack('/')}>
          Back to Results
        </button>
      </p>
    </section>
  );
}
