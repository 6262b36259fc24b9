import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import type { UtmeResult } from '../../lib/api/utme.ts';
import { formatDayAndTime } from '../../lib/format.ts';
import { environment } from '../shared/environment.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { ResultReview } from './ResultReview.tsx';
import { comparedWithLine, percentileLine, rankingLine, timeUsed } from './result.ts';
import { createResultStore } from './result-store.ts';

/**
 * /utme/result?exam=…: the total out of 400 and where it stands, each subject out of 100, then the review
 * subject by subject with the right answers and explanations.
 */
export default function Result() {
  const [store] = useState(() => createResultStore(environment().readSearch()));
  const state = useStore(store.$result);

  useEffect(() => {
    void store.init();
  }, [store]);

  if (state.status === 'loading') return <Loading label="Loading your result" />;
  if (state.status === 'failed') {
    return (
      <section className="card utme-result-failed" aria-labelledby="result-heading">
        <h1 id="result-heading">Your UTME mock result</h1>
        {!('retry' in state) || state.retry ? (
          <LoadFailed message={state.message} onRetry={() => void store.retry()} />
        ) : (
          <p role="alert">{state.message}</p>
        )}
        <p>
          <a href="/utme">Go to the UTME mock</a>
        </p>
      </section>
    );
  }
  return (
    <section className="utme-result" aria-labelledby="result-heading">
      <h1 id="result-heading">Your UTME mock result</h1>
      <Summary result={state.data} />
      <ScoreTable result={state.data} />
      <p className="utme-result-links">
        <a className="button" href="/utme">
          Take another mock
        </a>
        <a className="button button-outline" href="/utme#ranking">
          See the mock ranking
        </a>
      </p>
      <ResultReview store={store} sections={state.data.sections} />
    </section>
  );
}

function Summary({ result }: { result: UtmeResult }) {
  const compared = comparedWithLine(result.candidates);
  return (
    <div className="card utme-result-summary">
      <p className="utme-result-total">
        <span className="utme-result-label">Your total</span>
        <span className="utme-result-number">
          {result.total}
          <span aria-hidden="true"> / {result.maxTotal}</span>
          <span className="visually-hidden"> out of {result.maxTotal}</span>
        </span>
      </p>
      <p className="utme-result-percentile">{percentileLine(result)}</p>
      {compared && <p className="hint">{compared}</p>}
      <p className="hint">{rankingLine(result)}</p>
      {result.submittedAt && (
        <p className="hint">
          Handed in {formatDayAndTime(result.submittedAt)} West Africa Time, after{' '}
          {timeUsed(result.timeSpent)}.
        </p>
      )}
    </div>
  );
}

function ScoreTable({ result }: { result: UtmeResult }) {
  const correct = result.sections.reduce((sum, section) => sum + section.correctAnswer, 0);
  const questions = result.sections.reduce((sum, section) => sum + section.totalQuestions, 0);
  return (
    <table className="card utme-result-table">
      <caption>Scores by subject</caption>
      <thead>
        <tr>
          <th scope="col">Subject</th>
          <th scope="col">Score</th>
          <th scope="col">Right</th>
        </tr>
      </thead>
      <tbody>
        {result.sections.map((section) => (
          <tr key={section.subject._id}>
            <th scope="row">{section.subject.title}</th>
            <td>
              {section.score} / {section.maxScore}
            </td>
            <td>
              {section.correctAnswer} of {section.totalQuestions}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>
            {result.total} / {result.maxTotal}
          </td>
          <td>
            {correct} of {questions}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
