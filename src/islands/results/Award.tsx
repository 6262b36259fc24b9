import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { padTwo } from '../../lib/format.ts';
import { celebrates, performance } from '../../lib/scoring.ts';
import { ReviewDeckLink } from '../review-deck/ReviewDeckLink.tsx';
import { createAwardStore } from './award-store.ts';
import { answersOpenLine, OFFLINE_LINE, rankingLine, unansweredLine, wrongAnswersCard } from './result.ts';

/** /award: HURRAY!!! or OOPS!!!, the greeting, the performance line and the four stat cards (spec §2). */
export default function Award() {
  const [store] = useState(createAwardStore);
  const award = useStore(store.$award);

  useEffect(() => store.init(), [store]);

  if (!award) return <div className="spinner" role="status" aria-label="Loading your result" />;
  const { result, user, title, sample, offline } = award;
  const happy = celebrates(result.scoreAccuracy);
  const stats = [
    ['Score Accuracy', `${result.scoreAccuracy}%`],
    ['Total Questions', padTwo(result.totalQuestions)],
    ['Correct Answers', padTwo(result.correctAnswer)],
    ['Wrong Answers', padTwo(wrongAnswersCard(result))],
  ] as const;
  const blanks = unansweredLine(result.unanswered);
  const ranking = rankingLine(result);

  return (
    <section className={`card award ${happy ? 'award-happy' : 'award-sad'}`} aria-labelledby="award-headline">
      <h1 id="award-headline" className="award-headline">
        {happy ? 'HURRAY!!!' : 'OOPS!!!'}
      </h1>
      <p className="award-greeting">
        {happy ? 'Congratulations,' : 'Hey,'}{' '}
        <strong>
          {user.firstName} {user.lastName}
        </strong>
      </p>
      <p className="award-performance">
        You performed <strong>{performance(result.scoreAccuracy)}</strong>
        {title ? ` in ${title}` : ''}.
      </p>
      {sample && (
        <p className="hint">These were the built-in sample questions, so this score is not saved.</p>
      )}
      {offline && <p className="hint award-practice">{OFFLINE_LINE}</p>}
      {!sample && !offline && ranking && <p className="hint award-practice">{ranking}</p>}
      {result.answersOpenAt && <p className="hint">{answersOpenLine(result.answersOpenAt, result.kind)}</p>}

      <dl className="stat-cards">
        {stats.map(([label, value]) => (
          <div key={label} className="stat-card">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="award-points">
        Points: <strong>{result.score}</strong>
      </p>
      {blanks && <p className="hint">{blanks}</p>}

      <div className="award-actions">
        <button type="button" className="button" onClick={store.review}>
          Review Answers
        </button>
        <button type="button" className="button button-outline" onClick={() => void store.share()}>
          Share Score
        </button>
      </div>
      <p className="award-links">
        {/* The mistakes of a saved result are in the review deck once read: linked while any are due. */}
        {!sample && <ReviewDeckLink onlyWhenDue />}
        {result.kind === 'topic' && <a href="/profile#topic-mastery">Back to your topics</a>}
        <a href="/leader-board">See the Leader Board</a>
        <a href="/select-exam">Take another test</a>
      </p>
    </section>
  );
}
