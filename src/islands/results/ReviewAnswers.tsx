import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { goBack } from '../../lib/client/navigation.ts';
import { Passage } from '../shared/Passage.tsx';
import { RichHtml } from '../shared/RichHtml.tsx';
import { answersOpenLine, NO_ANSWERS_MESSAGE } from './result.ts';
import { createReviewStore } from './review-store.ts';

/** /review-answers: each question with the student's answer, the right one and the explanation (spec §2). */
export default function ReviewAnswers() {
  const [store] = useState(createReviewStore);
  const { answers, sample, answersOpenAt, error } = useStore(store.$view);
  useEffect(() => store.init(), [store]);

  return (
    <section className="review" aria-labelledby="review-heading">
      <h1 id="review-heading">Review Answers</h1>
      {sample && (
        <p className="hint">Your result had no answers to review, so here are two sample answers.</p>
      )}
      {answersOpenAt && (
        <p className="hint review-withheld" role="status">
          {answersOpenLine(answersOpenAt)}
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
      {answers.length === 0 ? (
        <p className="card review-empty">{NO_ANSWERS_MESSAGE}</p>
      ) : (
        <ol className="review-list">
          {answers.map((answer, index) => (
            <li key={answer.questionId} className="card review-item">
              <div className="review-top">
                <h2>Question {index + 1}</h2>
                <span className={`badge ${answer.isCorrect ? 'badge-correct' : 'badge-incorrect'}`}>
                  {answer.isCorrect ? 'Correct' : 'Incorrect'}
                </span>
              </div>
              {answer.passage && (
                // Questions on one passage follow each other: it is shown open once, folded after that.
                <Passage html={answer.passage} open={answers[index - 1]?.passage !== answer.passage} />
              )}
              <RichHtml className="rich review-question" html={answer.question} />
              <div className="review-row">
                <strong>Your Answer:</strong>
                {answer.userAnswer ? (
                  <RichHtml className="rich" html={answer.userAnswer} />
                ) : (
                  <p className="not-answered">Not answered</p>
                )}
              </div>
              {!answer.isCorrect && answer.correctAnswer !== null && (
                <div className="review-row review-correct">
                  <strong>Correct Answer:</strong>
                  <RichHtml className="rich" html={answer.correctAnswer} />
                </div>
              )}
              {answer.explanation && (
                <div className="review-row">
                  <strong>Explanation:</strong>
                  <RichHtml className="rich" html={answer.explanation} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <p>
        <button type="button" className="button" onClick={() => goBack('/')}>
          Back to Results
        </button>
      </p>
    </section>
  );
}
