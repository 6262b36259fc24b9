import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import type { TodayPlan, TodayTopic } from '../../lib/api/prediction.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { $planSaves } from './exam-plan-store.ts';
import { createTodayStore } from './today-store.ts';
import {
  daysLeftLine,
  practiseTopicLabel,
  reviewLinkText,
  reviewsLine,
  SET_DATE_LINK,
  setDatePrompt,
  stakeLine,
  TODAY_HEADING,
  topicsIntro,
} from './today-words.ts';
import './prediction.css';

function TodayWork({ plan, onPractise }: { plan: TodayPlan; onPractise: (topic: TodayTopic) => void }) {
  const days = daysLeftLine(plan.daysLeft);
  return (
    <>
      {days ? (
        <p className="today-days">{days}</p>
      ) : (
        <p>
          {setDatePrompt(plan)} <a href="#exam-plan-heading">{SET_DATE_LINK}</a>
        </p>
      )}
      <p className="today-reviews">
        <span>{reviewsLine(plan.reviewsDue)}</span>{' '}
        <a href="/review-deck">{reviewLinkText(plan.reviewsDue)}</a>
      </p>
      <p>{topicsIntro(plan)}</p>
      {plan.topics.length > 0 && (
        <ol className="plain-list today-topics">
          {plan.topics.map((topic) => (
            <li key={`${topic.subject._id}:${topic.topic}`}>
              <span>
                <strong>{topic.topic}</strong>
                <span className="today-stake">{stakeLine(topic)}</span>
              </span>
              <button
                type="button"
                className="button button-outline"
                aria-label={practiseTopicLabel(topic)}
                onClick={() => onPractise(topic)}
              >
                Practise
              </button>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/**
 * /profile's Today card (docs/prediction.md, "On the screens"): the days to the exam, the reviews due and
 * the topics to practise. Home shows the same card in plain DOM (components/home/TodayCard.astro), with the
 * same words (today-words.ts).
 */
export function TodayCard() {
  const [store] = useState(() => createTodayStore());
  const state = useStore(store.$state);
  const saves = useStore($planSaves);

  // Read again whenever the plan is saved on this page: the date sizes the day.
  useEffect(() => {
    void saves;
    void store.load();
  }, [store, saves]);

  return (
    <section
      className="card today-card"
      aria-labelledby="today-heading"
      aria-busy={state.status === 'loading'}
    >
      <h2 id="today-heading">{TODAY_HEADING}</h2>
      {state.status === 'loading' && <Loading label="Loading today’s work" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => void store.load()} />}
      {state.status === 'ready' && <TodayWork plan={state.data} onPractise={store.practise} />}
    </section>
  );
}
