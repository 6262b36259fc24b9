import { useState } from 'react';
import { goBack, readNavigationState } from '../../lib/client/navigation.ts';
import { RichHtml } from '../shared/RichHtml.tsx';
import { NO_ANSWERS_MESSAGE, quizAnswersFromState, type ReviewState } from './result.ts';

/** /review-answers: each question with the student's answer, the right one and the explanation (spec §2). */
export default function ReviewAnswers() {
  const [state] = useState(() => {
    const raw = readNavigationState<Partial<ReviewState>>();
    return { answers: quizAnswersFromState(raw), sample: raw?.sample === true };
  });
  const { answers, sample } = state;

  return (
    <section className="review" aria-labelledby="review-heading">
      <h1 id="review-heading">Review Answers</h1>
      {sample && (
        <p className="hint">Your result had no answers to review, so here are two sample answers.</p>
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
              <RichHtml className="rich review-question" html={answer.question} />
              <div className="review-row">
                <strong>Your Answer:</strong>
                {answer.userAnswer ? (
                  <RichHtml className="rich" html={answer.userAnswer} />
                ) : (
                  <p className="not-answered">Not answered</p>
                )}
              </div>
              {!answer.isCorrect && (
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
