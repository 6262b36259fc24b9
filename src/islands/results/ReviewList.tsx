import { useStore } from '@nanostores/preact';
import { $user } from '../../lib/client/session.ts';
import { ReportProblem } from '../reports/ReportProblem.tsx';
import { canReport } from '../reports/report-store.ts';
import { Passage } from '../shared/Passage.tsx';
import { opensPassage } from '../shared/passage.ts';
import { RichHtml } from '../shared/RichHtml.tsx';
import type { QuizAnswer } from './result.ts';

/**
 * A scored test's questions, one card each: the passage, the question, the student's answer, the right one
 * when it differs, and the explanation. /review-answers lists a paper with it, /utme/result each subject of a
 * mock; `headingLevel` fits the question headings under the page's own. A signed-in student can report a
 * problem in each question, except in the sample answers (`sample`).
 */
export function ReviewList({
  answers,
  headingLevel = 2,
  sample = false,
}: {
  answers: QuizAnswer[];
  headingLevel?: 2 | 3;
  sample?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const signedIn = useStore($user) !== null;
  return (
    <ol className="review-list">
      {answers.map((answer, index) => (
        <li key={answer.questionId} className="card review-item">
          <div className="review-top">
            <Heading>Question {index + 1}</Heading>
            {/* Withheld (null) until a daily test's answers open: a right/wrong flag gives the key away. */}
            {answer.isCorrect !== null && (
              <span className={`badge ${answer.isCorrect ? 'badge-correct' : 'badge-incorrect'}`}>
                {answer.isCorrect ? 'Correct' : 'Incorrect'}
              </span>
            )}
          </div>
          {answer.passage && (
            // Questions on one passage follow each other: it is shown open once, folded after that.
            <Passage html={answer.passage} open={opensPassage(answers, index)} />
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
          {canReport(answer.questionId, { signedIn, sample }) && (
            <ReportProblem questionId={answer.questionId} questionLabel={`Question ${index + 1}`} />
          )}
        </li>
      ))}
    </ol>
  );
}
